import { PROMO_SLOT_ID } from "#app/features/pwa/pwa-host";
import { parseWithZod, type SubmissionResult } from "@conform-to/zod/v4";
import { data, redirect } from "@remix-run/node";
import type { Route } from "#app/server/route-types";
import { useActionData, useLoaderData, useRevalidator } from "@remix-run/react";
import { useEffect } from "react";
import {
  BranchContact,
  CounterAppointmentPrompt,
  OrderDetails,
  StatusTimeline,
} from "#app/components/status/order-status-parts";
import { Questionnaire } from "#app/components/status/questionnaire";
import { STATUS_POLL_INTERVAL_MS } from "#app/domain/order-status";
import { deOrderStatus } from "#app/i18n/de-order-status";
import { statusPath } from "#app/features/storefront/store-paths";
import { isBranchOpenNow } from "#app/features/storefront/opening.server";
import { pageTitle, shellFromMatches } from "#app/seo";
import {
  acceptCounterAppointment,
  loadOrderRecord,
  submitQuestionnaire,
  type OrderAddress,
  type OrderChangeResult,
} from "#app/features/orders/order-status.server";
import {
  STATUS_CACHE_CONTROL,
  etagMatches,
  orderStatusEtag,
} from "#app/features/orders/order-status-etag.server";
import { orderStatusView } from "#app/features/orders/order-status-view.server";
import { questionnaireSchema } from "#app/features/orders/questionnaire-schema";
import { declineCounterAppointmentWithRefund } from "#app/features/orders/refund.server";
import { readSmallForm } from "#app/features/shared/small-request.server";
import { useSelfService } from "#app/components/kiosk";
import { isSelfService } from "#app/features/storefront/visitor.server";
import { KIOSK_NO_STORE, isKioskOrder, withoutCustomer } from "#app/features/kiosk/kiosk.server";
import { KIOSK_IDLE_PATH } from "#app/features/kiosk/kiosk";

const texts = deOrderStatus;

/** The refresh interval in whole seconds, for the meta refresh of pages without JavaScript. */
const REFRESH_SECONDS = STATUS_POLL_INTERVAL_MS / 1000;

const notFound = () => new Response(null, { status: 404, statusText: "Not Found" });

function addressOf(params: Route.LoaderArgs["params"]): OrderAddress {
  return { uid: params.uid ?? "", hash: params.hash ?? "" };
}

/**
 * The page for the order's uid and hash; anything else is the same 404 as an unknown page. The
 * ETag is checked first: an unchanged poll gets 304 without the order being read again (the
 * server's middleware usually answers it even earlier, see decision 008).
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const address = addressOf(params);
  if (isSelfService(request)) return kioskLoader(request, address, context);
  const etag = await orderStatusEtag(context.db, {
    ...address,
    resource: "page",
    origin: context.config.publicOrigin,
    cookieHeader: request.headers.get("Cookie"),
    now: new Date(),
  });
  if (!etag) throw notFound();
  const headers = { ETag: etag, "Cache-Control": STATUS_CACHE_CONTROL };
  if (etagMatches(request.headers.get("If-None-Match"), etag)) {
    return data(null, { status: 304, headers });
  }
  const record = await loadOrderRecord(context.db, address);
  if (!record) throw notFound();
  const now = new Date();
  const zone = record.settings.businessTimeZone;
  const isBranchOpen = await isBranchOpenNow(context.db, record.branch.identifier, now, zone);
  return data(orderStatusView(record, { now, isBranchOpen }), { headers });
}

/**
 * On a kiosk (issue 35): only the order this kiosk's customer has just placed, and only until the
 * kiosk resets; any other, or the same after the reset (a back gesture of the next customer), is
 * the idle screen. The page is stored nowhere (no ETag, `no-store`) and shows no name, address or
 * comment.
 */
async function kioskLoader(
  request: Request,
  address: OrderAddress,
  context: Route.LoaderArgs["context"],
) {
  const headers = { "Cache-Control": KIOSK_NO_STORE };
  if (!isKioskOrder(request, address.uid)) {
    throw redirect(KIOSK_IDLE_PATH, { status: 303, headers });
  }
  const record = await loadOrderRecord(context.db, address);
  if (!record) throw notFound();
  const now = new Date();
  const zone = record.settings.businessTimeZone;
  const isBranchOpen = await isBranchOpenNow(context.db, record.branch.identifier, now, zone);
  return data(withoutCustomer(orderStatusView(record, { now, isBranchOpen })), { headers });
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => {
  const headers = new Headers();
  for (const name of ["ETag", "Cache-Control"]) {
    const value = loaderHeaders.get(name);
    if (value) headers.set(name, value);
  }
  return headers;
};

export const meta: Route.MetaFunction<typeof loader> = ({ matches }) => {
  const shell = shellFromMatches(matches);
  return [
    { title: shell ? pageTitle(shell, texts.pageTitle) : texts.pageTitle },
    { name: "robots", content: "noindex" },
  ];
};

export type StatusIntent =
  "accept-counter-appointment" | "decline-counter-appointment" | "questionnaire";

export interface StatusActionData {
  intent: StatusIntent | null;
  message: string | null;
  /** The questionnaire's submission, so its fields show their messages and keep their values. */
  result?: SubmissionResult<string[]>;
}

const refuse = (body: StatusActionData) => data(body, { status: 400 });

/**
 * The page's three forms: accept or decline the counter appointment, send the questionnaire.
 * 303 back to the page on success, 400 with a German message when the order does not allow it.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const address = addressOf(params);
  // A kiosk acts only on its customer's own order, until it resets (issue 35).
  if (isSelfService(request) && !isKioskOrder(request, address.uid)) {
    return redirect(KIOSK_IDLE_PATH, { status: 303, headers: { "Cache-Control": KIOSK_NO_STORE } });
  }
  const form = await readSmallForm(request);
  if (!form) return refuse({ intent: null, message: texts.errors.badRequest });
  const intent = form.get("intent");
  let result: OrderChangeResult;
  switch (intent) {
    case "accept-counter-appointment":
      result = await acceptCounterAppointment(context.db, address);
      break;
    case "decline-counter-appointment":
      result = await declineCounterAppointmentWithRefund(context, address);
      break;
    case "questionnaire": {
      const submission = parseWithZod(form, { schema: questionnaireSchema });
      if (submission.status !== "success") {
        return refuse({ intent, message: null, result: submission.reply() });
      }
      result = await submitQuestionnaire(context.db, address, submission.value, new Date());
      if (!result.ok && result.status === 400) {
        const message = result.message;
        return refuse({ intent, message, result: submission.reply({ formErrors: [message] }) });
      }
      break;
    }
    default:
      return refuse({ intent: null, message: texts.errors.unknownAction });
  }
  if (!result.ok) {
    if (result.status === 404) throw notFound();
    return refuse({ intent, message: result.message });
  }
  return redirect(statusPath(address), 303);
}

/** With JavaScript the page revalidates every 10 s while the order can still change. */
function usePolling(isActive: boolean) {
  const { revalidate } = useRevalidator();
  useEffect(() => {
    if (!isActive) return;
    const poll = () => {
      if (document.visibilityState === "visible") void revalidate();
    };
    const timer = window.setInterval(poll, STATUS_POLL_INTERVAL_MS);
    document.addEventListener("visibilitychange", poll);
    return () => {
      window.clearInterval(timer);
      document.removeEventListener("visibilitychange", poll);
    };
  }, [isActive, revalidate]);
}

export default function OrderStatusPage() {
  const view = useLoaderData<typeof loader>();
  const answer = useActionData<StatusActionData>();
  usePolling(view?.keepPolling ?? false);
  // On a kiosk the page's own refresh is the reset after the order (decision 053): the shortest
  // meta refresh wins, and the 10 s poll would restart the kiosk's clock forever.
  const selfService = useSelfService();
  // A 304 carries no data and is never rendered; this only satisfies the type.
  if (!view) return null;
  const questionnaireResult = answer?.intent === "questionnaire" ? answer.result : undefined;
  const otherMessage = answer?.intent !== "questionnaire" ? answer?.message : null;
  return (
    <article
      className={`page status-page${view.isCanceled ? " is-canceled" : ""}`}
      aria-labelledby="status-titel"
    >
      {view.keepPolling && !selfService ? (
        // Without JavaScript the browser reloads the page; with it, this is inert text and the
        // poll above takes over (a meta refresh cannot be cancelled once it has been parsed).
        <noscript>
          <meta httpEquiv="refresh" content={String(REFRESH_SECONDS)} />
        </noscript>
      ) : null}
      <h1 id="status-titel">{view.heading}</h1>
      <p className="status-ticket">
        {view.ticket.label} <strong>{view.ticket.number}</strong>
      </p>
      {otherMessage ? (
        <p className="form-error" role="alert">
          {otherMessage}
        </p>
      ) : null}
      <div className="status-messages" role="status">
        {view.messages.map((message) => (
          <p key={message}>{message}</p>
        ))}
      </div>
      <StatusTimeline timeline={view.timeline} />
      {view.payment ? (
        <p className={`status-payment is-${view.payment.state}`}>
          {texts.paymentStatus(view.payment.label)}
        </p>
      ) : null}
      {view.counterAppointment ? (
        <CounterAppointmentPrompt prompt={view.counterAppointment} />
      ) : null}
      {view.showsQuestionnaire ? <Questionnaire lastResult={questionnaireResult} /> : null}
      {view.showsRatingThanks ? <p className="cart-notice">{texts.questionnaire.thanks}</p> : null}
      <div className="status-columns">
        <OrderDetails details={view.details} />
        <BranchContact branch={view.branch} />
      </div>
      {/* The app's promotion is put here in the browser, when it applies (decision 052). */}
      <div id={PROMO_SLOT_ID} />
    </article>
  );
}
