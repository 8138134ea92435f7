import type {
  ActionFunctionArgs,
  LinksFunction,
  LoaderFunctionArgs,
  MetaFunction,
} from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { FilterBar, Notice } from "../../components/ui";
import { resourceLinks } from "../../components/backend/resource-styles";
import {
  timeSheetAction,
  timeSheetPage,
} from "../../features/time-tracking/working-plan-pages.server";
import { dePlan as de } from "../../i18n/de-working-plan";
import { staffPageMeta } from "../../components/backend/staff-page-meta";

/**
 * "Stundenzettel" (decision 059): a person's month – expected time (contract less absences and
 * public holidays), worked time and the balance – as a page and a CSV; an administrator closes
 * the month so nobody changes it afterwards.
 */
export const links: LinksFunction = () => resourceLinks();

export const meta: MetaFunction = () => staffPageMeta(de.sheet.title);

export const loader = ({ request, context }: LoaderFunctionArgs) => timeSheetPage(request, context);
export const action = ({ request, context }: ActionFunctionArgs) =>
  timeSheetAction(request, context);

export default function TimeSheets() {
  const { people, form, sheet, problem, notice } = useLoaderData<typeof loader>();
  const failed = useActionData<typeof action>();
  return (
    <section>
      <div className="backoffice-heading">
        <h1>{de.sheet.title}</h1>
      </div>
      <FilterBar
        label={de.sheet.title}
        resetHref="/backend/time-sheets"
        submitLabel={de.sheet.show}
      >
        <div className="ui-field">
          <label htmlFor="monat">{de.sheet.month}</label>
          <input id="monat" name="monat" type="month" defaultValue={form.monat} />
        </div>
        <div className="ui-field">
          <label htmlFor="person">{de.sheet.person}</label>
          <select id="person" name="person" defaultValue={form.person}>
            {people.map((person) => (
              <option key={person.id} value={person.id}>
                {person.name}
              </option>
            ))}
          </select>
        </div>
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
          {/* A region that scrolls on a phone is reached by the keyboard (WCAG 2.1.1, issue 36). */}
          {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex */}
          <div className="table-scroll" role="region" aria-label={de.sheet.title} tabIndex={0}>
            <table className="ui-table" data-testid="time-sheet">
              <thead>
                <tr>
                  <th scope="col">{de.sheet.day}</th>
                  <th scope="col">{de.sheet.expected}</th>
                  <th scope="col">{de.sheet.worked}</th>
                  <th scope="col">{de.sheet.note}</th>
                </tr>
              </thead>
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
          </div>
          {sheet.closed ? null : (
            <Form method="post">
              <input type="hidden" name="month" value={sheet.month} />
              <input type="hidden" name="person" value={form.person} />
              <button type="submit" className="ui-button ui-button-secondary">
                {de.sheet.close}
              </button>
            </Form>
          )}
        </>
      ) : null}
    </section>
  );
}
