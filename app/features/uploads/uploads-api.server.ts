import type { AppLoadContext } from "@remix-run/node";
import { parseId } from "../../domain/values";
import { deUploads } from "../../i18n/de-uploads";
import { requireStaff, type StaffUser } from "../staff/staff-auth.server";
import { apiMethodNotAllowed } from "../../server/api-methods.server";
import { readUploadForm, UploadRequestTooLarge, MAX_FILES_AT_ONCE } from "./upload-form.server";
import {
  createStaffUploads,
  deleteUpload,
  getUpload,
  listUploads,
  replaceUploadFile,
  type Outcome,
  type UploadRecord,
} from "./uploads.server";

/**
 * `/api/uploads` (decision 037): `GET` the list (`?search=&page=&pageSize=`), `POST` staff files
 * (multipart, field `file`, several allowed), `GET|PUT|DELETE /api/uploads/{id}` (PUT: multipart
 * with one `file`, optionally `version` or `If-Match`). Administrators only, as the back office's
 * "Dateien". Answers `{ data }`; failures `{ errors: [{ message, field? }] }`, the spec's section 8
 * sentence first.
 */

export function uploadsGuard(request: Request, context: AppLoadContext): Promise<StaffUser> {
  return requireStaff(request, context, { roles: ["ROLE_ADMIN"] });
}

const problems = (status: number, errors: { message: string; field?: string }[]) =>
  Response.json({ errors }, { status });

function refusal(outcome: Extract<Outcome<unknown>, { ok: false }>, headline: string): Response {
  return outcome.status === 400
    ? problems(400, [{ message: headline }, ...outcome.errors])
    : problems(outcome.status, [...outcome.errors, { message: headline }]);
}

const recordResponse = (record: UploadRecord, status = 200) =>
  Response.json({ data: record }, { status, headers: { ETag: `"${record.version}"` } });

/** Reads the multipart body, or the answer that refuses it. */
async function readFiles(request: Request, headline: string) {
  try {
    const form = await readUploadForm(request);
    if (form.notMultipart) {
      return { refused: problems(400, [{ message: headline }, { message: deUploads.noFile }]) };
    }
    if (form.tooMany) {
      return {
        refused: problems(413, [
          { message: headline },
          { message: deUploads.tooMany(MAX_FILES_AT_ONCE), field: "file" },
        ]),
      };
    }
    return { form };
  } catch (error) {
    if (error instanceof UploadRequestTooLarge) {
      return { refused: problems(413, [{ message: headline }, { message: deUploads.tooLarge }]) };
    }
    throw error;
  }
}

export async function uploadsLoader(request: Request, context: AppLoadContext) {
  await uploadsGuard(request, context);
  const url = new URL(request.url);
  const list = await listUploads(context.db, {
    search: url.searchParams.get("search") ?? undefined,
    page: parseId(url.searchParams.get("page")) ?? 1,
    pageSize: parseId(url.searchParams.get("pageSize")) ?? 50,
  });
  const { rows, ...meta } = list;
  return Response.json({ data: rows, meta });
}

export async function uploadsAction(request: Request, context: AppLoadContext) {
  const user = await uploadsGuard(request, context);
  if (request.method !== "POST") return apiMethodNotAllowed("GET, POST");
  const headline = deUploads.errors.create;
  const read = await readFiles(request, headline);
  if (read.refused) return read.refused;
  const created = await createStaffUploads(
    context.db,
    context.config,
    { user, clientAddress: context.clientAddress },
    read.form.files,
    read.form.oversized,
  );
  if (!created.ok) return refusal(created, headline);
  return Response.json({ data: created.value }, { status: 201 });
}

function uploadId(params: { id?: string }): number {
  const id = parseId(params.id);
  if (id === null) throw problems(404, [{ message: deUploads.notFound }]);
  return id;
}

export async function uploadLoader(
  request: Request,
  context: AppLoadContext,
  params: { id?: string },
) {
  await uploadsGuard(request, context);
  const record = await getUpload(context.db, uploadId(params));
  if (!record) return problems(404, [{ message: deUploads.notFound }]);
  return recordResponse(record);
}

function expectedVersion(request: Request, fields: Map<string, string>): number | undefined {
  const named = fields.get("version") ?? request.headers.get("If-Match")?.replace(/"/g, "");
  if (named === undefined || named === "" || named === "*") return undefined;
  return parseId(named) ?? -1;
}

export async function uploadAction(
  request: Request,
  context: AppLoadContext,
  params: { id?: string },
) {
  const user = await uploadsGuard(request, context);
  const id = uploadId(params);
  const actor = { user, clientAddress: context.clientAddress };
  if (request.method === "DELETE") {
    const deleted = await deleteUpload(context.db, context.config, actor, id);
    if (!deleted.ok) return refusal(deleted, deUploads.errors.delete);
    return new Response(null, { status: 204 });
  }
  if (request.method !== "PUT") return apiMethodNotAllowed("GET, PUT, DELETE");
  const headline = deUploads.errors.update;
  const read = await readFiles(request, headline);
  if (read.refused) return read.refused;
  const { files, oversized, fields } = read.form;
  if (oversized.length > 0) {
    return problems(400, [
      { message: headline },
      ...oversized.map((name) => ({ message: deUploads.failed(name), field: "file" })),
    ]);
  }
  if (files.length > 1) {
    return problems(400, [
      { message: headline },
      { message: deUploads.oneFileOnly, field: "file" },
    ]);
  }
  const replaced = await replaceUploadFile(
    context.db,
    context.config,
    actor,
    id,
    files[0],
    expectedVersion(request, fields),
  );
  if (!replaced.ok) return refusal(replaced, headline);
  return recordResponse(replaced.value);
}
