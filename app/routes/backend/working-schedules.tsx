import type {
  ActionFunctionArgs,
  LinksFunction,
  LoaderFunctionArgs,
  MetaFunction,
} from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { FilterBar, Notice } from "../../components/ui";
import { resourceLinks } from "../../components/backend/resource-styles";
import {
  schedulesAction,
  schedulesPage,
} from "../../features/time-tracking/working-plan-pages.server";
import { dePlan as de } from "../../i18n/de-working-plan";
import { staffPageMeta } from "../../components/backend/staff-page-meta";

/**
 * "Arbeitsplanung" (decision 059): the week's shifts of a branch, a form per person to add one,
 * "Vorwoche übernehmen", booking absences, contracts and the holiday balances; no JavaScript
 * needed (plain forms, redirect after POST).
 */
export const links: LinksFunction = () => resourceLinks();

export const meta: MetaFunction = () => staffPageMeta(de.page.title);

export const loader = ({ request, context }: LoaderFunctionArgs) => schedulesPage(request, context);
export const action = ({ request, context }: ActionFunctionArgs) =>
  schedulesAction(request, context);

const number = (value: number) => value.toLocaleString("de-DE");

export default function WorkingSchedules() {
  const page = useLoaderData<typeof loader>();
  const failed = useActionData<typeof action>();
  const hidden = (
    <>
      <input type="hidden" name="week" value={page.week} />
      <input type="hidden" name="branchId" value={page.branchId} />
    </>
  );
  return (
    <section>
      <div className="backoffice-heading">
        <h1>{de.page.title}</h1>
      </div>
      <FilterBar
        label={de.page.title}
        resetHref="/backend/working-schedules"
        submitLabel={de.page.show}
      >
        <div className="ui-field">
          <label htmlFor="woche">{de.page.week}</label>
          <input id="woche" name="woche" type="date" defaultValue={page.week} />
        </div>
        <div className="ui-field">
          <label htmlFor="filiale">{de.page.branch}</label>
          <select id="filiale" name="filiale" defaultValue={page.branchId}>
            {page.branches.map((branch) => (
              <option key={branch.id} value={branch.id}>
                {branch.name}
              </option>
            ))}
          </select>
        </div>
      </FilterBar>
      <Notice tone="success">{failed ? null : page.notice}</Notice>
      <Notice tone="error">{failed?.error ?? page.problem}</Notice>
      <p>
        <Link to={`?woche=${page.previousWeek}&filiale=${page.branchId}`}>{de.page.previous}</Link>
        {" · "}
        <Link to={`?woche=${page.nextWeek}&filiale=${page.branchId}`}>{de.page.next}</Link>
      </p>
      <Form method="post">
        {hidden}
        <button type="submit" name="intent" value="copy" className="ui-button ui-button-secondary">
          {de.page.copy}
        </button>
      </Form>
      {/* A region that scrolls on a phone is reached and named by the keyboard (WCAG 2.1.1, issue 36). */}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex */}
      <div className="table-scroll" role="region" aria-label={de.page.title} tabIndex={0}>
        <table className="ui-table" data-testid="schedule-grid">
          <thead>
            <tr>
              <th scope="col">{de.page.person}</th>
              {page.days.map((day) => (
                <th scope="col" key={day.day}>
                  {day.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {page.grid.map((person) => (
              <tr key={person.id}>
                <th scope="row">{person.name}</th>
                {person.cells.map((cell) => (
                  <td key={cell.day}>
                    {cell.absence ? <div>{cell.absence}</div> : null}
                    {cell.shifts.length === 0 && !cell.absence ? de.page.none : null}
                    {cell.shifts.map((shift) => (
                      <Form method="post" key={shift.id}>
                        {hidden}
                        <input type="hidden" name="shiftId" value={shift.id} />
                        <span>{shift.text} </span>
                        <button
                          type="submit"
                          name="intent"
                          value="remove"
                          className="ui-button ui-button-secondary"
                          aria-label={`${de.page.remove}: ${person.name} ${shift.text}`}
                        >
                          {de.page.remove}
                        </button>
                      </Form>
                    ))}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <h2>{de.page.add}</h2>
      {page.grid.map((person) => (
        <Form
          method="post"
          key={person.id}
          className="time-clock-form"
          aria-label={`${de.page.add}: ${person.name}`}
        >
          {hidden}
          <input type="hidden" name="userId" value={person.id} />
          <strong>{person.name}</strong>
          <div className="ui-field">
            <label htmlFor={`day-${person.id}`}>{de.page.day}</label>
            <select id={`day-${person.id}`} name="day">
              {page.days.map((day) => (
                <option key={day.day} value={day.day}>
                  {day.label}
                </option>
              ))}
            </select>
          </div>
          <div className="ui-field">
            <label htmlFor={`start-${person.id}`}>{de.page.start}</label>
            <input id={`start-${person.id}`} name="start" type="time" required />
          </div>
          <div className="ui-field">
            <label htmlFor={`end-${person.id}`}>{de.page.end}</label>
            <input id={`end-${person.id}`} name="end" type="time" required />
          </div>
          <button type="submit" name="intent" value="add" className="ui-button ui-button-primary">
            {de.page.add}
          </button>
        </Form>
      ))}
      <h2>{de.page.absences}</h2>
      <Form method="post" className="time-clock-form">
        {hidden}
        <div className="ui-field">
          <label htmlFor="absence-person">{de.page.person}</label>
          <select id="absence-person" name="userId">
            {page.managed.map((person) => (
              <option key={person.id} value={person.id}>
                {person.name}
              </option>
            ))}
          </select>
        </div>
        <div className="ui-field">
          <label htmlFor="absence-from">{de.page.from}</label>
          <input id="absence-from" name="from" type="date" required defaultValue={page.week} />
        </div>
        <div className="ui-field">
          <label htmlFor="absence-to">{de.page.to}</label>
          <input id="absence-to" name="to" type="date" />
        </div>
        <div className="ui-field">
          <label htmlFor="absence-kind">{de.page.kind}</label>
          <select id="absence-kind" name="kind">
            {(["holiday", "sickness", "other"] as const).map((kind) => (
              <option key={kind} value={kind}>
                {de.kinds[kind]}
              </option>
            ))}
          </select>
        </div>
        <div className="ui-choice">
          <input id="abwesenheit-halb" type="checkbox" name="half" />
          <label htmlFor="abwesenheit-halb">{de.page.half}</label>
        </div>
        <button type="submit" name="intent" value="absence" className="ui-button ui-button-primary">
          {de.page.book}
        </button>
      </Form>
      <h2>
        {de.page.balances} {page.year}
      </h2>
      <div
        className="table-scroll"
        role="region"
        aria-label={`${de.page.balances} ${page.year}`}
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
        tabIndex={0}
      >
        <table className="ui-table" data-testid="holiday-balances">
          <thead>
            <tr>
              <th scope="col">{de.page.person}</th>
              <th scope="col">{de.page.entitlement}</th>
              <th scope="col">{de.page.carryOver}</th>
              <th scope="col">{de.page.taken}</th>
              <th scope="col">{de.page.planned}</th>
              <th scope="col">{de.page.remaining}</th>
              <th scope="col">{de.page.sick}</th>
            </tr>
          </thead>
          <tbody>
            {page.balances.map((row) => (
              <tr key={row.userId}>
                <th scope="row">{row.name}</th>
                <td>{number(row.entitlement)}</td>
                <td>{number(row.carryOver)}</td>
                <td>{number(row.taken)}</td>
                <td>{number(row.planned)}</td>
                <td>{number(row.remaining)}</td>
                <td>{number(row.sickDays)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <h2>{de.page.contract}</h2>
      <Form method="post" className="time-clock-form">
        {hidden}
        <input type="hidden" name="year" value={page.year} />
        <div className="ui-field">
          <label htmlFor="contract-person">{de.page.person}</label>
          <select id="contract-person" name="userId">
            {page.managed.map((person) => (
              <option key={person.id} value={person.id}>
                {person.name}
              </option>
            ))}
          </select>
        </div>
        {de.weekdays.map((label, index) => (
          <div className="ui-field" key={label}>
            <label htmlFor={`minutes${index}`}>{`${de.expectedLabel} ${label}`}</label>
            <input id={`minutes${index}`} name={`minutes${index}`} type="time" />
          </div>
        ))}
        <div className="ui-field">
          <label htmlFor="holidayDays">{`${de.page.holidayDays} ${page.year}`}</label>
          <input id="holidayDays" name="holidayDays" inputMode="decimal" maxLength={6} />
        </div>
        <div className="ui-field">
          <label htmlFor="carryOverDays">{de.page.carryOver}</label>
          <input id="carryOverDays" name="carryOverDays" inputMode="decimal" maxLength={6} />
        </div>
        <button
          type="submit"
          name="intent"
          value="contract"
          className="ui-button ui-button-secondary"
        >
          {de.page.save}
        </button>
      </Form>
    </section>
  );
}
