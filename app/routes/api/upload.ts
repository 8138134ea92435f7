import type { Route } from "#app/server/route-types";
import { parseId } from "#app/domain/values";
import { requireStaff } from "#app/features/staff/staff-auth.server";
import { readStaffFiles } from "#app/features/uploads/upload-form.server";
import { UPLOAD_ROLES } from "#app/features/uploads/upload-views.server";
import {
  deleteUpload,
  getUpload,
  replaceUploadFile,
  type UploadRecord,
} from "#app/features/uploads/uploads.server";
import { deUploads } from "#app/i18n/de-uploads";
import { apiMethodNotAllowed } from "#app/server/api-methods.server";
import { problem, problemAnswer, refusedWith, withHeadline } from "#app/server/outcome";

/**
 * `GET|PUT|DELETE /api/uploads/{id}` (decision 037). PUT: multipart with one `file`, optionally
 * `version` or `If-Match`.
 */
const notFound = () => problem(404, deUploads.notFound);

const recordAnswer = (record: UploadRecord) =>
  Response.json({ data: record }, { headers: { ETag: `"${record.version}"` } });

/** The version the client read: the form's `version`, else `If-Match`; -1 for one not a number. */
function expectedVersion(request: Request, fields: Map<string, string>): number | undefined {
  const named = fields.get("version") ?? request.headers.get("If-Match")?.replace(/"/g, "");
  if (named === undefined || named === "" || named === "*") return undefined;
  return parseId(named) ?? -1;
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireStaff(request, context, { roles: UPLOAD_ROLES });
  const id = parseId(params.id);
  const record = id === null ? null : await getUpload(context.db, id);
  return record ? recordAnswer(record) : notFound();
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const user = await requireStaff(request, context, { roles: UPLOAD_ROLES });
  const id = parseId(params.id);
  if (id === null) return notFound();
  const actor = { user, clientAddress: context.clientAddress };
  if (request.method === "DELETE") {
    const deleted = await deleteUpload(context.db, context.config, actor, id);
    if (!deleted.ok) return problemAnswer(withHeadline(deleted, deUploads.errors.delete));
    return new Response(null, { status: 204 });
  }
  if (request.method !== "PUT") return apiMethodNotAllowed("GET, PUT, DELETE");
  const headline = deUploads.errors.update;
  const read = await readStaffFiles(request);
  if (!read.ok) return problemAnswer(withHeadline(read, headline));
  const { files, oversized, fields } = read.value;
  const fileProblems =
    oversized.length > 0
      ? oversized.map((name) => ({ message: deUploads.failed(name), field: "file" }))
      : files.length > 1
        ? [{ message: deUploads.oneFileOnly, field: "file" }]
        : [];
  if (fileProblems.length > 0) {
    return problemAnswer(withHeadline(refusedWith(400, fileProblems), headline));
  }
  const replaced = await replaceUploadFile(
    context.db,
    context.config,
    actor,
    id,
    files[0],
    expectedVersion(request, fields),
  );
  if (!replaced.ok) return problemAnswer(withHeadline(replaced, headline));
  return recordAnswer(replaced.value);
}
