import type { Route } from "#app/server/route-types";
import { parseId } from "#app/domain/values";
import { readImageRequest } from "#app/features/media/image-request.server";
import {
  IMAGE_ROLES,
  imageInput,
  unreadableImageRequest,
} from "#app/features/media/image-views.server";
import {
  deleteImage,
  findImage,
  imageJson,
  updateImage,
  usageOf,
} from "#app/features/media/images.server";
import { requireStaff } from "#app/features/staff/staff-auth.server";
import { deMedia } from "#app/i18n/de-media";
import { apiMethodNotAllowed } from "#app/server/api-methods.server";
import { problem, problemAnswer, refusedWith, withHeadline } from "#app/server/outcome";
import { versionRead } from "#app/server/version-read.server";

/**
 * `GET|PUT|DELETE /api/images/{id}` (decision 038): PUT takes multipart with an optional new
 * `file`, or JSON `{ alt, focalPoint: { x, y }, version }`; the version may come as `If-Match`.
 */
const texts = deMedia.images;

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireStaff(request, context, { roles: IMAGE_ROLES });
  const id = parseId(params.id);
  if (id === null) return problem(404, deMedia.refusals.notFound);
  const image = await findImage(context.db, id);
  if (!image) {
    return problemAnswer(
      refusedWith(404, [{ message: deMedia.refusals.notFound }, { message: texts.errors.load }]),
    );
  }
  const usage = (await usageOf(context.db, [id])).get(id)?.total ?? 0;
  return Response.json(
    { data: imageJson(image, usage) },
    { headers: { ETag: `"${image.version}"` } },
  );
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const user = await requireStaff(request, context, { roles: IMAGE_ROLES });
  const id = parseId(params.id);
  if (id === null) return problem(404, deMedia.refusals.notFound);
  if (request.method === "DELETE") {
    const deleted = await deleteImage(context, user, id);
    if (!deleted.ok) return problemAnswer(withHeadline(deleted, texts.errors.delete));
    return Response.json({ data: imageJson(deleted.value) });
  }
  if (request.method !== "PUT") return apiMethodNotAllowed("GET, PUT, DELETE");
  const read = await readImageRequest(request);
  if (!read) return problemAnswer(unreadableImageRequest(texts.errors.update));
  if (read.unknown?.length) return problemAnswer(refusedWith(400, read.unknown));
  const updated = await updateImage(context, user, id, {
    ...imageInput(read, "api"),
    version: versionRead(request, read.fields.version),
  });
  if (!updated.ok) return problemAnswer(withHeadline(updated, texts.errors.update));
  return Response.json(
    { data: imageJson(updated.value.image) },
    { headers: { ETag: `"${updated.value.image.version}"` } },
  );
}
