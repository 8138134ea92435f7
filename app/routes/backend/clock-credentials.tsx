import { data, redirect } from "@remix-run/node";
import type { Route } from "#app/server/route-types";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { Button, Checkbox, Notice, Select } from "#app/components/ui";
import { resourceLinks } from "#app/components/backend/resource-styles";
import { CardField, optionsOf, PinField } from "#app/components/backend/activity-fields";
import { parseId } from "#app/domain/values";
import {
  credentialsInput,
  credentialsList,
  credentialsPerson,
  saveCredentials,
} from "#app/features/time-tracking/clock-credentials.server";
import { formFields, requireManager } from "#app/routes/time-tracking-requests.server";
import { firstMessage } from "#app/server/outcome";
import { deTimeTracking as de } from "#app/i18n/de-time-tracking";
import { staffPageMeta } from "#app/components/backend/staff-page-meta";
import { PageHeading } from "#app/components/backend/page-heading";

/**
 * "PIN und Karte für die Stempeluhr" (decision 065): a manager sets or resets the PIN (which lifts
 * a lock after too many wrong PINs) and the card of a person of their branches.
 */
export const links: Route.LinksFunction = () => resourceLinks();

export const meta: Route.MetaFunction = () => staffPageMeta(de.credentials.title);

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireManager(request, context);
  const people = await credentialsList(context.db, user);
  const saved = parseId(new URL(request.url).searchParams.get("gespeichert"));
  const savedName = saved ? people.find((p) => p.id === saved)?.name : undefined;
  return { people, notice: savedName ? de.credentials.saved(savedName) : null };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireManager(request, context);
  const fields = await formFields(request);
  const fail = (status: number, message: string) =>
    data({ error: `${de.credentials.failed} ${message}` }, { status });
  const id = parseId(fields.userId);
  if (!id) return fail(400, de.errors.invalidUser);
  const person = await credentialsPerson(context.db, user, id);
  if (!person.ok) {
    return fail(403, person.status === 403 ? de.errors.notManaged : de.errors.notAtBranch);
  }
  const input = credentialsInput(fields);
  if (!input.ok) return fail(input.status, firstMessage(input));
  const saved = await saveCredentials(context, user, person.value, input.value);
  if (!saved.ok) return fail(saved.status, firstMessage(saved));
  return redirect(`/backend/clock-credentials?gespeichert=${person.value.id}`);
}

export default function ClockCredentials() {
  const { people, notice } = useLoaderData<typeof loader>();
  const failed = useActionData<typeof action>();
  return (
    <section aria-labelledby="credentials-title">
      <PageHeading title={de.credentials.title} id="credentials-title" />
      <p>{de.credentials.help}</p>
      <Notice tone="success">{notice}</Notice>
      <Notice tone="error">{failed?.error ?? null}</Notice>
      <Form method="post" className="resource-form">
        <Select
          id="userId"
          name="userId"
          label={de.credentials.person}
          required
          defaultValue=""
          options={[{ value: "", label: de.add.choose }, ...optionsOf(people)]}
        />
        <PinField id="pin" label={de.credentials.pin} />
        <CardField id="card" label={de.credentials.card} minLength={8} />
        <Checkbox id="removeCard" name="removeCard" value="1" label={de.credentials.removeCard} />
        <Button type="submit">{de.credentials.save}</Button>
      </Form>
      <ul data-testid="credentials">
        {people.map((person) => (
          <li key={person.id}>
            <strong>{person.name}</strong>:{" "}
            {person.hasPin ? de.credentials.hasPin : de.credentials.noPin}
            {person.hasCard ? `, ${de.credentials.hasCard}` : ""}
            {person.locked ? `, ${de.credentials.locked}` : ""}
          </li>
        ))}
      </ul>
    </section>
  );
}
