import {
  data,
  redirect,
  type ActionFunctionArgs,
  type HeadersFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import {
  Form,
  Link,
  useActionData,
  useFetcher,
  useLoaderData,
  useLocation,
  useNavigation,
  useSubmit,
} from "@remix-run/react";
import { Suspense, lazy, useCallback, useEffect, useRef, useState } from "react";
import { OrderLineBody, OrderTotals } from "../../components/store/order-lines";
import { UrlDialog, withParam } from "../../components/url-dialog";
import { useHydrated } from "../../components/use-hydrated";
import { de } from "../../i18n/de";
import { deCheckout } from "../../i18n/de-checkout";
import { pageTitle, seoMeta, shellFromMatches } from "../../seo";
import { cartIdFor } from "../../features/cart/cart-cookie.server";
import {
  checkoutSchema,
  loadCheckout,
  type CheckoutInput,
  type FieldError,
} from "../../features/checkout/checkout.server";
import {
  checkoutView,
  valuesFrom,
  type CheckoutValues,
  type CheckoutView,
} from "../../features/checkout/checkout-view.server";
import { readyProviders, startPayment } from "../../features/checkout/payment.server";
import { statusPath } from "../../features/storefront/store-paths";
import { placeOrder } from "../../features/checkout/place-order.server";
import { loadSite } from "../../features/storefront/site.server";
import { referenceBranch } from "../../features/shared/reference-data.server";
import { checkoutMessages } from "../../features/orders/order-mails.server";
import { phoneOrderTaker } from "../../features/orders/staff-order-query.server";
import { auditOrder } from "../../features/orders/staff-orders.server";
import { isDatabaseUnavailable } from "../../db/unavailable.server";
import { isSelfService } from "../../features/storefront/visitor.server";
import {
  KIOSK_NO_STORE,
  keepLinksInShop,
  kioskOrderCookie,
} from "../../features/kiosk/kiosk.server";
import { useSelfService } from "../../components/kiosk";
import { deKiosk } from "../../i18n/de-kiosk";
import { logServerError } from "../../server/error-log.server";
import { tableVisitOf } from "../../features/tables/table-visit.server";

const texts = deCheckout;

// The pickers load when one opens (JavaScript per page stays small, issue 17).
const pickers = () => import("../../components/store/checkout-pickers");
const DatePicker = lazy(() => pickers().then((module) => ({ default: module.DatePicker })));
const TimePicker = lazy(() => pickers().then((module) => ({ default: module.TimePicker })));
const DonationPicker = lazy(() => pickers().then((module) => ({ default: module.DonationPicker })));
/** A checkout form is a few kilobytes; anything far larger is not a customer typing. */
const MAX_FORM_BYTES = 64 * 1024;

/** The consents' texts, readable in an overlay (`?lesen=agb`) without leaving the form. */
const LEGAL_PARAM = "lesen";
const LEGAL_SITES: Record<string, string> = {
  agb: "site/terms-and-conditions",
  datenschutz: "site/privacy",
};

const notFound = () => new Response(null, { status: 404, statusText: "Not Found" });

/** The branch's checkout with the visitor's cart for it (the cart cookie names one per branch). */
async function contextFor(
  request: Request,
  context: LoaderFunctionArgs["context"],
  identifier = "",
) {
  const branch = await referenceBranch(context.db, identifier);
  if (!branch) throw notFound();
  const { cartId } = await cartIdFor(request, context, branch.id);
  const checkout = await loadCheckout(context.db, {
    identifier,
    cartId,
    now: new Date(),
    providersReady: readyProviders(context),
    // A kiosk offers only what its counter takes (decision 053).
    selfService: isSelfService(request),
  });
  if (!checkout) throw notFound();
  return checkout;
}

export async function loader({ context, params, request }: LoaderFunctionArgs) {
  const checkout = await contextFor(request, context, params.branchIdentifier);
  const url = new URL(request.url);
  const legalPath = LEGAL_SITES[url.searchParams.get(LEGAL_PARAM) ?? ""];
  const legal = legalPath ? await loadSite(context.db, legalPath) : null;
  // On a kiosk both texts open in place (no new tab, nothing typed lost), links kept in the shop.
  const kioskLegal = isSelfService(request)
    ? await Promise.all(
        Object.entries(LEGAL_SITES).map(async ([key, path]) => {
          const site = await loadSite(context.db, path);
          const origin = context.config.publicOrigin;
          return site
            ? { key, title: site.title, bodyHtml: keepLinksInShop(site.bodyHtml, origin) }
            : null;
        }),
      )
    : [];
  // Only the day's choice travels in the address; what the customer typed never does.
  const values: CheckoutValues = {};
  const appointment = url.searchParams.get("appointment");
  if (appointment) values.appointment = appointment.slice(0, 40);
  const view = checkoutView(checkout, url.searchParams);
  // The table whose QR code the guest scanned is the suggestion (decision 076).
  const visit = tableVisitOf(request, checkout.store.branch.id);
  if (visit && view.tables.some((table) => table.id === visit.tableId)) {
    values.tableId = String(visit.tableId);
  }
  return data(
    {
      legal: legal ? { title: legal.title, bodyHtml: legal.bodyHtml } : null,
      kioskLegal: kioskLegal.filter((entry) => entry !== null),
      view,
      values,
      paymentFailed: url.pathname.endsWith("/checkout/error"),
    },
    kioskAnswer(request),
  );
}

/**
 * On a kiosk every answer of the checkout is stored nowhere (issue 35): neither the HTTP cache a
 * back gesture reads from nor the back-forward cache keeps the form with a customer's entries
 * for the next one. Elsewhere the answers keep their usual headers.
 */
function kioskAnswer(request: Request): ResponseInit | undefined {
  return isSelfService(request) ? { headers: { "Cache-Control": KIOSK_NO_STORE } } : undefined;
}

export const headers: HeadersFunction = ({ actionHeaders, loaderHeaders, parentHeaders }) => {
  const headers = new Headers(parentHeaders);
  const cacheControl = actionHeaders.get("Cache-Control") ?? loaderHeaders.get("Cache-Control");
  if (cacheControl) headers.set("Cache-Control", cacheControl);
  return headers;
};

interface CheckoutFailure {
  errors: FieldError[];
  values: CheckoutValues;
  /** The form again with the times of the chosen day ('Uhrzeiten anzeigen' without JavaScript). */
  view?: CheckoutView;
}

/** The intent of the plain form's 'Uhrzeiten anzeigen': a POST, so no personal data in the URL. */
const SHOW_TIMES = "show-times";

const refuse = (errors: FieldError[], values: CheckoutValues = {}, init?: ResponseInit) =>
  data<CheckoutFailure>({ errors, values }, { ...init, status: 400 });

export async function action({ context, params, request }: ActionFunctionArgs) {
  const kiosk = kioskAnswer(request);
  if (Number(request.headers.get("Content-Length") ?? 0) > MAX_FORM_BYTES) {
    return refuse([{ message: de.uploads.tooLarge }], {}, kiosk);
  }
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return refuse([{ message: de.cartPanel.badRequest }], {}, kiosk);
  }
  const values = valuesFrom(form);
  const checkout = await contextFor(request, context, params.branchIdentifier);
  if (form.get("intent") === SHOW_TIMES) {
    const choice = new URLSearchParams();
    const day = form.get("tag");
    if (typeof day === "string") choice.set("tag", day.slice(0, 10));
    if (values.appointment) choice.set("appointment", values.appointment);
    return data<CheckoutFailure>(
      { errors: [], values, view: checkoutView(checkout, choice) },
      kiosk,
    );
  }
  const parsed = checkoutSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) {
    return refuse(
      parsed.error.issues.map((issue) => ({
        message: issue.path[0] === "orderKey" ? texts.orderKeyInvalid : issue.message,
        field: issue.path[0] === "orderKey" ? undefined : String(issue.path[0]),
      })),
      values,
      kiosk,
    );
  }
  try {
    return await submitOrder(request, context, checkout, parsed.data, values);
  } catch (error) {
    // The database away for a moment is a 503 with its own page (docs/decisions/026): the order
    // was either stored whole or not at all, and the same form may simply be sent again.
    if (isDatabaseUnavailable(error)) throw error;
    // Whatever else broke is logged (one line, app/server/error-log.server.ts); the customer keeps
    // the form and the spec's message (section 8).
    logServerError(error, request);
    return data<CheckoutFailure>(
      { errors: [{ message: texts.unknownError }], values },
      { ...kiosk, status: 500 },
    );
  }
}

async function submitOrder(
  request: Request,
  context: ActionFunctionArgs["context"],
  checkout: Awaited<ReturnType<typeof contextFor>>,
  form: CheckoutInput,
  values: CheckoutValues,
) {
  const now = new Date();
  const placed = await placeOrder(context.db, {
    context: checkout,
    form,
    now,
    messages: (order, draft) => checkoutMessages(checkout, draft, order, context.config, now),
  });
  if (!placed.ok) return refuse(placed.errors, values, kioskAnswer(request));
  const { order } = placed;
  // Taken by phone: staff of this branch placed it for a customer (decision 019).
  const staff = await phoneOrderTaker(request, context, checkout.store.branch.id);
  if (staff) {
    if (placed.isNew) await auditOrder(context.db, staff, order.id, "create", { phone: true });
    if (order.paymentMethod !== "stripe" && order.paymentMethod !== "paypal") {
      return redirect(`/backend/orders/${order.id}?done=create`, 303);
    }
  }
  const checkoutPath = `/store/${checkout.store.branch.identifier}/checkout`;
  if (order.paymentMethod === "stripe" || order.paymentMethod === "paypal") {
    if (order.isPaid) return redirect(statusPath(order), 303);
    const target = await startPayment(context, { order, checkout });
    return redirect(target ?? `${checkoutPath}/error`, 303);
  }
  if (isSelfService(request)) {
    // The kiosk shows this order's page until it resets, and no other (issue 35).
    const headers = new Headers({ "Cache-Control": KIOSK_NO_STORE });
    headers.append("Set-Cookie", kioskOrderCookie(order.uid, context.config.publicOrigin));
    return redirect(statusPath(order), { status: 303, headers });
  }
  return redirect(statusPath(order), 303);
}

export const meta: MetaFunction<typeof loader> = ({ matches, location }) => {
  const shell = shellFromMatches(matches);
  return [
    ...seoMeta(matches, location, { title: shell ? pageTitle(shell, texts.title) : texts.title }),
    { name: "robots", content: "noindex" },
  ];
};

function Field({
  name,
  label,
  required,
  values,
  errors,
  type = "text",
  autoComplete,
  maxLength,
}: {
  name: keyof CheckoutValues;
  label: string;
  required: boolean;
  values: CheckoutValues;
  errors: Map<string, string>;
  type?: string;
  autoComplete?: string;
  maxLength: number;
}) {
  const error = errors.get(name);
  const selfService = useSelfService();
  return (
    <div className="field">
      <label htmlFor={`checkout-${name}`}>
        {label}
        {required ? texts.required : null}
      </label>
      <input
        id={`checkout-${name}`}
        name={name}
        type={type}
        defaultValue={values[name] ?? ""}
        required={required}
        autoComplete={selfService ? "off" : autoComplete}
        maxLength={maxLength}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `checkout-${name}-fehler` : undefined}
      />
      <p id={`checkout-${name}-fehler`} className="field-error">
        {error ?? ""}
      </p>
    </div>
  );
}

export default function Checkout() {
  const loaded = useLoaderData<typeof loader>();
  const { values: queryValues, paymentFailed, legal, kioskLegal } = loaded;
  const selfService = useSelfService();
  const legalLink = (overlay: string, page: string, label: string) => {
    const text = kioskLegal.find((entry) => entry.key === overlay);
    if (text) return <KioskLegalText title={label} bodyHtml={text.bodyHtml} />;
    return <LegalLink overlay={overlay} page={page} label={label} />;
  };
  // A kiosk's browser keeps nothing a customer typed for the next one to pick (decision 053).
  const autoComplete = selfService ? "off" : undefined;
  const failed = useActionData<CheckoutFailure>();
  const view = failed?.view ?? loaded.view;
  const navigation = useNavigation();
  const location = useLocation();
  const submit = useSubmit();
  const summaryRef = useRef<HTMLDivElement>(null);
  const values = failed?.values ?? queryValues;
  // A missing name belongs to the last name, the field the form marks as required.
  const fieldOf = (field: string) => (field === "name" ? "lastName" : field);
  const errors = new Map(
    (failed?.errors ?? []).flatMap((error) =>
      error.field ? [[fieldOf(error.field), error.message]] : [],
    ),
  );
  const isSubmitting = navigation.state === "submitting" && navigation.formMethod === "POST";
  // With JavaScript a new day only fetches its times; the typed fields stay where they are.
  const timesOfDay = useFetcher<typeof loader>();
  const isHydrated = useHydrated();
  const times = timesOfDay.data?.view.times ?? view.times;
  const shownDay = timesOfDay.data?.view.day ?? view.day;
  const [picker, setPicker] = useState<null | "date" | "time" | "donation">(null);
  const closePicker = useCallback(() => setPicker(null), []);
  const [openedAtTime, setOpenedAtTime] = useState<string | null>(null);
  const daySelect = useRef<HTMLSelectElement>(null);
  const timeSelect = useRef<HTMLSelectElement>(null);
  const donationList = useRef<HTMLUListElement>(null);
  const loadDay = (date: string) =>
    timesOfDay.load(`${view.checkoutPath}?tag=${encodeURIComponent(date)}`);

  // The server's answer is shown at the top; take the customer there.
  useEffect(() => {
    if (failed && summaryRef.current) {
      summaryRef.current.scrollIntoView({ block: "start" });
      summaryRef.current.focus();
    }
  }, [failed]);

  const cartAction = `${view.storePath}?index`;
  const redirectTo = `${location.pathname}`;
  const payment = values.paymentMethod ?? view.defaultPayment ?? "";
  return (
    <section className="page checkout" aria-labelledby="checkout-titel">
      <h1 id="checkout-titel">{texts.heading}</h1>
      <p className="checkout-branch">{view.branchName}</p>
      <div ref={summaryRef} tabIndex={-1} role="alert" className="checkout-errors">
        {paymentFailed ? <p className="form-error">{texts.paymentFailed}</p> : null}
        {failed && failed.errors.length > 0 ? (
          <div className="form-error">
            <p>{texts.errorsHeading}</p>
            <ul>
              {failed.errors.map((error) => (
                <li key={`${error.field ?? ""}${error.message}`}>
                  {error.field ? (
                    <a href={`#checkout-${fieldOf(error.field)}`}>{error.message}</a>
                  ) : (
                    error.message
                  )}
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </div>

      <section className="checkout-section" aria-labelledby="bestellart-titel">
        <h2 id="bestellart-titel">{texts.orderType}</h2>
        {view.orderTypes.length > 1 ? (
          <Form method="post" action={cartAction} className="cart-choice">
            <input type="hidden" name="intent" value="set-delivery-type" />
            <input type="hidden" name="redirectTo" value={redirectTo} />
            <label htmlFor="checkout-orderType">{de.cartPanel.deliveryType}</label>
            <select
              id="checkout-orderType"
              name="deliveryType"
              defaultValue={view.orderType}
              key={view.orderType}
              onChange={(event) => submit(event.currentTarget.form)}
            >
              {view.orderTypes.map((type) => (
                <option key={type.value} value={type.value}>
                  {type.label}
                </option>
              ))}
            </select>
            <button type="submit" className="button secondary" hidden={isHydrated}>
              {de.cartPanel.apply}
            </button>
          </Form>
        ) : (
          <p>{view.orderTypes[0]?.label}</p>
        )}
        {view.orderType === "delivery" ? (
          <Form method="post" action={cartAction} className="cart-choice">
            <input type="hidden" name="intent" value="set-delivery-area" />
            <input type="hidden" name="redirectTo" value={redirectTo} />
            <label htmlFor="checkout-deliveryArea">{texts.deliveryArea}</label>
            <select
              id="checkout-deliveryArea"
              name="deliveryAreaId"
              defaultValue={view.areaId ?? ""}
              key={view.areaId ?? "keins"}
              required
              aria-invalid={errors.has("deliveryArea") ? true : undefined}
              onChange={(event) => submit(event.currentTarget.form)}
            >
              <option value="" disabled>
                {de.cartPanel.chooseArea}
              </option>
              {view.areas.map((area) => (
                <option key={area.id} value={area.id}>
                  {area.label}
                </option>
              ))}
            </select>
            <button type="submit" className="button secondary" hidden={isHydrated}>
              {de.cartPanel.apply}
            </button>
          </Form>
        ) : null}
        {view.notices.map((notice) => (
          <p key={notice} className="notice">
            {notice}
          </p>
        ))}
        {view.alternatives.length > 0 ? (
          <div className="checkout-alternatives">
            <p>{texts.alternatives}</p>
            <ul>
              {view.alternatives.map((alternative) => (
                <li key={alternative}>{alternative}</li>
              ))}
            </ul>
          </div>
        ) : null}
      </section>

      <Form method="post" className="checkout-form" noValidate={false} autoComplete={autoComplete}>
        <input type="hidden" name="orderKey" value={view.orderKey} />
        {view.orderType === "dine-in" && view.required.table ? (
          <section className="checkout-section" aria-labelledby="tisch-titel">
            <h2 id="tisch-titel" className="visually-hidden">
              {texts.table}
            </h2>
            <div className="field">
              <label htmlFor="checkout-tableId">{texts.table}</label>
              <select
                id="checkout-tableId"
                name="tableId"
                defaultValue={values.tableId ?? ""}
                required
                aria-invalid={errors.has("tableId") ? true : undefined}
              >
                <option value="">{texts.chooseTable}</option>
                {view.tables.map((table) => (
                  <option key={table.id} value={table.id}>
                    {table.name}
                  </option>
                ))}
              </select>
              <p className="field-error">{errors.get("tableId") ?? ""}</p>
            </div>
          </section>
        ) : null}

        <section className="checkout-section" aria-labelledby="kontakt-titel">
          <h2 id="kontakt-titel">{texts.contact}</h2>
          {selfService ? (
            // A walk-in customer at the kiosk: a first name to call at most (issue 36, item 14).
            <>
              <p className="field-hint" id="kiosk-contact-hint">
                {deKiosk.contactHint}
              </p>
              <div className="field-grid">
                <Field
                  name="firstName"
                  label={deKiosk.firstName}
                  required={false}
                  values={values}
                  errors={errors}
                  autoComplete="off"
                  maxLength={60}
                />
              </div>
            </>
          ) : (
            <div className="field-grid">
              <Field
                name="firstName"
                label={texts.firstName}
                required={false}
                values={values}
                errors={errors}
                autoComplete="given-name"
                maxLength={60}
              />
              <Field
                name="lastName"
                label={texts.lastName}
                required
                values={values}
                errors={errors}
                autoComplete="family-name"
                maxLength={60}
              />
              <Field
                name="company"
                label={texts.company}
                required={false}
                values={values}
                errors={errors}
                autoComplete="organization"
                maxLength={120}
              />
              <Field
                name="email"
                label={texts.email}
                type="email"
                required={view.required.email}
                values={values}
                errors={errors}
                autoComplete="email"
                maxLength={254}
              />
              <Field
                name="phone"
                label={texts.phone}
                type="tel"
                required={view.required.phone}
                values={values}
                errors={errors}
                autoComplete="tel"
                maxLength={40}
              />
            </div>
          )}
        </section>

        {view.orderType === "delivery" ? (
          <section className="checkout-section" aria-labelledby="adresse-titel">
            <h2 id="adresse-titel">{texts.address}</h2>
            <div className="field-grid">
              <Field
                name="street"
                label={texts.street}
                required={view.required.address}
                values={values}
                errors={errors}
                autoComplete="street-address"
                maxLength={200}
              />
              <Field
                name="city"
                label={texts.city}
                required={view.required.address}
                values={values}
                errors={errors}
                autoComplete="address-level2"
                maxLength={120}
              />
              <Field
                name="floor"
                label={texts.floor}
                required={false}
                values={values}
                errors={errors}
                maxLength={20}
              />
              <Field
                name="stairway"
                label={texts.stairway}
                required={false}
                values={values}
                errors={errors}
                maxLength={20}
              />
              <Field
                name="door"
                label={texts.door}
                required={false}
                values={values}
                errors={errors}
                maxLength={20}
              />
            </div>
          </section>
        ) : null}

        <section className="checkout-section" aria-labelledby="termin-titel">
          <h2 id="termin-titel">
            {texts.appointment}
            {view.required.appointment ? texts.required : null}
          </h2>
          <p className="field-hint">{texts.appointmentHint}</p>
          <div className="field-grid">
            <div className="field">
              <label htmlFor="checkout-tag">{texts.appointmentDay}</label>
              <select
                id="checkout-tag"
                name="tag"
                ref={daySelect}
                defaultValue={view.day ?? ""}
                key={view.day ?? "kein-tag"}
                onChange={(event) => loadDay(event.currentTarget.value)}
              >
                {view.days.map((day) => (
                  <option key={day.date} value={day.date}>
                    {day.label}
                  </option>
                ))}
              </select>
              <button
                type="submit"
                name="intent"
                value={SHOW_TIMES}
                formNoValidate
                className="button secondary"
                hidden={isHydrated}
              >
                {texts.showTimes}
              </button>
              {isHydrated && view.days.length > 0 ? (
                <button
                  type="button"
                  className="button secondary picker-open"
                  onClick={() => setPicker("date")}
                >
                  {texts.pickers.chooseDate}
                </button>
              ) : null}
            </div>
            <div className="field">
              <label htmlFor="checkout-appointment">{texts.appointmentTime}</label>
              <p className="field-hint" aria-live="polite">
                {texts.timesOn(
                  view.days.find((candidate) => candidate.date === shownDay)?.label ?? "",
                )}
              </p>
              {times.length > 0 ? (
                <select
                  id="checkout-appointment"
                  ref={timeSelect}
                  name="appointment"
                  defaultValue={values.appointment ?? ""}
                  key={shownDay ?? "keine-zeit"}
                  required={view.required.appointment}
                  aria-invalid={errors.has("appointment") ? true : undefined}
                  aria-describedby="checkout-appointment-fehler"
                >
                  {view.required.appointment ? null : (
                    <option value="">{texts.asSoonAsPossible}</option>
                  )}
                  {times.map((time) => (
                    <option key={time.at} value={time.at}>
                      {time.time} Uhr
                    </option>
                  ))}
                </select>
              ) : (
                <p id="checkout-appointment">{de.appointment.noTimesOnDay}</p>
              )}
              {isHydrated && times.length > 0 ? (
                <button
                  type="button"
                  className="button secondary picker-open"
                  onClick={() => {
                    setOpenedAtTime(timeSelect.current?.value || null);
                    setPicker("time");
                  }}
                >
                  {texts.pickers.chooseTime}
                </button>
              ) : null}
              <p id="checkout-appointment-fehler" className="field-error">
                {errors.get("appointment") ?? ""}
              </p>
            </div>
          </div>
        </section>

        <section className="checkout-section" aria-labelledby="anmerkung-titel">
          <h2 id="anmerkung-titel" className="visually-hidden">
            {texts.comment}
          </h2>
          <div className="field">
            <label htmlFor="checkout-comment">{texts.comment}</label>
            <textarea
              id="checkout-comment"
              name="comment"
              rows={3}
              maxLength={2000}
              defaultValue={values.comment ?? ""}
            />
            <p className="field-error">{errors.get("comment") ?? ""}</p>
          </div>
        </section>

        <section className="checkout-section" aria-labelledby="zusammenfassung-titel">
          <h2 id="zusammenfassung-titel">{texts.summary}</h2>
          <ul className="cart-items">
            {view.lines.map((line) => (
              <li key={line.id} className="cart-item">
                <OrderLineBody line={line} />
              </li>
            ))}
          </ul>
          <OrderTotals
            costs={view.costs}
            deliveryCosts={view.deliveryCosts}
            total={view.total}
            notes={view.priceNotes}
          />
          {view.minimumMessages.map((message) => (
            <p key={message} className="notice">
              {message}
            </p>
          ))}
        </section>

        {view.donations ? (
          <fieldset className="checkout-section">
            <legend>{texts.donation}</legend>
            <p className="field-hint">{view.donations.hint}</p>
            {isHydrated && view.donations.donatees.length > 0 ? (
              <button
                type="button"
                className="button secondary picker-open"
                onClick={() => setPicker("donation")}
              >
                {texts.pickers.searchDonatee}
              </button>
            ) : null}
            <ul className="option-list" ref={donationList}>
              <li>
                <label>
                  <input
                    type="radio"
                    name="donateeId"
                    value=""
                    defaultChecked={!values.donateeId}
                  />{" "}
                  {texts.noDonation}
                </label>
              </li>
              {view.donations.donatees.map((donatee) => (
                <li key={donatee.id}>
                  <label>
                    <input
                      type="radio"
                      name="donateeId"
                      value={donatee.id}
                      defaultChecked={values.donateeId === String(donatee.id)}
                    />{" "}
                    <span>
                      <strong>{donatee.name}</strong>
                      {donatee.description ? ` – ${donatee.description}` : null}
                    </span>
                  </label>
                </li>
              ))}
            </ul>
            <p className="field-error">{errors.get("donateeId") ?? ""}</p>
          </fieldset>
        ) : null}

        <fieldset className="checkout-section" id="checkout-paymentMethod">
          <legend>{texts.paymentMethod}</legend>
          <ul className="option-list">
            {view.paymentMethods.map((method) => (
              <li key={method.value}>
                <label>
                  <input
                    type="radio"
                    name="paymentMethod"
                    value={method.value}
                    defaultChecked={payment === method.value}
                    required
                  />{" "}
                  {method.label}
                </label>
              </li>
            ))}
          </ul>
          <p className="field-error">{errors.get("paymentMethod") ?? ""}</p>
        </fieldset>

        <fieldset className="checkout-section">
          <legend>{texts.consents}</legend>
          <div className="consent">
            <input
              id="checkout-acceptTerms"
              type="checkbox"
              name="acceptTerms"
              defaultChecked={values.acceptTerms === "on"}
              required
              aria-invalid={errors.has("acceptTerms") ? true : undefined}
            />
            <label htmlFor="checkout-acceptTerms">{texts.acceptTerms}</label>{" "}
            {legalLink("agb", "/site/terms-and-conditions", texts.readTerms)}
            <p className="field-error">{errors.get("acceptTerms") ?? ""}</p>
          </div>
          <div className="consent">
            <input
              id="checkout-acceptPrivacy"
              type="checkbox"
              name="acceptPrivacy"
              defaultChecked={values.acceptPrivacy === "on"}
              required
              aria-invalid={errors.has("acceptPrivacy") ? true : undefined}
            />
            <label htmlFor="checkout-acceptPrivacy">{texts.acceptPrivacy}</label>{" "}
            {legalLink("datenschutz", "/site/privacy", texts.readPrivacy)}
            <p className="field-error">{errors.get("acceptPrivacy") ?? ""}</p>
          </div>
        </fieldset>

        {view.paymentNotice ? (
          <p className="checkout-payment-notice" id="checkout-payment-notice">
            {view.paymentNotice}
          </p>
        ) : null}
        <div className="dialog-actions checkout-actions">
          <Link to={view.storePath}>{texts.back}</Link>
          <button
            type="submit"
            className="button primary"
            disabled={!view.canSubmit || isSubmitting}
            aria-describedby={view.paymentNotice ? "checkout-payment-notice" : undefined}
          >
            {isSubmitting ? texts.submitting : view.submitLabel}
          </button>
        </div>
      </Form>
      {picker ? (
        <Suspense fallback={null}>
          {picker === "date" ? (
            <DatePicker
              days={view.days}
              chosen={shownDay}
              onClose={closePicker}
              onChoose={(date) => {
                if (daySelect.current) daySelect.current.value = date;
                loadDay(date);
                setPicker(null);
              }}
            />
          ) : picker === "time" ? (
            <TimePicker
              dayLabel={view.days.find((day) => day.date === shownDay)?.label ?? ""}
              times={times}
              chosen={openedAtTime}
              onClose={closePicker}
              onChoose={(at) => {
                if (timeSelect.current) timeSelect.current.value = at;
                setPicker(null);
              }}
            />
          ) : view.donations ? (
            <DonationPicker
              donatees={view.donations.donatees}
              onClose={closePicker}
              onChoose={(id) => {
                const radio = donationList.current?.querySelector<HTMLInputElement>(
                  `input[name="donateeId"][value="${CSS.escape(id)}"]`,
                );
                if (radio) radio.checked = true;
                setPicker(null);
                radio?.focus();
              }}
            />
          ) : null}
        </Suspense>
      ) : null}
      {legal ? (
        <UrlDialog
          labelledBy="rechtstext-titel"
          closeTo={withParam(location, LEGAL_PARAM, null)}
          className="legal-dialog"
        >
          <h2 id="rechtstext-titel">{legal.title}</h2>
          {/* Written by the shop's staff in the CMS, like every site page. */}
          <div className="site-body" dangerouslySetInnerHTML={{ __html: legal.bodyHtml }} />
          <p className="dialog-actions">
            <Link to={withParam(location, LEGAL_PARAM, null)} replace preventScrollReset>
              {de.landing.close}
            </Link>
          </p>
        </UrlDialog>
      ) : null}
    </section>
  );
}

/** On a kiosk: the text folds open in the form itself, with or without JavaScript. */
function KioskLegalText({ title, bodyHtml }: { title: string; bodyHtml: string }) {
  return (
    <details className="kiosk-legal">
      <summary>{title}</summary>
      {/* Written by the shop's staff in the CMS, links kept in the shop. */}
      <div className="site-body" dangerouslySetInnerHTML={{ __html: bodyHtml }} />
    </details>
  );
}

/**
 * With JavaScript the text opens in an overlay over the form; without it, its own page opens in
 * a new tab, so the form and what was typed stay where they are.
 */
function LegalLink({ overlay, page, label }: { overlay: string; page: string; label: string }) {
  const isHydrated = useHydrated();
  const location = useLocation();
  if (isHydrated) {
    return (
      <Link to={withParam(location, LEGAL_PARAM, overlay)} preventScrollReset replace>
        {label}
      </Link>
    );
  }
  return (
    <a href={page} target="_blank" rel="noopener noreferrer">
      {label}
      <span className="visually-hidden"> {de.shell.newTab}</span>
    </a>
  );
}
