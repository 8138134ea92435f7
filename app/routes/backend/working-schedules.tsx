import { data, redirect } from "@remix-run/node";
import type { Route } from "#app/server/route-types";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { Button, FilterBar, Notice, Select } from "#app/components/ui";
import { resourceLinks } from "#app/components/backend/resource-styles";
import { ColumnHeads, optionsOf, ScrollRegion } from "#app/components/backend/activity-fields";
import {
  AbsenceForm,
  ContractForm,
  ShiftEditForm,
  ShiftForm,
} from "#app/components/backend/working-plan-forms";
import { parseId, parseIsoDate } from "#app/domain/values";
import {
  bookAbsenceFor,
  changeShift,
  copyWeek,
  plannableId,
  planShift,
  removeShift,
  saveContract,
  visibleShift,
} from "#app/features/time-tracking/plan-service.server";
import { weekGridView } from "#app/features/time-tracking/plan-views.server";
import { formFields, requireManager } from "#app/routes/time-tracking-requests.server";
import type { AreaContext } from "#app/features/time-tracking/staff-scope.server";
import type { StaffUser } from "#app/features/staff/staff-auth.server";
import { dePlan as de } from "#app/i18n/de-working-plan";
import { de as staffDe } from "#app/i18n/de-staff";
import { firstMessage, refused, type Outcome } from "#app/server/outcome";
import { staffPageMeta } from "#app/components/backend/staff-page-meta";
import { PageHeading } from "#app/components/backend/page-heading";

/**
 * "Arbeitsplanung" (decision 059): the week's shifts of a branch, a form per person to add one
 * and one per shift to change it (decision 100), "Vorwoche übernehmen", booking absences,
 * contracts and the holiday balances; no JavaScript needed (plain forms, redirect after POST).
 */
export const links: Route.LinksFunction = () => resourceLinks();

export const meta: Route.MetaFunction = () => staffPageMeta(de.page.title);

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireManager(request, context);
  const grid = await weekGridView(context.db, user, new URL(request.url).searchParams);
  if (!grid.ok) {
    throw data({ message: firstMessage(grid), title: de.page.title }, { status: grid.status });
  }
  return grid.value;
}

type FormFields = Record<string, unknown>;

/** Each intent of the page's forms: the service's answer as the notice's query. */
async function answer(
  context: AreaContext,
  user: StaffUser,
  form: FormFields,
): Promise<Outcome<string>> {
  const notice = (done: Outcome<unknown>, query: string): Outcome<string> =>
    done.ok ? { ok: true, value: query } : done;
  switch (form.intent) {
    case "add":
      return notice(await planShift(context, user, form), "ok=eingetragen");
    case "update": {
      const shift = await visibleShift(context.db, user, form.shiftId);
      if (!shift) return refused(404, `${de.updateError} ${de.errors.notFound}`);
      const { day, start, end } = form;
      return notice(await changeShift(context, user, shift, { day, start, end }), "ok=geaendert");
    }
    case "remove": {
      const shift = await visibleShift(context.db, user, form.shiftId);
      if (!shift) return refused(404, `${de.deleteError} ${de.errors.notFound}`);
      return notice(await removeShift(context, user, shift), "ok=geloescht");
    }
    case "copy": {
      const copied = await copyWeek(context, user, form);
      return copied.ok ? notice(copied, `uebernommen=${copied.value}`) : copied;
    }
    case "absence":
      return notice(await bookAbsenceFor(context, user, form), "ok=gebucht");
    case "contract": {
      const userId = await plannableId(context.db, user, form.userId);
      if (!userId) return refused(404, `${de.contractError} ${de.errors.unknownPerson}`);
      const withHolidays = form.holidayDays !== undefined && form.holidayDays !== "";
      const saved = await saveContract(context, user, userId, {
        weekdayMinutes: [0, 1, 2, 3, 4, 5, 6].map((i) => form[`minutes${i}`] ?? ""),
        ...(withHolidays
          ? { holidayDays: form.holidayDays, carryOverDays: form.carryOverDays, year: form.year }
          : {}),
      });
      return notice(saved, "ok=vertrag");
    }
    default:
      return refused(400, staffDe.errors.badRequest);
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireManager(request, context);
  const form = await formFields(request);
  const done = await answer(context, user, form);
  if (!done.ok) return data({ error: firstMessage(done) }, { status: done.status });
  const params = new URLSearchParams();
  if (typeof form.week === "string" && parseIsoDate(form.week)) params.set("woche", form.week);
  if (typeof form.branchId === "string" && parseId(form.branchId)) {
    params.set("filiale", form.branchId);
  }
  return redirect(`/backend/working-schedules?${params.toString()}&${done.value}`);
}

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
      <PageHeading title={de.page.title} />
      <FilterBar
        label={de.page.title}
        resetHref="/backend/working-schedules"
        submitLabel={de.page.show}
      >
        <div className="ui-field">
          <label htmlFor="woche">{de.page.week}</label>
          <input id="woche" name="woche" type="date" defaultValue={page.week} />
        </div>
        <Select
          id="filiale"
          name="filiale"
          label={de.page.branch}
          defaultValue={String(page.branchId)}
          options={optionsOf(page.branches)}
        />
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
        <Button type="submit" name="intent" value="copy" variant="secondary">
          {de.page.copy}
        </Button>
      </Form>
      <ScrollRegion label={de.page.title}>
        <table className="ui-table" data-testid="schedule-grid">
          <ColumnHeads labels={[de.page.person, ...page.days.map((day) => day.label)]} />
          <tbody>
            {page.grid.map((person) => (
              <tr key={person.id}>
                <th scope="row">{person.name}</th>
                {person.cells.map((cell) => (
                  <td key={cell.day}>
                    {cell.absence ? <div>{cell.absence}</div> : null}
                    {cell.shifts.length === 0 && !cell.absence ? de.page.none : null}
                    {cell.shifts.map((shift) => (
                      <div key={shift.id}>
                        <Form method="post">
                          {hidden}
                          <input type="hidden" name="shiftId" value={shift.id} />
                          <span>{shift.text} </span>
                          <Button
                            type="submit"
                            name="intent"
                            value="remove"
                            variant="secondary"
                            aria-label={`${de.page.remove}: ${person.name} ${shift.text}`}
                          >
                            {de.page.remove}
                          </Button>
                        </Form>
                        <ShiftEditForm
                          person={person}
                          shift={shift}
                          day={cell.day}
                          days={page.days}
                          hidden={hidden}
                        />
                      </div>
                    ))}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
      <h2>{de.page.add}</h2>
      {page.grid.map((person) => (
        <ShiftForm key={person.id} person={person} days={page.days} hidden={hidden} />
      ))}
      <h2>{de.page.absences}</h2>
      <AbsenceForm people={page.managed} week={page.week} hidden={hidden} />
      <h2>
        {de.page.balances} {page.year}
      </h2>
      <ScrollRegion label={`${de.page.balances} ${page.year}`}>
        <table className="ui-table" data-testid="holiday-balances">
          <ColumnHeads
            labels={[
              de.page.person,
              de.page.entitlement,
              de.page.carryOver,
              de.page.taken,
              de.page.planned,
              de.page.remaining,
              de.page.sick,
            ]}
          />
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
      </ScrollRegion>
      <h2>{de.page.contract}</h2>
      <ContractForm people={page.managed} year={page.year} hidden={hidden} />
    </section>
  );
}
