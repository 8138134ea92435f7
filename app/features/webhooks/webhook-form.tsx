import { Form } from "@remix-run/react";
import { WEBHOOK_EVENT_TYPES, type WebhookEventType } from "#app/domain/webhook-events";
import { Button, Checkbox, FieldError, TextInput } from "#app/components/ui";
import type { Problem } from "#app/server/outcome";
import { deWebhooks as texts } from "#app/i18n/de-webhooks";

export interface WebhookFormValues {
  url: string;
  description: string;
  events: readonly string[];
  enabled: boolean;
}

const errorOf = (errors: readonly Problem[] | undefined, field: string) =>
  errors?.find((error) => error.field === field)?.message ?? null;

/** The endpoint's fields, for the new and the edit page: a plain form, no script needed. */
export function WebhookForm({
  values,
  errors,
  submitLabel,
  intent,
}: {
  values: WebhookFormValues;
  errors?: readonly Problem[];
  submitLabel: string;
  intent: "create" | "update";
}) {
  const eventsError = errorOf(errors, "events");
  return (
    <Form method="post" className="action-form" noValidate>
      <input type="hidden" name="intent" value={intent} />
      <TextInput
        id="webhook-url"
        name="url"
        type="url"
        label={texts.labels.url}
        defaultValue={values.url}
        required
        maxLength={2000}
        error={errorOf(errors, "url")}
      />
      <TextInput
        id="webhook-description"
        name="description"
        label={texts.labels.description}
        defaultValue={values.description}
        maxLength={200}
        error={errorOf(errors, "description")}
      />
      <fieldset aria-describedby={eventsError ? "webhook-events-error" : undefined}>
        <legend>{texts.labels.events}</legend>
        {WEBHOOK_EVENT_TYPES.map((event: WebhookEventType) => (
          <Checkbox
            key={event}
            id={`webhook-event-${event.replace(".", "-")}`}
            name="events"
            value={event}
            label={texts.events[event]}
            defaultChecked={values.events.includes(event)}
          />
        ))}
        <FieldError id="webhook-events-error">{eventsError}</FieldError>
      </fieldset>
      <Checkbox
        id="webhook-enabled"
        name="enabled"
        label={texts.labels.enabled}
        defaultChecked={values.enabled}
      />
      <Button type="submit">{submitLabel}</Button>
    </Form>
  );
}
