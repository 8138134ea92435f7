import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type AppLoadContext } from "@remix-run/node";
import { markdownToHtml } from "#app/domain/markdown";
import { de } from "#app/i18n/de-backoffice";
import { guard, putRecord, recordResponse } from "#app/features/backoffice/resource-api.server";
import {
  discardUploads,
  imagePreviews,
  readResourceForm,
  storeUploads,
  withoutRemoved,
} from "#app/features/backoffice/resource-images.server";
import {
  conflicts,
  formDefaults,
  postedVersion,
  refusedReply,
  withFieldErrors,
} from "#app/features/backoffice/resource-pages.server";
import {
  checkNamedUploads,
  dropStaged,
  keepChosen,
  readStaged,
  withStagedFiles,
} from "#app/features/backoffice/staged-images.server";
import { getRecord, schemaFor, updateRecord } from "#app/features/backoffice/resource.server";
import { forbidden, requireStaff } from "#app/features/staff/staff-auth.server";
import { apiMethodNotAllowed } from "#app/server/api-methods.server";
import { settingsResource, SETTINGS_ID } from "./settings.resource";

/** The settings page (`/backend/settings`) and `GET|POST /api/config` over one service. */

const LEGAL = [
  ["termsAndConditionsText", de.settings.terms],
  ["privacyPolicyText", de.settings.privacy],
  ["imprintText", de.settings.imprint],
  ["allergensText", de.settings.allergens],
] as const;

async function pageGuard(request: Request, context: AppLoadContext) {
  const user = await requireStaff(request, context);
  if (!user.isAdmin) throw forbidden("page");
  return user;
}

async function current(context: AppLoadContext, user: Awaited<ReturnType<typeof pageGuard>>) {
  const loaded = await getRecord(context.db, settingsResource, user, SETTINGS_ID);
  if (!loaded.ok) throw forbidden("page");
  return loaded.value;
}

export async function settingsPageLoader(request: Request, context: AppLoadContext) {
  const user = await pageGuard(request, context);
  const row = await current(context, user);
  const saved = new URL(request.url).searchParams.get("hinweis") === "gespeichert";
  return {
    fields: settingsResource.fields,
    defaults: formDefaults(settingsResource, row),
    version: row.version,
    notice: saved ? de.resources.settings.updated : null,
    images: await imagePreviews(context.db, settingsResource.fields, row),
  };
}

export async function settingsPageAction(request: Request, context: AppLoadContext) {
  const user = await pageGuard(request, context);
  // Multipart since the logo is chosen here (issue 36, item 12), with the resource form's limits.
  const read = await readResourceForm(request);
  if (!read) {
    return data(
      {
        result: null,
        message: de.resources.edit.badRequest,
        conflict: null,
        version: null,
        previews: null,
        staged: null,
      },
      400,
    );
  }
  const fields = settingsResource.fields;
  const form = withoutRemoved(
    fields,
    read.form instanceof FormData ? read.form : formDataOf(read.form),
  );
  const typedVersion = postedVersion(form);
  const staged = await readStaged(context.db, fields, user.id, form);
  const submission = parseWithZod(form, {
    schema: schemaFor(settingsResource),
    disableAutoCoercion: true,
  });
  /** The page again with what was typed; a chosen logo is kept (decision 080). */
  const again = async (
    result: SubmissionResult<string[]>,
    status: number,
    extra: {
      message?: string | null;
      conflict?: ReturnType<typeof conflicts> | null;
      version?: string | null;
      previews?: { label: string; html: string }[] | null;
    } = {},
  ) => {
    const kept = await keepChosen(context.db, context, user.id, fields, read, staged, form);
    return data(
      {
        result: kept.errors.length ? withFieldErrors(result, kept.errors) : result,
        message: extra.message ?? null,
        conflict: extra.conflict ?? null,
        version: extra.version === undefined ? typedVersion : extra.version,
        previews: extra.previews ?? null,
        staged: kept.staged,
      },
      kept.errors.length && status === 200 ? 400 : status,
    );
  };
  if (submission.status !== "success") return again(submission.reply(), 400);
  if (form.get("intent") === "preview") {
    // What the legal pages would show, from what was typed; nothing is saved.
    const previews = LEGAL.flatMap(([name, label]) => {
      const text = submission.value[name];
      return typeof text === "string" && text ? [{ label, html: markdownToHtml(text) }] : [];
    });
    return again(submission.reply(), 200, { previews });
  }
  const checked = await checkNamedUploads(fields, read);
  if (!checked.ok) return again(submission.reply(), 400);
  const files = await withStagedFiles(context, staged, checked.files, form);
  if (!files.ok) {
    return again(refusedReply(submission, [{ field: files.field, message: files.message }]), 400);
  }
  const uploads = await storeUploads(context.config, files.files);
  let updated: Awaited<ReturnType<typeof updateRecord>>;
  try {
    updated = await updateRecord(
      context.db,
      settingsResource,
      { user, clientAddress: context.clientAddress, uploads },
      SETTINGS_ID,
      submission.value,
      String(form.get("version") ?? ""),
    );
  } catch (error) {
    await discardUploads(context.config, uploads);
    throw error;
  }
  if (!updated.ok) await discardUploads(context.config, uploads);
  if (updated.ok) {
    await dropStaged(context.db, context, staged);
    return redirect("/backend/settings?hinweis=gespeichert");
  }
  if (updated.status === 409) {
    const row = await current(context, user);
    return again(submission.reply(), 409, {
      message: updated.errors[0]?.message ?? de.resources.edit.stale,
      conflict: conflicts(settingsResource, row, submission.payload),
      version: row.version,
    });
  }
  return again(refusedReply(submission, updated.errors), updated.status);
}

function formDataOf(params: URLSearchParams): FormData {
  const formData = new FormData();
  for (const [key, value] of params) formData.append(key, value);
  return formData;
}

export async function configApiLoader(request: Request, context: AppLoadContext) {
  const user = await guard(request, context, settingsResource);
  const loaded = await getRecord(context.db, settingsResource, user, SETTINGS_ID);
  if (!loaded.ok) {
    return Response.json(
      { errors: [{ message: de.resources.settings.errors.load }] },
      { status: loaded.status },
    );
  }
  return recordResponse(loaded.value);
}

/** `POST /api/config` (spec section 7): the fields sent replace the settings'; others stay. */
export async function configApiAction(request: Request, context: AppLoadContext) {
  const user = await guard(request, context, settingsResource);
  if (request.method !== "POST") {
    return apiMethodNotAllowed("GET, POST");
  }
  return putRecord(request, context, settingsResource, user, SETTINGS_ID);
}
