import { data, redirect } from "@remix-run/node";
import type { Route } from "#app/server/route-types";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { StepControls } from "#app/components/store/step-controls";
import { Button, ButtonLink, Notice, Select, TextInput } from "#app/components/ui";
import { de } from "#app/i18n/de-staff";
import type { FieldErrors } from "#app/features/cart/item-form.server";
import { editOrderItem, itemIndexOf } from "#app/features/orders/order-item-edit.server";
import {
  loadItemEdit,
  postedValues,
  type ItemEditPart,
  type ItemEditValues,
} from "#app/features/orders/order-item-view.server";
import { readSmallFormData } from "#app/features/shared/small-request.server";
import { requireStaff } from "#app/features/staff/staff-auth.server";
import { staffScope } from "#app/features/orders/staff-order-query.server";
import { parseId } from "#app/domain/values";

/**
 * One item of an order, changed by staff: amount, unit and the configured steps in a plain form
 * (the no-JavaScript twin of `PUT /api/orders/{id}/items/{index}`). Saving prices the item again
 * and returns to the order with a notice; refusals stay here, each message beside its field.
 */
const texts = de.staffOrders.itemEdit;
const dialog = de.itemDialog;

export const meta: Route.MetaFunction<typeof loader> = ({ data: loaded }) => [
  {
    title: loaded
      ? `${texts.heading(loaded.itemName)} - ${loaded.ticket} - ${de.backOffice.title}`
      : de.backOffice.title,
  },
  { name: "robots", content: "noindex" },
];

const notFound = () => data({ message: de.staffOrders.errors.notFound }, { status: 404 });

function addressOf(params: Route.LoaderArgs["params"]) {
  const orderId = parseId(params.orderId) ?? 0;
  const index = itemIndexOf(params.index);
  if (orderId <= 0 || index === null) throw notFound();
  return { orderId, index };
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = await requireStaff(request, context);
  const { orderId, index } = addressOf(params);
  const view = await loadItemEdit(context.db, staffScope(user, context), orderId, index);
  if (!view) throw notFound();
  return view;
}

/** Several text steps of up to 2,000 characters each. */
const MAX_FORM_BYTES = 64 * 1024;

type ActionResult =
  | { fieldErrors: FieldErrors; values: ItemEditValues; message: null }
  | { fieldErrors: null; values: null; message: string };

export async function action({ request, context, params }: Route.ActionArgs) {
  const user = await requireStaff(request, context);
  const { orderId, index } = addressOf(params);
  const scope = staffScope(user, context);
  const form = await readSmallFormData(request, MAX_FORM_BYTES);
  if (!form) {
    return data<ActionResult>(
      { fieldErrors: null, values: null, message: dialog.fixErrors },
      { status: 400 },
    );
  }
  const outcome = await editOrderItem(context.db, scope, orderId, index, { kind: "form", form });
  if (outcome.ok) {
    const done = outcome.warnings.length > 0 ? "edit-item-below-minimum" : "edit-item";
    return redirect(`/backend/orders/${orderId}?done=${done}`, 303);
  }
  if (outcome.status === 404) throw notFound();
  if (outcome.status === 400) {
    return data<ActionResult>(
      { fieldErrors: outcome.fieldErrors, values: postedValues(form), message: null },
      { status: 400 },
    );
  }
  return data<ActionResult>(
    { fieldErrors: null, values: null, message: `${texts.errors.failed} ${outcome.message}` },
    { status: outcome.status },
  );
}

function PartFieldset({
  part,
  chosen,
  error,
}: {
  part: ItemEditPart;
  chosen: string[];
  error: string | undefined;
}) {
  const errorId = `${part.field}-fehler`;
  const hintId = `${part.field}-hinweis`;
  const describedBy = [part.description ? hintId : null, error ? errorId : null]
    .filter(Boolean)
    .join(" ");
  const invalid = error ? true : undefined;
  return (
    <fieldset className="item-step" aria-describedby={describedBy || undefined}>
      <legend>
        {part.name}
        {part.isOptional ? <span className="optional"> ({dialog.optional})</span> : null}
      </legend>
      {part.description ? (
        <p id={hintId} className="field-hint">
          {part.description}
        </p>
      ) : null}
      <StepControls part={part} chosen={chosen} invalid={invalid} noChoice={dialog.noChoice} />
      {part.files !== null ? (
        <p>
          {part.files > 0 ? de.cartPanel.files(part.files) : texts.noFiles}. {texts.uploadsKept}
        </p>
      ) : null}
      <p id={errorId} className="field-error">
        {error ?? ""}
      </p>
    </fieldset>
  );
}

export default function OrderItemEdit() {
  const view = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const values = result?.values ?? view.values;
  const errors: FieldErrors = result?.fieldErrors ?? {};
  const orderPath = `/backend/orders/${view.orderId}`;
  const amountError = errors.amount;
  const unitError = errors.unit;
  const singleUnit = view.units.length === 1 ? view.units[0] : null;
  return (
    <article className="order-detail" aria-labelledby="item-title">
      <p>
        <Link to={orderPath}>{texts.back}</Link>
      </p>
      <h1 id="item-title">{texts.heading(view.itemName)}</h1>
      <p>
        {view.ticket} · {texts.currentPrice}: {view.quantity}, {view.price}
      </p>
      {view.refusal ? (
        <Notice tone="error">{view.refusal}</Notice>
      ) : (
        <Form method="post" className="form-stack">
          <p
            id="item-form-message"
            role="alert"
            className={result?.message ? "form-error" : "field-error"}
          >
            {result?.message ?? (result?.fieldErrors ? dialog.fixErrors : "")}
          </p>
          <p className="field-hint">{texts.repriced}</p>
          <TextInput
            id="item-amount"
            name="amount"
            label={dialog.quantity}
            help={view.units.map((unit) => unit.hint).join(" · ")}
            error={amountError}
            inputMode="decimal"
            autoComplete="off"
            defaultValue={values.amount}
            key={`amount-${values.amount}`}
            required
          />
          {singleUnit ? (
            <input type="hidden" name="unit" value={singleUnit.unit} />
          ) : (
            <Select
              id="item-unit"
              name="unit"
              label={dialog.unit}
              error={unitError}
              defaultValue={values.unit}
              key={`unit-${values.unit}`}
              options={view.units.map((unit) => ({ value: unit.unit, label: unit.label }))}
            />
          )}
          {view.parts.map((part) => (
            <PartFieldset
              key={`${part.id}-${(values.parts[part.field] ?? []).join(",")}`}
              part={part}
              chosen={values.parts[part.field] ?? []}
              error={errors[part.field]}
            />
          ))}
          <div className="button-row">
            <Button type="submit" disabled={navigation.state === "submitting"}>
              {texts.save}
            </Button>
            <ButtonLink to={orderPath} variant="secondary">
              {dialog.cancel}
            </ButtonLink>
          </div>
        </Form>
      )}
    </article>
  );
}
