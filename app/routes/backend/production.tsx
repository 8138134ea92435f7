import type { Route } from "#app/server/route-types";
import { data, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { Button, buttonClass, FilterBar, Notice, Select } from "#app/components/ui";
import { resourceLinks } from "#app/components/backend/resource-styles";
import { staffPageMeta } from "#app/components/backend/staff-page-meta";
import { formatTime } from "#app/domain/format";
import {
  changeText,
  foreignBranch,
  lastPrintText,
  printersFor,
  printOnReceiptPrinter,
  productionFor,
} from "#app/features/production/production.server";
import { readSmallForm } from "#app/features/shared/small-request.server";
import { requireStaff } from "#app/features/staff/staff-auth.server";
import { deProduction as de } from "#app/i18n/de-production";
import { firstMessage } from "#app/server/outcome";
import productionStyles from "#app/styles/production.css?url";

export const links: Route.LinksFunction = () => [
  ...resourceLinks(),
  { rel: "stylesheet", href: productionStyles },
];

export const meta: Route.MetaFunction = () => staffPageMeta(de.title);

/**
 * `/backend/production?tag=&filiale=&gruppe=` (issue 39 part 1, decisions 103, 106 and 107): what
 * to bake on a day, summed from the orders due that day in one branch or all the member works for,
 * grouped by category or department, with what changed since the list was last printed. Printing
 * (PDF) and the CSV are `production-file.ts`; the JSON is `GET /api/production-lists`. The page's
 * own POST puts the short list on a receipt printer and comes back here (`?gedruckt=` names the
 * printer, so the page says where it went).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireStaff(request, context);
  const search = new URL(request.url).searchParams;
  const outcome = await productionFor(context.db, user, search);
  if (!outcome.ok) {
    // The page with its filters and the reason, so the choice can be corrected.
    const fallback = await productionFor(context.db, user, new URLSearchParams());
    if (!fallback.ok) throw new Response(firstMessage(fallback), { status: fallback.status });
    return data(
      {
        problem: firstMessage(outcome),
        queued: null,
        ...pageOf(fallback.value),
        printers: [],
        list: null,
      },
      { status: outcome.status },
    );
  }
  const printers = await printersFor(context.db, outcome.value);
  const queuedOn = printers.find((printer) => String(printer.id) === search.get("gedruckt"));
  const several = new Set(printers.map((printer) => printer.branchId)).size > 1;
  return {
    problem: null,
    queued: queuedOn ? de.receiptQueued(queuedOn.name) : null,
    ...pageOf(outcome.value),
    printers: printers.map((printer) => ({
      value: String(printer.id),
      label:
        several || outcome.value.filters.filiale === ""
          ? `${printer.branchName}: ${printer.name}`
          : printer.name,
    })),
    list: listOf(outcome.value),
  };
}

/** "Auf dem Bondrucker drucken" (decision 107): a job on the queue, then back to the list. */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireStaff(request, context);
  const foreign = foreignBranch(user, new URL(request.url).searchParams);
  if (foreign) return data({ problem: firstMessage(foreign) }, { status: foreign.status });
  const form = await readSmallForm(request);
  if (!form) return data({ problem: de.printError }, { status: 400 });
  // The form's fields, else the address's (`?tag=&filiale=`), as the PDF's print takes them.
  const search = new URL(request.url).searchParams;
  for (const name of ["tag", "filiale", "gruppe"]) {
    const value = form.get(name);
    if (typeof value === "string") search.set(name, value);
  }
  const printer = form.get("drucker");
  const printed = await printOnReceiptPrinter(
    context.db,
    user,
    search,
    typeof printer === "string" ? printer : "",
  );
  if (!printed.ok) return data({ problem: firstMessage(printed) }, { status: printed.status });
  const { filters } = printed.value.view;
  return redirect(
    `/backend/production?${new URLSearchParams({
      tag: filters.tag,
      filiale: filters.filiale,
      gruppe: filters.gruppe,
      gedruckt: String(printed.value.printer.id),
    }).toString()}`,
    303,
  );
}

type View = Extract<Awaited<ReturnType<typeof productionFor>>, { ok: true }>["value"];

function pageOf(view: View) {
  return {
    filters: view.filters,
    branches: view.branches,
    today: view.today,
    tomorrow: view.tomorrow,
    heading: de.titleFor(view.dayText, view.branchText),
  };
}

function listOf(view: View) {
  return {
    orderCount: view.list.orderCount,
    changedRows: view.list.changedRows,
    printed: view.lastPrint !== null,
    lastPrint: lastPrintText(view),
    groups: view.list.groups.map((group) => ({
      name: group.name,
      rows: group.rows.map((row) => ({
        key: row.key,
        productName: row.productName,
        variant: row.variant,
        quantity: row.quantity,
        orders: row.orders,
        firstDue: row.firstDue ? formatTime(row.firstDue) : "",
        change: changeText(row),
        notes: row.notes.map((note) => ({
          key: `${note.orderId}-${note.text}`,
          text: `${de.ticket(note.ticketNumber)}, ${formatTime(note.due)}: ${note.text}`,
          isNew: note.isNew,
        })),
      })),
    })),
  };
}

export default function Production() {
  const { problem, queued, filters, branches, printers, today, tomorrow, heading, list } =
    useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const location = useLocation();
  const query = new URLSearchParams({
    tag: filters.tag,
    filiale: filters.filiale,
    gruppe: filters.gruppe,
  });
  const dayLink = (day: string) =>
    `?${new URLSearchParams({ tag: day, filiale: filters.filiale, gruppe: filters.gruppe }).toString()}`;
  const hidden = (
    <>
      <input type="hidden" name="tag" value={filters.tag} />
      <input type="hidden" name="filiale" value={filters.filiale} />
      <input type="hidden" name="gruppe" value={filters.gruppe} />
    </>
  );
  return (
    <section>
      <div className="backoffice-heading">
        <h1>{de.title}</h1>
      </div>
      <nav className="production-days" aria-label={de.day}>
        <Link
          to={dayLink(today)}
          className={buttonClass("secondary")}
          aria-current={filters.tag === today ? "page" : undefined}
        >
          {de.today}
        </Link>
        <Link
          to={dayLink(tomorrow)}
          className={buttonClass("secondary")}
          aria-current={filters.tag === tomorrow ? "page" : undefined}
        >
          {de.tomorrow}
        </Link>
      </nav>
      <FilterBar label={de.filterLabel} resetHref={location.pathname}>
        <div className="ui-field">
          <label htmlFor="tag">{de.day}</label>
          <input id="tag" name="tag" type="date" defaultValue={filters.tag} required />
        </div>
        <Select
          id="filiale"
          name="filiale"
          label={de.branch}
          defaultValue={filters.filiale}
          options={[{ value: "", label: de.allBranches }, ...branches]}
        />
        <Select
          id="gruppe"
          name="gruppe"
          label={de.groupBy}
          defaultValue={filters.gruppe}
          options={[
            { value: "kategorie", label: de.groupings.kategorie },
            { value: "abteilung", label: de.groupings.abteilung },
          ]}
        />
      </FilterBar>
      <Notice tone="error">{problem ?? actionData?.problem}</Notice>
      <Notice tone="success">{actionData ? null : queued}</Notice>
      {list ? (
        <>
          <h2>{heading}</h2>
          {list.groups.length === 0 ? (
            <p>{de.empty}</p>
          ) : (
            <>
              <p>
                {de.summary(list.orderCount)} {list.lastPrint}
              </p>
              {list.printed ? (
                <Notice tone={list.changedRows > 0 ? "error" : "info"} announce={false}>
                  {list.changedRows > 0 ? de.changedSince(list.changedRows) : de.unchanged}
                </Notice>
              ) : null}
              <div className="production-actions">
                <form method="post" action="/backend/production/backliste.pdf">
                  {hidden}
                  <Button type="submit" variant="primary">
                    {de.printPdf}
                  </Button>
                </form>
                <a
                  href={`/backend/production/backliste.csv?${query.toString()}`}
                  className={buttonClass("secondary")}
                  download
                >
                  {de.downloadCsv}
                </a>
              </div>
              <p className="production-hint">{de.printHint}</p>
              {printers.length === 0 ? (
                <p className="production-hint">
                  {filters.filiale === "" ? de.noPrinterAnywhere : de.noPrinter}
                </p>
              ) : (
                <Form method="post" className="production-receipt">
                  {hidden}
                  {printers.length > 1 || filters.filiale === "" ? (
                    <Select
                      id="drucker"
                      name="drucker"
                      label={filters.filiale === "" ? de.printerOfBranch : de.printer}
                      required
                      defaultValue=""
                      options={[{ value: "", label: de.choosePrinter }, ...printers]}
                    />
                  ) : (
                    <input type="hidden" name="drucker" value={printers[0]!.value} />
                  )}
                  <Button type="submit" variant="secondary">
                    {de.printReceipt}
                  </Button>
                  <p className="production-hint">{de.receiptHint}</p>
                </Form>
              )}
            </>
          )}
          {list.groups.map((group, index) => (
            <section key={group.name} aria-labelledby={`gruppe-${index}`}>
              <h3 id={`gruppe-${index}`}>{group.name}</h3>
              <div className="table-scroll">
                <table className="data-table production-table">
                  <thead>
                    <tr>
                      <th scope="col">{de.product}</th>
                      <th scope="col">{de.quantity}</th>
                      <th scope="col">{de.orders}</th>
                      <th scope="col">{de.firstDue}</th>
                      {list.printed ? <th scope="col">{de.change}</th> : null}
                    </tr>
                  </thead>
                  <tbody>
                    {group.rows.map((row) => (
                      <tr
                        key={row.key}
                        className={row.change ? "production-row-changed" : undefined}
                      >
                        <th scope="row">
                          {row.productName}
                          {row.variant ? (
                            <span className="production-variant">{row.variant}</span>
                          ) : null}
                          {row.notes.length > 0 ? (
                            <ul className="production-notes" aria-label={de.notes}>
                              {row.notes.map((note) => (
                                <li key={note.key}>
                                  {note.text}
                                  {note.isNew ? (
                                    <span className="production-new">({de.newNote})</span>
                                  ) : null}
                                </li>
                              ))}
                            </ul>
                          ) : null}
                        </th>
                        <td className="production-quantity">{row.quantity}</td>
                        <td>{row.orders}</td>
                        <td>{row.firstDue}</td>
                        {list.printed ? <td className="production-change">{row.change}</td> : null}
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </section>
          ))}
        </>
      ) : null}
    </section>
  );
}
