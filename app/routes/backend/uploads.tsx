import { data, redirect } from "@remix-run/node";
import type { Route } from "#app/server/route-types";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Button, ConfirmAction, DataTable, Notice, Pagination } from "#app/components/ui";
import { ListSearch } from "#app/components/backend/list-search";
import { resourceLinks } from "#app/components/backend/resource-styles";
import uploadStyles from "#app/styles/uploads.css?url";
import { getSettings } from "#app/db/queries/settings";
import { parseId } from "#app/domain/values";
import { readSmallForm } from "#app/features/shared/small-request.server";
import { requireStaff } from "#app/features/staff/staff-auth.server";
import { readStaffFiles } from "#app/features/uploads/upload-form.server";
import {
  UPLOADS_PAGE_SIZE,
  UPLOAD_ROLES,
  uploadHint,
  uploadNotice,
  uploadRow,
} from "#app/features/uploads/upload-views.server";
import {
  createStaffUploads,
  deleteUpload,
  listUploads,
} from "#app/features/uploads/uploads.server";
import { de as backOffice } from "#app/i18n/de-backoffice";
import { deUploads } from "#app/i18n/de-uploads";
import type { Refusal } from "#app/server/outcome";
import { staffPageMeta } from "#app/components/backend/staff-page-meta";

const texts = deUploads.list;
const list = backOffice.resources.list;

export const links: Route.LinksFunction = () => [
  ...resourceLinks(),
  { rel: "stylesheet", href: uploadStyles },
];

export const meta: Route.MetaFunction = () => staffPageMeta(texts.title);

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(request, context, { roles: UPLOAD_ROLES });
  const url = new URL(request.url);
  const zone = (await getSettings(context.db)).businessTimeZone;
  const search = (url.searchParams.get("suche") ?? "").trim().slice(0, 100);
  const list = await listUploads(context.db, {
    search,
    page: parseId(url.searchParams.get("seite")) ?? 1,
    pageSize: UPLOADS_PAGE_SIZE,
  });
  return {
    notice: uploadNotice(url.searchParams.get("hinweis")),
    search,
    hint: uploadHint(),
    paging: { page: list.page, pageCount: list.pageCount, total: list.total },
    uploads: list.rows.map((row) => uploadRow(row, zone)),
  };
}

/** The headline of the section 8 sentence over the refusal's reasons. */
const refusedPage = (headline: string, refusal: Pick<Refusal, "status" | "errors">) =>
  data(
    { errors: [headline, ...refusal.errors.map((error) => error.message)] },
    { status: refusal.status },
  );

/** Staff files (multipart) or the deletion of one file (a small form: `intent=delete`, `id`). */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireStaff(request, context, { roles: UPLOAD_ROLES });
  const actor = { user, clientAddress: context.clientAddress };
  if (!(request.headers.get("Content-Type") ?? "").startsWith("multipart/form-data")) {
    const form = await readSmallForm(request, 4 * 1024);
    const id = parseId(form?.get("id")?.toString() ?? null);
    if (form?.get("intent") !== "delete" || id === null) {
      return refusedPage(deUploads.errors.delete, {
        status: 400,
        errors: [{ message: deUploads.notFound }],
      });
    }
    const deleted = await deleteUpload(context.db, context.config, actor, id);
    if (!deleted.ok) return refusedPage(deUploads.errors.delete, deleted);
    return redirect("/backend/uploads?hinweis=geloescht", 303);
  }
  const read = await readStaffFiles(request);
  if (!read.ok) return refusedPage(deUploads.errors.create, read);
  const { files, oversized } = read.value;
  const created = await createStaffUploads(context.db, context.config, actor, files, oversized);
  if (!created.ok) return refusedPage(deUploads.errors.create, created);
  return redirect("/backend/uploads?hinweis=hochgeladen", 303);
}

/** The back office's "Dateien" (decision 037). */
export default function Uploads() {
  const { uploads, notice, search, paging, hint } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const [headline, ...reasons] = result?.errors ?? [];
  return (
    <section className="uploads-page">
      <div className="backoffice-heading">
        <h1>{texts.title}</h1>
      </div>
      <p>{texts.intro}</p>
      <Notice>{notice}</Notice>
      {headline ? (
        <div className="ui-notice ui-notice-error" role="alert">
          <p>{headline}</p>
          {reasons.length ? (
            <ul>
              {reasons.map((reason) => (
                <li key={reason}>{reason}</li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}

      <Form
        method="post"
        encType="multipart/form-data"
        className="resource-section uploads-form"
        aria-labelledby="datei-hochladen"
      >
        <h2 id="datei-hochladen">{deUploads.form.title}</h2>
        <div className="ui-field">
          <label htmlFor="datei">{deUploads.form.files}</label>
          <span id="datei-hilfe" className="ui-field-help">
            {hint}
          </span>
          <input
            id="datei"
            name="file"
            type="file"
            multiple
            required
            aria-describedby="datei-hilfe"
          />
        </div>
        <div className="resource-actions">
          <Button type="submit" disabled={busy}>
            {deUploads.form.submit}
          </Button>
        </div>
      </Form>

      <ListSearch label={list.searchLabel(texts.title)} search={search} />
      {uploads.length === 0 ? (
        <p>{search ? list.noHits : texts.empty}</p>
      ) : (
        <DataTable
          label={texts.title}
          sort={{ key: null, dir: "desc" }}
          columns={[
            { key: "preview", label: texts.preview },
            { key: "name", label: texts.name },
            { key: "type", label: texts.type },
            { key: "size", label: texts.size, numeric: true },
            { key: "uploaded", label: texts.uploaded },
            { key: "origin", label: texts.order },
            { key: "actions", label: texts.actions },
          ]}
        >
          {uploads.map((upload) => (
            <tr key={upload.id}>
              <td>
                <a
                  href={upload.url}
                  className="uploads-preview"
                  aria-label={texts.open(upload.name)}
                >
                  <img
                    src={upload.previewUrl}
                    alt={texts.previewOf(upload.name)}
                    width={64}
                    height={64}
                    loading="lazy"
                  />
                </a>
              </td>
              <th scope="row" className="uploads-name">
                <a href={upload.url}>{upload.name}</a>
              </th>
              <td>{upload.type}</td>
              <td className="ui-numeric">{upload.size}</td>
              <td>
                <time dateTime={upload.uploadedAt}>{upload.uploaded}</time>
              </td>
              <td>
                {upload.orderIds.length > 0
                  ? upload.orderIds.map((orderId) => (
                      <Link
                        key={orderId}
                        to={`/backend/orders/${orderId}`}
                        className="uploads-order"
                      >
                        {texts.orderLink(`#${orderId}`)}
                      </Link>
                    ))
                  : upload.isStaffFile
                    ? texts.staffFile
                    : texts.customerFile}
              </td>
              <td>
                {upload.orderIds.length === 0 ? (
                  <ConfirmAction
                    name={`loeschen-${upload.id}`}
                    label={texts.delete}
                    question={deUploads.confirm.title(upload.name)}
                    text={deUploads.confirm.hint}
                    confirmLabel={deUploads.confirm.yes}
                    action="/backend/uploads"
                  >
                    <input type="hidden" name="intent" value="delete" />
                    <input type="hidden" name="id" value={upload.id} />
                  </ConfirmAction>
                ) : null}
              </td>
            </tr>
          ))}
        </DataTable>
      )}
      <p className="resource-total">{list.total(paging.total)}</p>
      <Pagination page={paging.page} pageCount={paging.pageCount} />
    </section>
  );
}
