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
  activityNewAction,
  activityNewPage,
} from "../../features/time-tracking/time-tracking-routes.server";
import { deTimeTracking as de } from "../../i18n/de-time-tracking";
import { ActivityTimes, ReasonField } from "../../components/backend/activity-fields";
import { staffPageMeta } from "../../components/backend/staff-page-meta";

/**
 * "Aktivität nachtragen" (decision 065): a manager adds a forgotten clock-in for a person of their
 * branches, with pauses, department, project, task and a mandatory reason (audited).
 */
export const links: LinksFunction = () => resourceLinks();

export const meta: MetaFunction = () => staffPageMeta(de.add.title);

export const loader = ({ request, context }: LoaderFunctionArgs) =>
  activityNewPage(request, context);

export const action = ({ request, context }: ActionFunctionArgs) =>
  activityNewAction(request, context);

function Choice({
  id,
  label,
  options,
  required = false,
  emptyLabel,
}: {
  id: string;
  label: string;
  options: { id: number; name: string }[];
  required?: boolean;
  emptyLabel: string;
}) {
  return (
    <div className="ui-field">
      <label htmlFor={id}>{label}</label>
      <select id={id} name={id} required={required} defaultValue="">
        <option value="">{emptyLabel}</option>
        {options.map((option) => (
          <option key={option.id} value={option.id}>
            {option.name}
          </option>
        ))}
      </select>
    </div>
  );
}

export default function WorkingActivityNew() {
  const { branches, people, departments, projects, tasks, day } = useLoaderData<typeof loader>();
  const failed = useActionData<typeof action>();
  return (
    <section aria-labelledby="activity-title">
      <div className="backoffice-heading">
        <h1 id="activity-title">{de.add.title}</h1>
      </div>
      <Notice tone="error">{failed?.error ?? null}</Notice>
      <Form method="post" className="resource-form">
        <Choice
          id="userId"
          label={de.add.person}
          options={people}
          required
          emptyLabel={de.add.choose}
        />
        <Choice
          id="branchId"
          label={de.add.branch}
          options={branches}
          required
          emptyLabel={de.add.choose}
        />
        <ActivityTimes
          start={`${day}T08:00`}
          end={`${day}T16:00`}
          pauses={[0, 1].map(() => ({ start: "", end: "" }))}
        />
        <Choice
          id="departmentId"
          label={de.add.department}
          options={departments}
          emptyLabel={de.add.none}
        />
        <Choice id="projectId" label={de.add.project} options={projects} emptyLabel={de.add.none} />
        <Choice id="taskId" label={de.add.task} options={tasks} emptyLabel={de.add.none} />
        <div className="ui-field">
          <label htmlFor="comment">{de.edit.comment}</label>
          <textarea id="comment" name="comment" maxLength={1000} />
        </div>
        <ReasonField name="reason" label={de.add.reason} help={de.add.reasonHelp} />
        <button type="submit" className="ui-button ui-button-primary">
          {de.add.save}
        </button>
      </Form>
      <p>
        <Link to={`/backend/working-activities?von=${day}&bis=${day}`}>{de.edit.back}</Link>
      </p>
    </section>
  );
}
