import type {
  ActionFunctionArgs,
  LinksFunction,
  LoaderFunctionArgs,
  MetaFunction,
} from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { Notice } from "../../components/ui";
import { resourceLinks } from "../../components/backend/resource-styles";
import {
  activityEditAction,
  activityEditPage,
} from "../../features/time-tracking/time-tracking-routes.server";
import { deTimeTracking as de } from "../../i18n/de-time-tracking";
import { ActivityTimes, ReasonField } from "../../components/backend/activity-fields";
import { staffPageMeta } from "../../components/backend/staff-page-meta";

/**
 * One working activity corrected by a manager (decision 058): start, end, pauses and comment,
 * with a mandatory reason that goes into the audit log with the before and after.
 */
export const links: LinksFunction = () => resourceLinks();

export const meta: MetaFunction = () => staffPageMeta(de.edit.title);

export const loader = ({ request, context, params }: LoaderFunctionArgs) =>
  activityEditPage(request, context, params);

export const action = ({ request, context, params }: ActionFunctionArgs) =>
  activityEditAction(request, context, params);

export default function WorkingActivity() {
  const { activity, history } = useLoaderData<typeof loader>();
  const failed = useActionData<typeof action>();
  return (
    <section aria-labelledby="activity-title">
      <div className="backoffice-heading">
        <h1 id="activity-title">{de.edit.title}</h1>
      </div>
      <p>
        {activity.userName} · {activity.branchName}
      </p>
      <Notice tone="error">{failed?.error ?? null}</Notice>
      <Form method="post" className="resource-form">
        <ActivityTimes start={activity.start} end={activity.end} pauses={activity.pauses} />
        <div className="ui-field">
          <label htmlFor="comment">{de.edit.comment}</label>
          <textarea id="comment" name="comment" maxLength={1000} defaultValue={activity.comment} />
        </div>
        <ReasonField name="reason" label={de.edit.reason} help={de.edit.reasonHelp} />
        <button type="submit" className="ui-button ui-button-primary">
          {de.edit.save}
        </button>
      </Form>
      <Form method="post" className="resource-form" aria-labelledby="delete-title">
        <h2 id="delete-title">{de.edit.deleteTitle}</h2>
        <input type="hidden" name="intent" value="delete" />
        <ReasonField name="deleteReason" label={de.edit.deleteReason} help={de.edit.deleteHelp} />
        <button type="submit" className="ui-button ui-button-danger">
          {de.edit.delete}
        </button>
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
