import {
  getFormProps,
  getInputProps,
  getTextareaProps,
  useForm,
  type FieldMetadata,
} from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "@remix-run/node";
import type { Route } from "#app/server/route-types";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { FormMessage, TextField } from "#app/components/backend/form-parts";
import { parseId } from "#app/domain/values";
import { de } from "#app/i18n/de-staff";
import { formFields } from "#app/domain/order-changes";
import {
  loadOrderEdit,
  orderEditFormSchema,
  saveOrderEdit,
} from "#app/features/orders/order-edit-form.server";
import { readSmallForm } from "#app/features/shared/small-request.server";
import { requireStaff } from "#app/features/staff/staff-auth.server";
import { staffPageMeta } from "#app/components/backend/staff-page-meta";
import { Button } from "#app/components/ui";

/** Contact data, appointment and comment of one order (decision 033). */
const texts = de.orderChanges;
const labels = texts.edit;

export const meta: Route.MetaFunction = () => staffPageMeta(labels.title);

async function editable(args: Route.LoaderArgs) {
  const user = await requireStaff(args.request, args.context);
  const id = parseId(args.params.orderId);
  const loaded = id ? await loadOrderEdit(args.context, user, id) : null;
  // Another branch's order is "not found", as on the order page.
  if (!loaded) throw data({ message: de.staffOrders.errors.notFound }, { status: 404 });
  return { user, loaded };
}

export async function loader(args: Route.LoaderArgs) {
  return (await editable(args)).loaded;
}

export async function action(args: Route.ActionArgs) {
  const { user, loaded } = await editable(args);
  const form = await readSmallForm(args.request, 64 * 1024);
  if (!form) return data({ result: null, message: texts.badRequest }, 400);
  const submission = parseWithZod(form, { schema: orderEditFormSchema });
  if (submission.status !== "success") {
    return data({ result: submission.reply(), message: null }, 400);
  }
  const saved = await saveOrderEdit(
    args.context,
    user,
    loaded.id,
    loaded.isDelivery,
    submission.value,
  );
  if (saved.ok) return redirect(`/backend/orders/${loaded.id}?done=update-details`, 303);
  if (saved.status === 400) {
    const fieldErrors: Record<string, string[]> = {};
    for (const error of saved.errors) (fieldErrors[error.field ?? ""] ??= []).push(error.message);
    return data({ result: submission.reply({ fieldErrors }), message: null }, 400);
  }
  return data(
    { result: submission.reply({ formErrors: [saved.message] }), message: null },
    saved.status,
  );
}

/** What the browser may fill in for each text field. */
const AUTOCOMPLETE: Partial<Record<string, string>> = {
  name: "name",
  company: "organization",
  phone: "tel",
  email: "email",
  street: "street-address",
  city: "address-level2",
};

export default function OrderEdit() {
  const order = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const [form, fields] = useForm({
    // A fixed id: conform finds its form by id, and useId's differ between React on the server
    // and Preact in the browser (decision 082).
    id: "bestellung-bearbeiten",
    lastResult: answer?.result ?? null,
    defaultValue: order.values,
    shouldValidate: "onSubmit",
  });
  const shown = formFields(order.isDelivery);
  return (
    <section aria-labelledby="order-edit-title">
      <p>
        <Link to={`/backend/orders/${order.id}`}>{labels.back}</Link>
      </p>
      <h1 id="order-edit-title">{labels.title}</h1>
      <p>{labels.intro}</p>
      {answer?.message ? (
        <p className="form-error" role="alert">
          {answer.message}
        </p>
      ) : null}
      <Form method="post" {...getFormProps(form)} className="order-edit-form">
        <FormMessage form={form} />
        <input {...getInputProps(fields.version, { type: "hidden" })} key={fields.version.key} />
        {shown.map((name) =>
          name === "appointment" || name === "comment" ? null : (
            <TextField
              key={name}
              field={fields[name] as FieldMetadata<string>}
              label={name === "name" ? `${labels.name}${labels.required}` : labels[name]}
              type={name === "email" ? "email" : "text"}
              autoComplete={AUTOCOMPLETE[name]}
            />
          ),
        )}
        <AppointmentField field={fields.appointment} />
        <div className="field">
          <label htmlFor={fields.comment.id}>{labels.comment}</label>
          <textarea
            {...getTextareaProps(fields.comment)}
            key={fields.comment.key}
            rows={3}
            maxLength={2000}
            aria-describedby={fields.comment.errors ? fields.comment.errorId : undefined}
          />
          <p id={fields.comment.errorId} className="field-error">
            {fields.comment.errors?.[0]}
          </p>
        </div>
        <Button type="submit" variant="store">
          {labels.save}
        </Button>
      </Form>
    </section>
  );
}

function AppointmentField({ field }: { field: FieldMetadata<string | undefined> }) {
  const hintId = `${field.id}-hinweis`;
  const error = field.errors?.[0];
  const props = getInputProps(field, { type: "datetime-local" });
  return (
    <div className="field">
      <label htmlFor={field.id}>{labels.appointment}</label>
      <span id={hintId} className="field-hint">
        {labels.appointmentHint}
      </span>
      <input
        {...props}
        key={props.key}
        step={300}
        aria-describedby={[hintId, error ? field.errorId : null].filter(Boolean).join(" ")}
      />
      <p id={field.errorId} className="field-error">
        {error}
      </p>
    </div>
  );
}
