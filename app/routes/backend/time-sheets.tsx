import { data, redirect } from "@remix-run/node";
import type { Route } from "#app/server/route-types";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { Button, FilterBar, Notice, Select } from "#app/components/ui";
import { resourceLinks } from "#app/components/backend/resource-styles";
import { ColumnHeads, optionsOf, ScrollRegion } from "#app/components/backend/activity-fields";
import { parseId } from "#app/domain/values";
import { closeMonthBy } from "#app/features/time-tracking/plan-service.server";
import { timeSheetView } from "#app/features/time-tracking/plan-views.server";
import {
  formFields,
  requireAdmin,
  requireManager,
} from "#app/routes/time-tracking-requests.server";
import { firstMessage } from "#app/server/outcome";
import { dePlan as de } from "#app/i18n/de-working-plan";
import { staffPageMeta } from "#app/components/backend/staff-page-meta";
import { PageHeading } from "#app/components/backend/page-heading";

/**
 * "Stundenzettel" (decision 059): a person's month – expected time (contract less absences and
 * public holidays), worked time and the balance – as a page and a CSV; an administrator closes
 * the month so nobody changes it afterwards.
 */
export const links: Route.LinksFunction = () => resourceLinks();

export const meta: Route.MetaFunction = () => staffPageMeta(de.sheet.title);

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireManager(request, context);
  const { status, ...page } = await timeSheetView(
    context.db,
    user,
    new URL(request.url).searchParams,
  );
  return data(page, { status });
}

/** An administrator closes the month: nothing of it changes any more (decision 059). */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireAdmin(request, context);
  const form = await formFields(request);
  const closed = await closeMonthBy(context, user, form.month);
  if (!closed.ok) return data({ error: firstMessage(closed) }, { status: closed.status });
  const person =
    typeof form.person === "string" && parseId(form.person) ? `&person=${form.person}` : "";
  return redirect(`/backend/time-sheets?monat=${closed.value}${person}&ok=abgeschlossen`);
}

export default function TimeSheets() {
  const { people, form, sheet, problem, notice } = useLoaderData<typeof loader>();
  const failed = useActionData<typeof action>();
  return (
    <section>
      <PageHeading title={de.sheet.title} />
      <FilterBar
        label={de.sheet.title}
        resetHref="/backend/time-sheets"
        submitLabel={de.sheet.show}
      >
        <div className="ui-field">
          <label htmlFor="monat">{de.sheet.month}</label>
          <input id="monat" name="monat" type="month" defaultValue={form.monat} />
        </div>
        <Select
          id="person"
          name="person"
          label={de.sheet.person}
          defaultValue={form.person}
          options={optionsOf(people)}
        />
      </FilterBar>
      <Notice tone="success">{failed ? null : notice}</Notice>
      <Notice tone="error">{failed?.error ?? problem}</Notice>
      {sheet ? (
        <>
          <p data-testid="time-sheet-totals">
            {de.sheet.expected} {sheet.expected} h · {de.sheet.worked} {sheet.worked} h ·{" "}
            {de.sheet.balance} {sheet.balance} h
          </p>
          {sheet.closed ? <p>{de.sheet.closed}</p> : null}
          <p>
            <a
              href={`/backend/time-sheets/export?monat=${form.monat}&person=${form.person}`}
              download
            >
              {de.sheet.csv}
            </a>
            {" · "}
            <a href={`/backend/time-sheets/pdf?monat=${form.monat}&person=${form.person}`} download>
              {de.sheet.pdf}
            </a>
          </p>
          <ScrollRegion label={de.sheet.title}>
            <table className="ui-table" data-testid="time-sheet">
              <ColumnHeads
                labels={[de.sheet.day, de.sheet.expected, de.sheet.worked, de.sheet.note]}
              />
              <tbody>
                {sheet.rows.map((row) => (
                  <tr key={row.day}>
                    <th scope="row">{row.day}</th>
                    <td>{row.expected}</td>
                    <td>{row.worked}</td>
                    <td>{row.note}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollRegion>
          {sheet.closed ? null : (
            <Form method="post">
              <input type="hidden" name="month" value={sheet.month} />
              <input type="hidden" name="person" value={form.person} />
              <Button type="submit" variant="secondary">
                {de.sheet.close}
              </Button>
            </Form>
          )}
        </>
      ) : null}
    </section>
  );
}
