import { data, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import type { Route } from "#app/server/route-types";
import { formatDateTime } from "#app/domain/format";
import { idSchema, parseId } from "#app/domain/values";
import { Badge, Button, ConfirmAction, Notice, Table } from "#app/components/ui";
import { staffPageMeta } from "#app/components/backend/staff-page-meta";
import { readSmallForm } from "#app/features/shared/small-request.server";
import { referenceSettings } from "#app/features/shared/reference-data.server";
import { requireStaff } from "#app/features/staff/staff-auth.server";
import {
  deleteEndpoint,
  findEndpoint,
  formFields,
  listDeliveries,
  parseEndpoint,
  regenerateSecret,
  resendDelivery,
  updateEndpoint,
} from "#app/features/webhooks/webhooks.server";
import type { EndpointFormFields } from "#app/features/webhooks/webhooks.server";
import { WebhookForm } from "#app/features/webhooks/webhook-form";
import { deWebhooks as texts } from "#app/i18n/de-webhooks";
import { firstMessage } from "#app/server/outcome";

/**
 * One webhook endpoint (issue 38 part 3): its fields, a new secret, deleting it, and its delivery
 * log with "Erneut senden" for each delivery. Administrators only; every change is a POST.
 */
export const meta: Route.MetaFunction = () => staffPageMeta(texts.title);

const TONES = { pending: "warning", delivered: "success", failed: "danger" } as const;

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireStaff(request, context, { roles: ["ROLE_ADMIN"] });
  const id = parseId(params.id);
  const endpoint = id === null ? undefined : await findEndpoint(context.db, id);
  if (!endpoint) throw data(texts.errors.notFound, { status: 404 });
  const zone = (await referenceSettings(context.db)).businessTimeZone;
  const deliveries = await listDeliveries(context.db, endpoint.id);
  return {
    endpoint: {
      id: endpoint.id,
      url: endpoint.url,
      description: endpoint.description,
      events: endpoint.events,
      enabled: endpoint.enabled,
    },
    deliveries: deliveries.map((row) => ({
      id: row.id,
      eventId: row.eventId,
      time: formatDateTime(row.lastAttemptAt ?? row.createdAt, zone),
      event: texts.events[row.eventType],
      status: row.status,
      attempts: row.attempts,
      response:
        row.lastStatusCode !== null
          ? `HTTP ${row.lastStatusCode}${row.lastResponse ? `: ${row.lastResponse.slice(0, 200)}` : ""}`
          : (row.lastError ?? ""),
    })),
  };
}

const intentSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("update") }),
  z.object({ intent: z.literal("delete") }),
  z.object({ intent: z.literal("regenerate") }),
  z.object({ intent: z.literal("resend"), deliveryId: idSchema }),
]);

export async function action({ request, context, params }: Route.ActionArgs) {
  await requireStaff(request, context, { roles: ["ROLE_ADMIN"] });
  const id = parseId(params.id);
  if (id === null) throw data(texts.errors.notFound, { status: 404 });
  const form = await readSmallForm(request);
  const parsed = form ? intentSchema.safeParse(Object.fromEntries(form)) : null;
  if (!form || !parsed?.success) {
    return data({ errors: [{ message: texts.errors.badRequest }] }, { status: 400 });
  }
  const input = parsed.data;
  if (input.intent === "update") {
    const fields = formFields(form);
    const checked = parseEndpoint(fields, context.config.webhookPrivateAddresses ?? false);
    if (!checked.ok) return data({ errors: checked.errors, values: fields }, { status: 400 });
    const updated = await updateEndpoint(context.db, id, checked.value);
    if (!updated.ok) throw data(firstMessage(updated), { status: 404 });
    return { saved: true as const };
  }
  if (input.intent === "delete") {
    const deleted = await deleteEndpoint(context.db, id);
    if (!deleted.ok) throw data(firstMessage(deleted), { status: 404 });
    return redirect("/backend/webhooks");
  }
  if (input.intent === "regenerate") {
    const secret = await regenerateSecret(context.db, id);
    if (!secret.ok) throw data(firstMessage(secret), { status: 404 });
    return { secret: secret.value };
  }
  const resent = await resendDelivery(context.db, input.deliveryId, new Date(), id);
  if (!resent.ok) return data({ errors: resent.errors }, { status: resent.status });
  context.webhooks?.wake();
  return { resent: true as const };
}

export default function Webhook() {
  const { endpoint, deliveries } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const errors = result && "errors" in result ? result.errors : undefined;
  const values = result && "values" in result ? (result.values as EndpointFormFields) : undefined;
  return (
    <section aria-labelledby="webhook-title">
      <p>
        <Link to="/backend/webhooks">{texts.back}</Link>
      </p>
      <h1 id="webhook-title">{texts.editTitle(endpoint.url)}</h1>
      <Notice>{result && "saved" in result ? texts.saved : null}</Notice>
      <Notice>{result && "resent" in result ? texts.resent : null}</Notice>
      {errors && !values ? <Notice tone="error">{errors[0]?.message}</Notice> : null}
      {result && "secret" in result ? (
        <div role="status" className="ui-notice ui-notice-success">
          <p>
            {texts.secretRegenerated} {texts.secretOnce}
          </p>
          <code data-testid="webhook-secret">{result.secret}</code>
        </div>
      ) : null}
      <WebhookForm
        intent="update"
        submitLabel={texts.save}
        errors={errors}
        values={
          values
            ? {
                ...values,
                enabled: values.enabled !== "",
              }
            : endpoint
        }
      />
      <ConfirmAction
        name="regenerate"
        label={texts.regenerate}
        question={`${texts.regenerate}?`}
        text={texts.secretRegenerated}
        confirmLabel={texts.regenerate}
        variant="secondary"
      >
        <input type="hidden" name="intent" value="regenerate" />
      </ConfirmAction>
      <ConfirmAction
        name="delete"
        label={texts.remove}
        question={`${texts.remove}?`}
        confirmLabel={texts.remove}
        variant="danger"
      >
        <input type="hidden" name="intent" value="delete" />
      </ConfirmAction>
      <h2>{texts.log.title}</h2>
      {deliveries.length === 0 ? (
        <p>{texts.log.none}</p>
      ) : (
        <Table label={texts.log.title}>
          <thead>
            <tr>
              <th scope="col">{texts.log.time}</th>
              <th scope="col">{texts.log.event}</th>
              <th scope="col">{texts.log.status}</th>
              <th scope="col">{texts.log.attempts}</th>
              <th scope="col">{texts.log.response}</th>
              <th scope="col">{texts.log.action}</th>
            </tr>
          </thead>
          <tbody>
            {deliveries.map((row) => (
              <tr key={row.id} data-testid="webhook-delivery">
                <td>{row.time}</td>
                <td>
                  {row.event}
                  <div>
                    <small>{row.eventId}</small>
                  </div>
                </td>
                <td>
                  <Badge tone={TONES[row.status]}>{texts.statuses[row.status]}</Badge>
                </td>
                <td>{row.attempts}</td>
                <td>
                  <small>{row.response}</small>
                </td>
                <td>
                  <Form method="post">
                    <input type="hidden" name="intent" value="resend" />
                    <input type="hidden" name="deliveryId" value={row.id} />
                    <Button type="submit" variant="secondary">
                      {texts.resend}
                    </Button>
                  </Form>
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
    </section>
  );
}
