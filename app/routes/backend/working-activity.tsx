import { data, redirect } from "@remix-run/node";
import type { Route } from "#app/server/route-types";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { DateTime } from "luxon";
import { Button, Notice, TextArea } from "#app/components/ui";
import { resourceLinks } from "#app/components/backend/resource-styles";
import {
  correctVisibleActivity,
  deleteVisibleActivity,
  visibleActivity,
} from "#app/features/time-tracking/activities.server";
import {
  correctionFromForm,
  parsedOr400,
  reasonSchema,
  toCorrection,
} from "#app/features/time-tracking/activity-input";
import { activityEditView } from "#app/features/time-tracking/activity-views.server";
import { requireManager } from "#app/routes/time-tracking-requests.server";
import { zoneOf } from "#app/features/time-tracking/staff-scope.server";
import { forbidden, type StaffUser } from "#app/features/staff/staff-auth.server";
import { firstMessage, type Refusal } from "#app/server/outcome";
import { deTimeTracking as de } from "#app/i18n/de-time-tracking";
import { ActivityTimes, ReasonField } from "#app/components/backend/activity-fields";
import { staffPageMeta } from "#app/components/backend/staff-page-meta";
import { PageHeading } from "#app/components/backend/page-heading";

/**
 * One working activity corrected by a manager (decision 058): start, end, pauses and comment,
 * with a mandatory reason that goes into the audit log with the before and after.
 */
export const links: Route.LinksFunction = () => resourceLinks();

export const meta: Route.MetaFunction = () => staffPageMeta(de.edit.title);

async function activityOr404(context: Route.LoaderArgs["context"], user: StaffUser, id: unknown) {
  const row = await visibleActivity(context.db, user, id);
  if (!row) throw data({ message: de.errors.notFound, title: de.edit.title }, { status: 404 });
  return row;
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = await requireManager(request, context);
  const row = await activityOr404(context, user, params.id);
  return activityEditView(context.db, row, await zoneOf(context.db));
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const user = await requireManager(request, context);
  const row = await activityOr404(context, user, params.id);
  const zone = await zoneOf(context.db);
  const form = await request.formData();
  // Another manager's person (the service's 404 after the row was seen): the page's 403.
  const refusal = (refused: Refusal) => {
    if (refused.status === 404) throw forbidden(user.surface);
    return data({ error: firstMessage(refused) }, { status: refused.status });
  };
  const back = (day: Date, done: string) => {
    const date = DateTime.fromJSDate(day, { zone }).toISODate()!;
    return redirect(`/backend/working-activities?von=${date}&bis=${date}&${done}=1`);
  };
  if (form.get("intent") === "delete") {
    const reason = parsedOr400(reasonSchema, form.get("deleteReason") ?? "", de.deleteError);
    if (!reason.ok) return data({ error: firstMessage(reason) }, { status: 400 });
    const deleted = await deleteVisibleActivity(context, user, row, reason.value);
    return deleted.ok ? back(deleted.value.day, "geloescht") : refusal(deleted);
  }
  const input = correctionFromForm(form, zone);
  if (!input.ok) return data({ error: firstMessage(input) }, { status: 400 });
  const done = await correctVisibleActivity(context, user, row, toCorrection(input.value));
  return done.ok ? back(input.value.start, "korrigiert") : refusal(done);
}

export default function WorkingActivity() {
  const { activity, history } = useLoaderData<typeof loader>();
  const failed = useActionData<typeof action>();
  return (
    <section aria-labelledby="activity-title">
      <PageHeading title={de.edit.title} id="activity-title" />
      <p>
        {activity.userName} · {activity.branchName}
      </p>
      <Notice tone="error">{failed?.error ?? null}</Notice>
      <Form method="post" className="resource-form">
        <ActivityTimes start={activity.start} end={activity.end} pauses={activity.pauses} />
        <TextArea
          id="comment"
          name="comment"
          label={de.edit.comment}
          maxLength={1000}
          defaultValue={activity.comment}
        />
        <ReasonField name="reason" label={de.edit.reason} help={de.edit.reasonHelp} />
        <Button type="submit">{de.edit.save}</Button>
      </Form>
      <Form method="post" className="resource-form" aria-labelledby="delete-title">
        <h2 id="delete-title">{de.edit.deleteTitle}</h2>
        <input type="hidden" name="intent" value="delete" />
        <ReasonField name="deleteReason" label={de.edit.deleteReason} help={de.edit.deleteHelp} />
        <Button type="submit" variant="danger">
          {de.edit.delete}
        </Button>
      </Form>
      <p>
        <Link to={`/backend/working-activities?von=${activity.day}&bis=${activity.day}`}>
          {de.edit.back}
        </Link>
      </p>
      {history.length > 0 ? (
        <section aria-labelledby="history-title">
          <h2 id="history-title">{de.edit.history}</h2>
          <ul>
            {history.map((entry, index) => (
              <li key={index}>
                {entry.at} · {entry.userName}: {entry.reason}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </section>
  );
}
