import { data } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import type { Route } from "#app/server/route-types";
import { formatDateTime } from "#app/domain/format";
import { Badge, Notice, Table } from "#app/components/ui";
import { staffPageMeta } from "#app/components/backend/staff-page-meta";
import { readSmallForm } from "#app/features/shared/small-request.server";
import { referenceSettings } from "#app/features/shared/reference-data.server";
import { requireStaff } from "#app/features/staff/staff-auth.server";
import {
  createEndpoint,
  formFields,
  listEndpoints,
  parseEndpoint,
} from "#app/features/webhooks/webhooks.server";
import { WebhookForm } from "#app/features/webhooks/webhook-form";
import { deWebhooks as texts } from "#app/i18n/de-webhooks";

/**
 * The back office's webhooks (issue 38 part 3), administrators only: the registered endpoints
 * and the form of a new one. The new endpoint's secret is shown once, in the answer to its POST.
 */
export const meta: Route.MetaFunction = () => staffPageMeta(texts.title);

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(request, context, { roles: ["ROLE_ADMIN"] });
  const zone = (await referenceSettings(context.db)).businessTimeZone;
  const endpoints = await listEndpoints(context.db);
  return {
    endpoints: endpoints.map((endpoint) => ({
      id: endpoint.id,
      url: endpoint.url,
      description: endpoint.description,
      events: endpoint.events.map((event) => texts.events[event]),
      enabled: endpoint.enabled,
      createdAt: formatDateTime(endpoint.createdAt, zone),
    })),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireStaff(request, context, { roles: ["ROLE_ADMIN"] });
  const form = await readSmallForm(request);
  if (!form) return data({ errors: [{ message: texts.errors.badRequest }] }, { status: 400 });
  const fields = formFields(form);
  const parsed = parseEndpoint(fields, context.config.webhookPrivateAddresses ?? false);
  if (!parsed.ok) {
    return data({ errors: parsed.errors, values: fields }, { status: parsed.status });
  }
  const created = await createEndpoint(context.db, parsed.value);
  return { created: { id: created.id, url: created.url, secret: created.secret } };
}

export default function Webhooks() {
  const { endpoints } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const errors = result && "errors" in result ? result.errors : undefined;
  const values = result && "values" in result ? result.values : undefined;
  return (
    <section aria-labelledby="webhooks-title">
      <h1 id="webhooks-title">{texts.title}</h1>
      <p>{texts.intro}</p>
      {result && "created" in result ? (
        <div role="status" className="ui-notice ui-notice-success">
          <p>
            {texts.created} {texts.secretOnce}
          </p>
          <dl>
            <dt>{texts.labels.url}</dt>
            <dd>
              <Link to={`/backend/webhooks/${result.created.id}`}>{result.created.url}</Link>
            </dd>
            <dt>{texts.labels.secret}</dt>
            <dd>
              <code data-testid="webhook-secret">{result.created.secret}</code>
            </dd>
          </dl>
        </div>
      ) : null}
      {errors && !values ? <Notice tone="error">{errors[0]?.message}</Notice> : null}
      {endpoints.length === 0 ? (
        <p>{texts.none}</p>
      ) : (
        <Table label={texts.title}>
          <thead>
            <tr>
              <th scope="col">{texts.labels.url}</th>
              <th scope="col">{texts.labels.events}</th>
              <th scope="col">{texts.labels.enabled}</th>
              <th scope="col">{texts.labels.createdAt}</th>
            </tr>
          </thead>
          <tbody>
            {endpoints.map((endpoint) => (
              <tr key={endpoint.id}>
                <td>
                  <Link to={`/backend/webhooks/${endpoint.id}`}>{endpoint.url}</Link>
                  {endpoint.description ? <div>{endpoint.description}</div> : null}
                </td>
                <td>{endpoint.events.join(", ")}</td>
                <td>
                  <Badge tone={endpoint.enabled ? "success" : "neutral"}>
                    {endpoint.enabled ? texts.active : texts.inactive}
                  </Badge>
                </td>
                <td>{endpoint.createdAt}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
      <h2>{texts.newTitle}</h2>
      <WebhookForm
        intent="create"
        submitLabel={texts.create}
        errors={errors}
        values={{
          url: values?.url ?? "",
          description: values?.description ?? "",
          events: values?.events ?? [],
          enabled: values ? values.enabled !== "" : true,
        }}
      />
    </section>
  );
}
