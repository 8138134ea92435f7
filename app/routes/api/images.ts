import type { Route } from "#app/server/route-types";
import { parseId } from "#app/domain/values";
import { readImageRequest } from "#app/features/media/image-request.server";
import {
  IMAGE_ROLES,
  imageInput,
  unreadableImageRequest,
} from "#app/features/media/image-views.server";
import { createImage, imageJson, listImages } from "#app/features/media/images.server";
import { requireStaff } from "#app/features/staff/staff-auth.server";
import { deMedia } from "#app/i18n/de-media";
import { apiMethodNotAllowed } from "#app/server/api-methods.server";
import { problemAnswer, withHeadline } from "#app/server/outcome";

/**
 * `GET /api/images` (the list, `?search=&page=`) and `POST /api/images` (an upload, multipart:
 * `file`, `alt`, optional `focalX`/`focalY` 0..1): decision 038. Administrators only.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(request, context, { roles: IMAGE_ROLES });
  const url = new URL(request.url);
  const listed = await listImages(context.db, {
    search: url.searchParams.get("search") ?? undefined,
    page: parseId(url.searchParams.get("page")) ?? 1,
  });
  return Response.json({
    data: listed.rows.map((row) => imageJson(row, row.usage)),
    meta: { total: listed.total, page: listed.page, pageCount: listed.pages },
  });
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireStaff(request, context, { roles: IMAGE_ROLES });
  if (request.method !== "POST") return apiMethodNotAllowed("GET, POST");
  const headline = deMedia.images.errors.create;
  const read = await readImageRequest(request);
  if (!read) return problemAnswer(unreadableImageRequest(headline));
  const created = await createImage(context, user, imageInput(read, "api"));
  if (!created.ok) return problemAnswer(withHeadline(created, headline));
  return Response.json({ data: imageJson(created.value, 0) }, { status: 201 });
}
