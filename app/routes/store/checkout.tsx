import { data, redirect } from "@remix-run/node";
import type { Route } from "#app/server/route-types";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { AddressSection } from "#app/components/checkout/address-fields";
import { ContactSection, TableSection } from "#app/components/checkout/contact-section";
import { ErrorSummary } from "#app/components/checkout/error-summary";
import { LegalDialog } from "#app/components/checkout/legal";
import { OrderTypeSection } from "#app/components/checkout/order-type-section";
import {
  CheckoutActions,
  ConsentsSection,
  DonationSection,
  PaymentSection,
} from "#app/components/checkout/payment-section";
import { CommentSection, SummarySection } from "#app/components/checkout/summary-section";
import { TimeSection } from "#app/components/checkout/time-section";
import { useSelfService } from "#app/components/kiosk";
import { isDatabaseUnavailable } from "#app/db/unavailable.server";
import { cartIdFor } from "#app/features/cart/cart-cookie.server";
import {
  fieldOf,
  LEGAL_PARAM,
  SHOW_TIMES,
  type CheckoutFailure,
} from "#app/features/checkout/checkout-form";
import {
  checkoutLegalTexts,
  initialValues,
  readCheckoutForm,
  viewWithTimesOf,
} from "#app/features/checkout/checkout-inputs.server";
import { loadCheckout } from "#app/features/checkout/checkout.server";
import { checkoutView, valuesFrom } from "#app/features/checkout/checkout-view.server";
import { readyProviders } from "#app/features/checkout/payment.server";
import { submitCheckoutOrder } from "#app/features/checkout/submit-order.server";
import { KIOSK_NO_STORE, kioskOrderCookie } from "#app/features/kiosk/kiosk.server";
import { phoneOrderTaker } from "#app/features/orders/staff-order-query.server";
import { referenceBranch } from "#app/features/shared/reference-data.server";
import { isSelfService } from "#app/features/storefront/visitor.server";
import { tableVisitOf } from "#app/features/tables/table-visit.server";
import { de } from "#app/i18n/de";
import { deCheckout as texts } from "#app/i18n/de-checkout";
import type { Problem } from "#app/server/outcome";
import { logServerError } from "#app/server/error-log.server";
import { pageTitle, seoMeta, shellFromMatches } from "#app/seo";

/** A checkout form is a few kilobytes; anything far larger is not a customer typing. */
const MAX_FORM_BYTES = 64 * 1024;

const notFound = () => new Response(null, { status: 404, statusText: "Not Found" });

/** The branch's checkout with the visitor's cart for it (the cart cookie names one per branch). */
async function checkoutOf({ context, params, request }: Route.LoaderArgs) {
  const identifier = params.branchIdentifier ?? "";
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

/**
 * On a kiosk every answer of the checkout is stored nowhere (issue 35): neither the HTTP cache a
 * back gesture reads from nor the back-forward cache keeps the form with a customer's entries
 * for the next one. Elsewhere the answers keep their usual headers.
 */
const kioskHeaders = (request: Request) =>
  isSelfService(request) ? { "Cache-Control": KIOSK_NO_STORE } : undefined;

export async function loader(args: Route.LoaderArgs) {
  const { context, request } = args;
  const checkout = await checkoutOf(args);
  const url = new URL(request.url);
  const legalTexts = await checkoutLegalTexts(context.db, {
    overlay: url.searchParams.get(LEGAL_PARAM),
    selfService: isSelfService(request),
    origin: context.config.publicOrigin,
  });
  const view = checkoutView(checkout, url.searchParams);
  const values = initialValues(view, {
    appointment: url.searchParams.get("appointment"),
    visitedTableId: tableVisitOf(request, checkout.store.branch.id)?.tableId ?? null,
  });
  return data(
    { ...legalTexts, view, values, paymentFailed: url.pathname.endsWith("/checkout/error") },
    { headers: kioskHeaders(request) },
  );
}

export const headers: Route.HeadersFunction = ({ actionHeaders, loaderHeaders, parentHeaders }) => {
  const headers = new Headers(parentHeaders);
  const cacheControl = actionHeaders.get("Cache-Control") ?? loaderHeaders.get("Cache-Control");
  if (cacheControl) headers.set("Cache-Control", cacheControl);
  return headers;
};

export async function action(args: Route.ActionArgs) {
  const { context, request } = args;
  const headers = kioskHeaders(request);
  const refuse = (errors: readonly Problem[], values = {}, status = 400) =>
    data<CheckoutFailure>({ errors: [...errors], values }, { headers, status });
  if (Number(request.headers.get("Content-Length") ?? 0) > MAX_FORM_BYTES) {
    return refuse([{ message: de.uploads.tooLarge }]);
  }
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return refuse([{ message: de.cartPanel.badRequest }]);
  }
  const values = valuesFrom(form);
  const checkout = await checkoutOf(args);
  if (form.get("intent") === SHOW_TIMES) {
    const view = viewWithTimesOf(checkout, form, values);
    return data<CheckoutFailure>({ errors: [], values, view }, { headers });
  }
  const read = readCheckoutForm(form);
  if (!read.ok) return refuse(read.errors, values);
  try {
    const submitted = await submitCheckoutOrder(context, {
      checkout,
      form: read.value,
      phoneOrderTaker: () => phoneOrderTaker(request, context, checkout.store.branch.id),
      selfService: isSelfService(request),
      now: new Date(),
    });
    if (!submitted.ok) return refuse(submitted.errors, values);
    const { location, kioskOrderUid } = submitted.value;
    if (kioskOrderUid === null) return redirect(location, 303);
    const answer = new Headers({ "Cache-Control": KIOSK_NO_STORE });
    answer.append("Set-Cookie", kioskOrderCookie(kioskOrderUid, context.config.publicOrigin));
    return redirect(location, { status: 303, headers: answer });
  } catch (error) {
    // The database away for a moment is a 503 with its own page (docs/decisions/026): the order
    // was either stored whole or not at all, and the same form may simply be sent again.
    if (isDatabaseUnavailable(error)) throw error;
    // Whatever else broke is logged (one line, app/server/error-log.server.ts); the customer keeps
    // the form and the spec's message (section 8).
    logServerError(error, request);
    return refuse([{ message: texts.unknownError }], values, 500);
  }
}

export const meta: Route.MetaFunction<typeof loader> = ({ matches, location }) => {
  const shell = shellFromMatches(matches);
  return [
    ...seoMeta(matches, location, { title: shell ? pageTitle(shell, texts.title) : texts.title }),
    { name: "robots", content: "noindex" },
  ];
};

export default function Checkout() {
  const loaded = useLoaderData<typeof loader>();
  const failed = useActionData<CheckoutFailure>();
  const view = failed?.view ?? loaded.view;
  const selfService = useSelfService();
  const navigation = useNavigation();
  const isSubmitting = navigation.state === "submitting" && navigation.formMethod === "POST";
  const summaryRef = useRef<HTMLDivElement>(null);
  const state = {
    values: failed?.values ?? loaded.values,
    errors: new Map(
      (failed?.errors ?? []).flatMap((error) =>
        error.field ? [[fieldOf(error.field), error.message] as const] : [],
      ),
    ),
  };

  // The server's answer is shown at the top; take the customer there.
  useEffect(() => {
    if (failed && summaryRef.current) {
      summaryRef.current.scrollIntoView({ block: "start" });
      summaryRef.current.focus();
    }
  }, [failed]);

  return (
    <section className="page checkout" aria-labelledby="checkout-titel">
      <h1 id="checkout-titel">{texts.heading}</h1>
      <p className="checkout-branch">{view.branchName}</p>
      <ErrorSummary
        ref={summaryRef}
        errors={failed?.errors ?? []}
        paymentFailed={loaded.paymentFailed}
      />
      <OrderTypeSection view={view} areaError={state.errors.has("deliveryArea")} />
      <Form
        method="post"
        className="checkout-form"
        noValidate={false}
        // A kiosk's browser keeps nothing a customer typed for the next one (decision 053).
        autoComplete={selfService ? "off" : undefined}
      >
        <input type="hidden" name="orderKey" value={view.orderKey} />
        {view.orderType === "dine-in" && view.required.table ? (
          <TableSection state={state} tables={view.tables} />
        ) : null}
        <ContactSection state={state} required={view.required} />
        {view.orderType === "delivery" ? (
          <AddressSection state={state} isRequired={view.required.address} />
        ) : null}
        <TimeSection view={view} state={state} />
        <CommentSection state={state} />
        <SummarySection view={view} />
        {view.donations ? <DonationSection donations={view.donations} state={state} /> : null}
        <PaymentSection
          methods={view.paymentMethods}
          chosen={state.values.paymentMethod ?? view.defaultPayment ?? ""}
          state={state}
        />
        <ConsentsSection state={state} kioskTexts={loaded.kioskLegal} />
        <CheckoutActions view={view} isSubmitting={isSubmitting} />
      </Form>
      {loaded.legal ? <LegalDialog legal={loaded.legal} /> : null}
    </section>
  );
}
