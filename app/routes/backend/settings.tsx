import type { SubmissionResult } from "@conform-to/react";
import { data, redirect, type AppLoadContext } from "@remix-run/node";
import type { Route } from "#app/server/route-types";
import { useActionData, useLoaderData } from "@remix-run/react";
import { Notice, Button } from "#app/components/ui";
import { ConflictNotice, ResourceForm } from "#app/components/backend/resource-form";
import { imagePreviews, readResourceForm } from "#app/features/backoffice/resource-images.server";
import {
  conflicts,
  formDefaults,
  postedVersion,
  readSubmission,
  refusedReply,
  withFieldErrors,
} from "#app/features/backoffice/resource-pages.server";
import {
  checkNamedUploads,
  keepChosen,
  withStagedFiles,
  writeWithFiles,
} from "#app/features/backoffice/staged-images.server";
import { getRecord, updateRecord } from "#app/features/backoffice/resource.server";
import { legalPreviews } from "#app/features/settings/legal-previews";
import { settingsResource, SETTINGS_ID } from "#app/features/settings/settings.resource";
import { forbidden, requireStaff, type StaffUser } from "#app/features/staff/staff-auth.server";
import { de } from "#app/i18n/de-backoffice";
import { resourceLinks } from "#app/components/backend/resource-styles";
import { staffPageMeta } from "#app/components/backend/staff-page-meta";

export const links = resourceLinks;

const texts = de.settings;

export const meta: Route.MetaFunction = () => staffPageMeta(texts.title);

async function pageGuard(request: Request, context: AppLoadContext) {
  const user = await requireStaff(request, context);
  if (!user.isAdmin) throw forbidden("page");
  return user;
}

async function current(context: AppLoadContext, user: StaffUser) {
  const loaded = await getRecord(context.db, settingsResource, user, SETTINGS_ID);
  if (!loaded.ok) throw forbidden("page");
  return loaded.value;
}

/** Every setting of the shop (spec section 3, Config), in sections; administrators only. */
export async function loader({ request, context }: Route.LoaderArgs) {
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

export async function action({ request, context }: Route.ActionArgs) {
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
  const {
    formData: form,
    staged,
    submission,
  } = await readSubmission(context.db, settingsResource, user.id, read.form);
  const typedVersion = postedVersion(form);
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
    // Nothing is saved.
    return again(submission.reply(), 200, { previews: legalPreviews(submission.value) });
  }
  const checked = await checkNamedUploads(fields, read);
  if (!checked.ok) return again(submission.reply(), 400);
  const files = await withStagedFiles(context, staged, checked.files, form);
  if (!files.ok) {
    return again(refusedReply(submission, [{ field: files.field, message: files.message }]), 400);
  }
  const updated = await writeWithFiles(context, files.files, staged, (uploads) =>
    updateRecord(
      context.db,
      settingsResource,
      { user, clientAddress: context.clientAddress, uploads },
      SETTINGS_ID,
      submission.value,
      String(form.get("version") ?? ""),
    ),
  );
  if (updated.ok) return redirect("/backend/settings?hinweis=gespeichert");
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

export default function Settings() {
  const page = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  return (
    <section className="settings">
      <div className="backoffice-heading">
        <h1>{texts.title}</h1>
      </div>
      <Notice>{page.notice}</Notice>
      <ConflictNotice conflict={reply?.conflict} />
      <ResourceForm
        key={reply?.version ?? page.version}
        id="settings-form"
        fields={page.fields}
        defaults={page.defaults}
        choices={{}}
        lastResult={reply?.result}
        version={reply?.version ?? page.version}
        submitLabel={de.resources.edit.save}
        cancelTo="/backend"
        message={reply?.message}
        images={page.images}
        staged={reply?.staged}
      >
        <div className="resource-actions">
          <Button type="submit" name="intent" value="preview" variant="secondary">
            {texts.previewButton}
          </Button>
          <span className="ui-field-help">{texts.previewHint}</span>
        </div>
      </ResourceForm>
      {reply?.previews?.length ? (
        <section className="legal-preview" aria-labelledby="vorschau">
          <h2 id="vorschau">{texts.preview}</h2>
          {reply.previews.map((preview) => (
            <article key={preview.label}>
              <h3>{preview.label}</h3>
              <div dangerouslySetInnerHTML={{ __html: preview.html }} />
            </article>
          ))}
        </section>
      ) : null}
    </section>
  );
}
