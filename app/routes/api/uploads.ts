import type { Route } from "#app/server/route-types";
import { parseId } from "#app/domain/values";
import { requireStaff } from "#app/features/staff/staff-auth.server";
import { readStaffFiles } from "#app/features/uploads/upload-form.server";
import { UPLOAD_ROLES } from "#app/features/uploads/upload-views.server";
import { createStaffUploads, listUploads } from "#app/features/uploads/uploads.server";
import { deUploads } from "#app/i18n/de-uploads";
import { apiMethodNotAllowed } from "#app/server/api-methods.server";
import { problemAnswer, withHeadline } from "#app/server/outcome";

/**
 * `GET /api/uploads` (`?search=&page=&pageSize=`) and `POST /api/uploads` (staff files,
 * multipart, field `file`, several allowed): decision 037. Administrators only, as the back
 * office's "Dateien"; failures carry the spec's section 8 sentence.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(request, context, { roles: UPLOAD_ROLES });
  const url = new URL(request.url);
  const { rows, ...meta } = await listUploads(context.db, {
    search: url.searchParams.get("search") ?? undefined,
    page: parseId(url.searchParams.get("page")) ?? 1,
    pageSize: parseId(url.searchParams.get("pageSize")) ?? 50,
  });
  return Response.json({ data: rows, meta });
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireStaff(request, context, { roles: UPLOAD_ROLES });
  if (request.method !== "POST") return apiMethodNotAllowed("GET, POST");
  const headline = deUploads.errors.create;
  const read = await readStaffFiles(request);
  if (!read.ok) return problemAnswer(withHeadline(read, headline));
  const created = await createStaffUploads(
    context.db,
    context.config,
    { user, clientAddress: context.clientAddress },
    read.value.files,
    read.value.oversized,
  );
  if (!created.ok) return problemAnswer(withHeadline(created, headline));
  return Response.json({ data: created.value }, { status: 201 });
}
