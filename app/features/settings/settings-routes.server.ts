import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type AppLoadContext } from "@remix-run/node";
import { markdownToHtml } from "../../domain/markdown";
import { de } from "../../i18n/de-backoffice";
import {
  guard,
  putRecord,
  recordResponse,
  RESOURCE_BODY_BYTES,
} from "../backoffice/resource-api.server";
import {
  conflicts,
  formDefaults,
  postedVersion,
  refusedReply,
} from "../backoffice/resource-pages.server";
import { getRecord, schemaFor, updateRecord } from "../backoffice/resource.server";
import { readSmallForm } from "../shared/small-request.server";
import { forbidden, requireStaff } from "../staff/staff-auth.server";
import { apiMethodNotAllowed } from "../staff/users-api.server";
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
  };
}

export async function settingsPageAction(request: Request, context: AppLoadContext) {
  const user = await pageGuard(request, context);
  const form = await readSmallForm(request, RESOURCE_BODY_BYTES);
  if (!form) {
    return data(
      {
        result: null,
        message: de.resources.edit.badRequest,
        conflict: null,
        version: null,
        previews: null,
      },
      400,
    );
  }
  const typedVersion = postedVersion(form);
  const submission = parseWithZod(form, {
    schema: schemaFor(settingsResource),
    disableAutoCoercion: true,
  });
  if (submission.status !== "success") {
    return data(
      {
        result: submission.reply(),
        message: null,
        conflict: null,
        version: typedVersion,
        previews: null,
      },
      400,
    );
  }
  if (form.get("intent") === "preview") {
    // What the legal pages would show, from what was typed; nothing is saved.
    const previews = LEGAL.flatMap(([name, label]) => {
      const text = submission.value[name];
      return typeof text === "string" && text ? [{ label, html: markdownToHtml(text) }] : [];
    });
    return data({
      result: submission.reply(),
      message: null,
      conflict: null,
      version: typedVersion,
      previews,
    });
  }
  const updated = await updateRecord(
    context.db,
    settingsResource,
    { user, clientAddress: context.clientAddress },
    SETTINGS_ID,
    submission.value,
    String(form.get("version") ?? ""),
  );
  if (updated.ok) return redirect("/backend/settings?hinweis=gespeichert");
  if (updated.status === 409) {
    const row = await current(context, user);
    return data(
      {
        result: submission.reply(),
        message: updated.errors[0]?.message ?? de.resources.edit.stale,
        conflict: conflicts(settingsResource, row, submission.payload),
        version: row.version,
        previews: null,
      },
      409,
    );
  }
  return data(
    {
      result: refusedReply(submission, updated.errors),
      message: null,
      conflict: null,
      version: typedVersion,
      previews: null,
    },
    updated.status,
  );
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
