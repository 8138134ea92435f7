import type { Route } from "#app/server/route-types";
import { mayUse } from "#app/features/backoffice/resource.server";
import { forbidden, requireStaff } from "#app/features/staff/staff-auth.server";
import { imageTemplatesResource } from "#app/features/templates/image-templates.resource";
import { templateImage } from "#app/features/templates/template-images.server";
import { firstMessage } from "#app/server/outcome";

/**
 * `/backend/image-templates/{id}/bild.png?product=`: the rendered template (decision 041). Staff
 * only, so the answer is cached privately; a refusal is plain German text.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = await requireStaff(request, context);
  if (!mayUse(imageTemplatesResource, user)) throw forbidden("api");
  const product = new URL(request.url).searchParams.get("product");
  const image = await templateImage(context, user, params.id, product);
  if (!image.ok) {
    return new Response(firstMessage(image), {
      status: image.status,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  }
  return new Response(new Uint8Array(image.value.png), {
    headers: {
      "Content-Type": "image/png",
      "Content-Length": String(image.value.png.length),
      "Cache-Control": "private, max-age=60",
      // The template's version: a saved change gives a new image.
      ETag: `"${image.value.version}-${product ?? ""}"`,
    },
  });
}
