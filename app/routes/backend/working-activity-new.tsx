import { data, redirect } from "@remix-run/node";
import type { Route } from "#app/server/route-types";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { DateTime } from "luxon";
import { Button, Notice, Select, TextArea } from "#app/components/ui";
import { resourceLinks } from "#app/components/backend/resource-styles";
import { parseIsoDate } from "#app/domain/values";
import { createActivity } from "#app/features/time-tracking/activities.server";
import { newActivityFromForm, toNewActivity } from "#app/features/time-tracking/activity-input";
import { newActivityChoices } from "#app/features/time-tracking/activity-views.server";
import { requireManager } from "#app/routes/time-tracking-requests.server";
import { todayIn, zoneOf } from "#app/features/time-tracking/staff-scope.server";
import { firstMessage } from "#app/server/outcome";
import { deTimeTracking as de } from "#app/i18n/de-time-tracking";
import { ActivityTimes, optionsOf, ReasonField } from "#app/components/backend/activity-fields";
import { staffPageMeta } from "#app/components/backend/staff-page-meta";
import { PageHeading } from "#app/components/backend/page-heading";

/**
 * "Aktivität nachtragen" (decision 065): a manager adds a forgotten clock-in for a person of their
 * branches, with pauses, department, project, task and a mandatory reason (audited).
 */
export const links: Route.LinksFunction = () => resourceLinks();

export const meta: Route.MetaFunction = () => staffPageMeta(de.add.title);

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireManager(request, context);
  const tag = new URL(request.url).searchParams.get("tag");
  const day = parseIsoDate(tag ?? "") ?? todayIn(await zoneOf(context.db));
  return { ...(await newActivityChoices(context.db, user)), day };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireManager(request, context);
  const zone = await zoneOf(context.db);
  const input = newActivityFromForm(await request.formData(), zone);
  if (!input.ok) return data({ error: firstMessage(input) }, { status: 400 });
  const done = await createActivity(context, user, toNewActivity(input.value));
  if (!done.ok) return data({ error: firstMessage(done) }, { status: done.status });
  const day = DateTime.fromJSDate(input.value.start, { zone }).toISODate()!;
  return redirect(`/backend/working-activities?von=${day}&bis=${day}&nachgetragen=1`);
}

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
    <Select
      id={id}
      name={id}
      label={label}
      required={required}
      defaultValue=""
      options={[{ value: "", label: emptyLabel }, ...optionsOf(options)]}
    />
  );
}

export default function WorkingActivityNew() {
  const { branches, people, departments, projects, tasks, day } = useLoaderData<typeof loader>();
  const failed = useActionData<typeof action>();
  return (
    <section aria-labelledby="activity-title">
      <PageHeading title={de.add.title} id="activity-title" />
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
        <TextArea id="comment" name="comment" label={de.edit.comment} maxLength={1000} />
        <ReasonField name="reason" label={de.add.reason} help={de.add.reasonHelp} />
        <Button type="submit">{de.add.save}</Button>
      </Form>
      <p>
        <Link to={`/backend/working-activities?von=${day}&bis=${day}`}>{de.edit.back}</Link>
      </p>
    </section>
  );
}
