import { data, redirect } from "@remix-run/node";
import type { Route } from "#app/server/route-types";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { Button, Notice, Select } from "#app/components/ui";
import {
  CardField,
  ClockActionButtons,
  optionsOf,
  PinField,
} from "#app/components/backend/activity-fields";
import { clockActionOf } from "#app/features/time-tracking/clock-device.server";
import {
  myTimeView,
  setOwnCredentials,
  tapForMyself,
} from "#app/features/time-tracking/my-time.server";
import { formFields } from "#app/routes/time-tracking-requests.server";
import { requireStaff } from "#app/features/staff/staff-auth.server";
import { firstMessage } from "#app/server/outcome";
import { deTimeTracking as de } from "#app/i18n/de-time-tracking";
import { dePlan as plan } from "#app/i18n/de-working-plan";
import { staffPageMeta } from "#app/components/backend/staff-page-meta";
import { PageHeading } from "#app/components/backend/page-heading";

/**
 * "Meine Arbeitszeit" (decision 058): the signed-in person clocks on their own phone – start,
 * pause, resume, end at one of their branches – sees their last activities and sets their PIN
 * and card for the branch's time clock.
 */
export const meta: Route.MetaFunction = () => staffPageMeta(de.mine.title);

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireStaff(request, context);
  return myTimeView(context.db, user, new URL(request.url).searchParams);
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireStaff(request, context);
  const fields = await formFields(request);
  const text = (name: string) => (typeof fields[name] === "string" ? fields[name].trim() : "");
  if (fields.intent === "credentials") {
    const saved = await setOwnCredentials(context, user, { pin: text("pin"), card: text("card") });
    if (!saved.ok) return data({ error: firstMessage(saved) }, { status: saved.status });
    return redirect("/backend/my-time?gespeichert=1");
  }
  const tap = clockActionOf(fields.action);
  if (!tap) return data({ error: de.errors.invalidAction }, { status: 400 });
  const done = await tapForMyself(context.db, user, tap, fields.branchId);
  if (!done.ok) return data({ error: firstMessage(done) }, { status: done.status });
  return redirect(`/backend/my-time?erfasst=${tap}-${done.value.activityId}`);
}

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
      <PageHeading title={de.mine.title} id="my-time-title" />
      <Notice tone="success">{failed ? null : notice}</Notice>
      <Notice tone="error">{failed?.error ?? null}</Notice>
      <p data-testid="my-time-state">
        <strong>{de.mine.state[state]}</strong>
        {since ? ` ${de.mine.since(since)}` : null}
      </p>
      <Form method="post" className="time-clock-form">
        <input type="hidden" name="intent" value="clock" />
        {branches.length > 1 && state === "off" ? (
          <Select
            id="branchId"
            name="branchId"
            label={de.mine.branch}
            defaultValue={String(branches[0]?.id ?? "")}
            options={optionsOf(branches)}
          />
        ) : (
          <input type="hidden" name="branchId" value={openBranchId ?? branches[0]?.id ?? ""} />
        )}
        {branches.length === 0 ? (
          <p>{de.errors.noBranch}</p>
        ) : (
          <ClockActionButtons actions={actions} primary={(action) => action !== "end"} />
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
        <PinField id="new-pin" label={de.mine.newPin} masked autoComplete="new-password" />
        <CardField id="new-card" label={de.clock.card} minLength={8} />
        <Button type="submit" variant="secondary">
          {de.mine.saveCredentials}
        </Button>
      </Form>
    </section>
  );
}
