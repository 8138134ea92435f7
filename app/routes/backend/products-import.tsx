import { data } from "@remix-run/node";
import type { Route } from "#app/server/route-types";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { DataTable, Notice, buttonClass, Button } from "#app/components/ui";
import { resourceLinks } from "#app/components/backend/resource-styles";
import bulkStyles from "#app/styles/catalogue-bulk.css?url";
import { adminFor } from "#app/features/catalogue/admin-guard.server";
import {
  csvTooLargeMessage,
  importCsvBytes,
  importPageReply,
  type ImportPageReply,
} from "#app/features/catalogue/products-import.server";
import { CSV_FORM_BYTES, CSV_MAX_BYTES } from "#app/features/catalogue/csv-limits";
import { formFromBytes, readBytes } from "#app/server/request-bytes.server";
import { de } from "#app/i18n/de-backoffice";
import { deCatalogue } from "#app/i18n/de-catalogue";
import { staffPageMeta } from "#app/components/backend/staff-page-meta";

export const links: Route.LinksFunction = () => [
  ...resourceLinks(),
  { rel: "stylesheet", href: bulkStyles },
];

const texts = deCatalogue.bulk.csv;
const columns = deCatalogue.bulk.columns;

export const meta: Route.MetaFunction = () => staffPageMeta(texts.title);

/** `/backend/products/import`: the export link, and the import with its dry run (multipart). */
export async function loader({ request, context }: Route.LoaderArgs) {
  await adminFor(request, context);
  return { maxMegabytes: CSV_MAX_BYTES / 1024 / 1024 };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await adminFor(request, context);
  const reply = (value: ImportPageReply) => data<ImportPageReply>(value, value.status);
  const bytes = await readBytes(request, CSV_FORM_BYTES);
  if ("tooLarge" in bytes) {
    return reply({ status: 400, message: csvTooLargeMessage(), dryRun: true, report: null });
  }
  let form: FormData;
  try {
    form = await formFromBytes(bytes, request.headers.get("Content-Type") ?? "");
  } catch {
    const message = de.resources.edit.badRequest;
    return reply({ status: 400, message, dryRun: true, report: null });
  }
  const dryRun = form.get("intent") !== "importieren";
  const file = form.get("datei");
  if (!file || typeof file === "string" || file.size === 0) {
    return reply({ status: 400, message: deCatalogue.bulk.csvErrors.noFile, dryRun, report: null });
  }
  const actor = { user, clientAddress: context.clientAddress };
  const bytesOfFile = new Uint8Array(await file.arrayBuffer());
  return reply(
    importPageReply(await importCsvBytes(context.db, actor, bytesOfFile, dryRun), dryRun),
  );
}

export default function ProductsImport() {
  useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const report = reply?.report ?? null;
  return (
    <section className="bulk-page">
      <div className="backoffice-heading">
        <h1>{texts.title}</h1>
        <Link to="/backend/products/bulk" className={buttonClass("secondary")}>
          {deCatalogue.bulk.title}
        </Link>
      </div>

      {reply?.message ? (
        <div className="ui-notice ui-notice-error" role="alert">
          <p>
            <strong>{reply.message}</strong> {texts.nothingSaved}
          </p>
        </div>
      ) : null}
      {report && reply ? (
        <section className="bulk-preview" aria-labelledby="ergebnis">
          <h2 id="ergebnis">{report.saved ? texts.resultTitle : texts.dryRunTitle}</h2>
          <Notice tone={report.errorCount ? "error" : "success"} announce={!reply.message}>
            {texts.summary(report.createdCount, report.changedCount, report.unchanged)}
          </Notice>
          {report.errorCount ? (
            <>
              <h3>{texts.errorsTitle(report.errorCount)}</h3>
              <ul className="import-errors">
                {report.errors.map((message, index) => (
                  <li key={index}>{message}</li>
                ))}
              </ul>
              {report.errorCount > report.errors.length ? (
                <p>{texts.moreErrors(report.errorCount - report.errors.length)}</p>
              ) : null}
            </>
          ) : null}
          {report.changed.length ? (
            <>
              <h3>{texts.changedTitle}</h3>
              <DataTable
                label={texts.changedTitle}
                columns={[
                  { key: "row", label: texts.rowColumn, numeric: true },
                  { key: "name", label: deCatalogue.bulk.productColumn },
                  { key: "change", label: texts.changeColumn },
                ]}
              >
                {report.changed.map((row) => (
                  <tr key={row.line}>
                    <td className="ui-numeric">{row.line}</td>
                    <td>{row.name}</td>
                    <td>
                      <ul className="import-changes">
                        {row.changes.map((change) => (
                          <li key={change.field}>
                            {columns[change.field]}: {change.before} → {change.after}
                          </li>
                        ))}
                      </ul>
                    </td>
                  </tr>
                ))}
              </DataTable>
              {report.changedCount > report.changed.length ? (
                <p>{texts.moreRows(report.changedCount - report.changed.length)}</p>
              ) : null}
            </>
          ) : null}
          {report.created.length ? (
            <>
              <h3>{texts.createdTitle}</h3>
              <ul>
                {report.created.map((row) => (
                  <li key={row.line}>
                    {texts.rowColumn} {row.line}: {row.name}
                  </li>
                ))}
              </ul>
              {report.createdCount > report.created.length ? (
                <p>{texts.moreRows(report.createdCount - report.created.length)}</p>
              ) : null}
            </>
          ) : null}
        </section>
      ) : null}

      <section className="resource-section bulk-csv" aria-labelledby="export">
        <h2 id="export">{texts.exportTitle}</h2>
        <p>{texts.exportText}</p>
        <p>
          <a href="/backend/products/export.csv" className={buttonClass("secondary")} download>
            {texts.exportLink}
          </a>
        </p>
      </section>

      <Form method="post" encType="multipart/form-data" className="resource-section bulk-csv">
        <h2>{texts.importTitle}</h2>
        <p>{texts.importText}</p>
        <div className="ui-field">
          <label htmlFor="datei">{texts.file}</label>
          <span id="datei-hilfe" className="ui-field-help">
            {texts.fileHelp}
          </span>
          <input
            id="datei"
            name="datei"
            type="file"
            accept=".csv,text/csv"
            required
            aria-describedby="datei-hilfe"
          />
        </div>
        <div className="resource-actions">
          <Button type="submit" name="intent" value="probelauf" disabled={busy}>
            {texts.dryRun}
          </Button>
          <Button
            type="submit"
            name="intent"
            value="importieren"
            variant="secondary"
            disabled={busy}
          >
            {texts.apply}
          </Button>
        </div>
      </Form>
    </section>
  );
}
