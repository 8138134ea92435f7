import type {
  ActionFunctionArgs,
  LinksFunction,
  LoaderFunctionArgs,
  MetaFunction,
} from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { Checkbox, Notice } from "../../components/ui";
import { resourceLinks } from "../../components/backend/resource-styles";
import {
  clockCredentialsAction,
  clockCredentialsPage,
} from "../../features/time-tracking/time-tracking-routes.server";
import { deTimeTracking as de } from "../../i18n/de-time-tracking";
import { staffPageMeta } from "../../components/backend/staff-page-meta";

/**
 * "PIN und Karte für die Stempeluhr" (decision 065): a manager sets or resets the PIN (which lifts
 * a lock after too many wrong PINs) and the card of a person of their branches.
 */
export const links: LinksFunction = () => resourceLinks();

export const meta: MetaFunction = () => staffPageMeta(de.credentials.title);

export const loader = ({ request, context }: LoaderFunctionArgs) =>
  clockCredentialsPage(request, context);

export const action = ({ request, context }: ActionFunctionArgs) =>
  clockCredentialsAction(request, context);

export default function ClockCredentials() {
  const { people, notice } = useLoaderData<typeof loader>();
  const failed = useActionData<typeof action>();
  return (
    <section aria-labelledby="credentials-title">
      <div className="backoffice-heading">
        <h1 id="credentials-title">{de.credentials.title}</h1>
      </div>
      <p>{de.credentials.help}</p>
      <Notice tone="success">{notice}</Notice>
      <Notice tone="error">{failed?.error ?? null}</Notice>
      <Form method="post" className="resource-form">
        <div className="ui-field">
          <label htmlFor="userId">{de.credentials.person}</label>
          <select id="userId" name="userId" required defaultValue="">
            <option value="">{de.add.choose}</option>
            {people.map((person) => (
              <option key={person.id} value={person.id}>
                {person.name}
              </option>
            ))}
          </select>
        </div>
        <div className="ui-field">
          <label htmlFor="pin">{de.credentials.pin}</label>
          <input
            id="pin"
            name="pin"
            inputMode="numeric"
            pattern="\d{4,8}"
            maxLength={8}
            autoComplete="off"
          />
        </div>
        <div className="ui-field">
          <label htmlFor="card">{de.credentials.card}</label>
          <input id="card" name="card" minLength={8} maxLength={64} autoComplete="off" />
        </div>
        <Checkbox id="removeCard" name="removeCard" value="1" label={de.credentials.removeCard} />
        <button type="submit" className="ui-button ui-button-primary">
          {de.credentials.save}
        </button>
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
