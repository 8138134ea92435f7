import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { Notice } from "../../components/ui";
import { myTimeAction, myTimePage } from "../../features/time-tracking/time-tracking-routes.server";
import { myShifts } from "../../features/time-tracking/working-plan-pages.server";
import { deTimeTracking as de } from "../../i18n/de-time-tracking";
import { dePlan as plan } from "../../i18n/de-working-plan";
import { staffPageMeta } from "../../components/backend/staff-page-meta";

/**
 * "Meine Arbeitszeit" (decision 058): the signed-in person clocks on their own phone – start,
 * pause, resume, end at one of their branches – sees their last activities and sets their PIN
 * and card for the branch's time clock.
 */
export const meta: MetaFunction = () => staffPageMeta(de.mine.title);

export const loader = async ({ request, context }: LoaderFunctionArgs) => ({
  ...(await myTimePage(request, context)),
  // The planned shifts of the next two weeks (decision 059).
  ...(await myShifts(request, context)),
});
export const action = ({ request, context }: ActionFunctionArgs) => myTimeAction(request, context);

export default function MyTime() {
  const {
    branches,
    state,
    since,
    openBranchId,
    credentials,
    recent,
    notice,
    shifts,
    shiftsProblem,
  } = useLoaderData<typeof loader>();
  const failed = useActionData<typeof action>();
  const actions =
    state === "off"
      ? (["start"] as const)
      : state === "working"
        ? (["pause", "end"] as const)
        : (["resume", "end"] as const);
  return (
    <section aria-labelledby="my-time-title">
      <div className="backoffice-heading">
        <h1 id="my-time-title">{de.mine.title}</h1>
      </div>
      <Notice tone="success">{failed ? null : notice}</Notice>
      <Notice tone="error">{failed?.error ?? null}</Notice>
      <p data-testid="my-time-state">
        <strong>{de.mine.state[state]}</strong>
        {since ? ` ${de.mine.since(since)}` : null}
      </p>
      <Form method="post" className="time-clock-form">
        <input type="hidden" name="intent" value="clock" />
        {branches.length > 1 && state === "off" ? (
          <div className="ui-field">
            <label htmlFor="branchId">{de.mine.branch}</label>
            <select id="branchId" name="branchId" defaultValue={branches[0]?.id}>
              {branches.map((branch) => (
                <option key={branch.id} value={branch.id}>
                  {branch.name}
                </option>
              ))}
            </select>
          </div>
        ) : (
          <input type="hidden" name="branchId" value={openBranchId ?? branches[0]?.id ?? ""} />
        )}
        {branches.length === 0 ? (
          <p>{de.errors.noBranch}</p>
        ) : (
          <div className="time-clock-actions">
            {actions.map((action) => (
              <button
                key={action}
                type="submit"
                name="action"
                value={action}
                className={`ui-button ui-button-${action === "end" ? "secondary" : "primary"}`}
              >
                {de.clock.actions[action]}
              </button>
            ))}
          </div>
        )}
      </Form>
      <h2>{plan.page.mine}</h2>
      <Notice tone="error">{shiftsProblem}</Notice>
      {shifts.length === 0 ? (
        <p>{plan.page.noShifts}</p>
      ) : (
        <ul data-testid="my-shifts">
          {shifts.map((shift) => (
            <li key={shift}>{shift}</li>
          ))}
        </ul>
      )}
      <h2>{de.mine.recent}</h2>
      {recent.length === 0 ? (
        <p>{de.mine.noActivities}</p>
      ) : (
        <ul className="time-activity-list">
          {recent.map((row) => (
            <li key={row.id}>
              {row.date}: {row.start}–{row.end ?? de.list.running} · {row.branchName} ·{" "}
              {de.list.worked} {row.worked} h
            </li>
          ))}
        </ul>
      )}
      <h2>{de.mine.credentials}</h2>
      <p>
        {de.mine.credentialsHelp} {credentials.hasPin ? de.mine.hasPin : de.mine.noPin}
      </p>
      <Form method="post" className="time-clock-form" autoComplete="off">
        <input type="hidden" name="intent" value="credentials" />
        <div className="ui-field">
          <label htmlFor="new-pin">{de.mine.newPin}</label>
          <input
            id="new-pin"
            name="pin"
            type="password"
            inputMode="numeric"
            pattern="[0-9]{4,8}"
            maxLength={8}
            autoComplete="new-password"
          />
        </div>
        <div className="ui-field">
          <label htmlFor="new-card">{de.clock.card}</label>
          <input id="new-card" name="card" minLength={8} maxLength={64} autoComplete="off" />
        </div>
        <button type="submit" className="ui-button ui-button-secondary">
          {de.mine.saveCredentials}
        </button>
      </Form>
    </section>
  );
}
