import type { Route } from "#app/server/route-types";
import { formatDateTime } from "#app/domain/format";
import { productionPdf } from "#app/features/production/production-pdf.server";
import {
  foreignBranch,
  productionCsv,
  productionFor,
  recordPrint,
} from "#app/features/production/production.server";
import { requireStaff } from "#app/features/staff/staff-auth.server";
import { deProduction as de } from "#app/i18n/de-production";
import { downloadAnswer } from "#app/server/download-answer.server";
import { refused, succeeded } from "#app/server/outcome";

/**
 * The production list as a file (issue 39 part 1, decision 103):
 * - `GET /backend/production/backliste.csv?tag=&filiale=&gruppe=`: the rows as CSV, each with its
 *   group (category or department, decision 106), nothing remembered;
 * - `POST /backend/production/backliste.pdf` (form fields `tag`, `filiale`, `gruppe`): the A4 PDF,
 *   one group per page. Printing is a change (the list remembers what was printed, to show what
 *   changed since), hence a POST; a GET of the PDF answers 405.
 */
const formatOf = (request: Request) =>
  new URL(request.url).pathname.endsWith(".pdf") ? "pdf" : "csv";

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireStaff(request, context);
  const foreign = foreignBranch(user, new URL(request.url).searchParams);
  if (foreign) return downloadAnswer(foreign);
  if (formatOf(request) === "pdf") {
    return new Response(null, { status: 405, headers: { Allow: "POST" } });
  }
  const view = await productionFor(context.db, user, new URL(request.url).searchParams);
  if (!view.ok) return downloadAnswer(view);
  const file = productionCsv(view.value);
  return downloadAnswer(
    succeeded({ body: file.body, contentType: "text/csv; charset=utf-8", filename: file.filename }),
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireStaff(request, context);
  const foreign = foreignBranch(user, new URL(request.url).searchParams);
  if (foreign) return downloadAnswer(foreign);
  const format = formatOf(request);
  if (format === "csv" || request.method !== "POST") {
    return new Response(null, {
      status: 405,
      headers: { Allow: format === "pdf" ? "POST" : "GET" },
    });
  }
  const form = await request.formData().catch(() => null);
  if (!form) return downloadAnswer(refused(400, de.printError));
  // The form's fields, else the address's (`?tag=&filiale=`), as on the page.
  const search = new URL(request.url).searchParams;
  for (const name of ["tag", "filiale", "gruppe"]) {
    const value = form.get(name);
    if (typeof value === "string") search.set(name, value);
  }
  const now = new Date();
  const view = await productionFor(context.db, user, search, now);
  if (!view.ok) return downloadAnswer(view);
  if (view.value.list.groups.length === 0) return downloadAnswer(refused(409, de.nothingForPdf));
  const pdf = await productionPdf({
    title: de.titleFor(view.value.dayText, view.value.branchText),
    printedAt: formatDateTime(now),
    groups: view.value.list.groups,
  });
  await recordPrint(context.db, user, view.value, now);
  const branch =
    view.value.filters.filiale === "" ? "alle" : `filiale-${view.value.filters.filiale}`;
  return downloadAnswer(
    succeeded({
      body: new Uint8Array(pdf),
      contentType: "application/pdf",
      filename: `backliste-${view.value.filters.tag}-${branch}.pdf`,
    }),
  );
}
