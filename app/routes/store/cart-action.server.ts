/**
 * The HTTP answer of the cart's forms, beside the two routes that take them (the branch page's
 * cart panel, cart.tsx, and the item dialog, product.tsx): the Epic Stack's helper beside its
 * routes (decision 081). The cart area's service (changeCart) knows the cart; this file reads the
 * request and answers, so the cart area imports nothing of the storefront (decision 086).
 */
import { data, redirect } from "@remix-run/node";
import type { Route } from "#app/server/route-types";
import { de } from "#app/i18n/de";
import { cartIdFor, forgetCarts, rememberCart } from "#app/features/cart/cart-cookie.server";
import { changeCart } from "#app/features/cart/cart-changes.server";
import { NOTICE_PARAM } from "#app/features/cart/cart-notice";
import { cleanMenuSearch, MENU_SEARCH_PARAM } from "#app/domain/menu-listing";
import { productAnchor } from "#app/features/storefront/store-paths";
import type { FieldErrors } from "#app/features/cart/item-form.server";
import {
  readCartForm,
  RequestTooLarge,
  type ReadForm,
} from "#app/features/cart/item-request.server";
import { storageFor } from "#app/integrations/storage/storage.server";
import {
  requireStorefront,
  storePath,
  type Storefront,
} from "#app/features/storefront/storefront.server";
import { clientKeyFor, DEFAULT_UPLOAD_QUOTA } from "#app/features/cart/upload-quota.server";
import { newCartRefusal } from "#app/features/cart/new-cart-limit.server";
import { preferredOrderType } from "#app/features/tables/table-visit.server";

export interface CartActionError {
  message: string;
  fieldErrors: FieldErrors;
  /** What was typed, so a page rendered without JavaScript shows it again. */
  values?: Record<string, string[]>;
}

/** Longest echoed value: a refused 10 MB text is not sent back whole. */
const MAX_ECHO_LENGTH = 4000;

function typedValues(form: FormData): Record<string, string[]> {
  const values: Record<string, string[]> = {};
  for (const [key, value] of form.entries()) {
    if (typeof value !== "string" || key.length > 100) continue;
    (values[key] ??= []).push(value.slice(0, MAX_ECHO_LENGTH));
  }
  return values;
}

const refuse = (message: string, headers?: HeadersInit) =>
  data<CartActionError>({ message, fieldErrors: {} }, { status: 400, headers });

/**
 * The one cart action behind the branch page and the item dialog: 303 back to the branch page
 * on success, 400 with German messages on bad input. A tampered cookie is refused and cleared.
 */
export async function cartAction(args: Route.ActionArgs) {
  const store = await requireStorefront(args.context, args.params.branchIdentifier);
  // The body is read before anything is refused: a half-read request would reset the connection.
  let read: ReadForm;
  try {
    read = await readCartForm(args.request);
  } catch (error) {
    return refuse(error instanceof RequestTooLarge ? de.uploads.tooLarge : de.cartPanel.badRequest);
  }
  return applyCartForm(args, store, read);
}

/** The cart action on a form already read (the item dialog reads it first for its round trips). */
export async function applyCartForm(
  { request, context }: Route.ActionArgs,
  store: Storefront,
  read: ReadForm,
  onRefused?: (refused: {
    message: string;
    fieldErrors: FieldErrors;
  }) => Promise<Response | ReturnType<typeof data> | null>,
) {
  const { cartId, isTampered } = await cartIdFor(request, context, store.branch.id);
  if (isTampered) {
    return refuse(de.cartPanel.tamperedCookie, { "Set-Cookie": await forgetCarts(context) });
  }
  const waitSeconds = cartId ? null : newCartRefusal(context);
  if (waitSeconds !== null) {
    return data<CartActionError>(
      {
        message: de.cartPanel.tooManyNewCarts(waitSeconds),
        fieldErrors: {},
        values: typedValues(read.form),
      },
      { status: 429, headers: { "Retry-After": String(waitSeconds) } },
    );
  }
  const result = await changeCart(context.db, {
    branch: store.branch,
    orderable: store.catalogue.orderable,
    soldOut: store.catalogue.soldOut,
    // A guest who scanned a table's QR code starts a dine-in cart (decision 076).
    preferredType: preferredOrderType(request, store.branch, store.settings.defaultDeliveryMethod),
    cartId,
    form: read.form,
    oversized: read.oversized,
    storage: storageFor(context.config, "uploads"),
    uploader: {
      clientKey: clientKeyFor(context.clientAddress, context.secrets.session),
      quota: context.config.uploadQuota ?? DEFAULT_UPLOAD_QUOTA,
    },
  });
  if (!result.ok) {
    const answer = await onRefused?.({ message: result.message, fieldErrors: result.fieldErrors });
    if (answer) return answer;
    return data<CartActionError>(
      { message: result.message, fieldErrors: result.fieldErrors, values: typedValues(read.form) },
      { status: 400 },
    );
  }
  const headers = new Headers();
  if (result.isNewCart || result.cartId !== cartId) {
    headers.append(
      "Set-Cookie",
      await rememberCart(request, context, store.branch.id, result.cartId),
    );
  }
  const back = storePath(store.branch.identifier);
  // The checkout changes the order type and area through this action too, and stays there.
  const redirectTo = read.form.get("redirectTo");
  const target =
    typeof redirectTo === "string" &&
    /^\/store\/[^/?#]+\/checkout(\/error)?$/.test(redirectTo) &&
    redirectTo.startsWith(`${back}/`)
      ? redirectTo
      : `${back}${menuReturn(request, read.form, result.notice)}`;
  return redirect(target, { status: 303, headers });
}

/**
 * Where on the menu the customer comes back to: the notice, the search in force, and for a page
 * load without JavaScript (`Sec-Fetch-Mode: navigate`) the row of the product just added, so
 * the browser scrolls back to it instead of to the top (issue 17). A fetch with JavaScript keeps
 * its scroll position itself.
 */
function menuReturn(request: Request, form: FormData, notice: string | null): string {
  const query = new URLSearchParams();
  if (notice) query.set(NOTICE_PARAM, notice);
  const search = form.get(MENU_SEARCH_PARAM);
  if (typeof search === "string" && cleanMenuSearch(search)) {
    query.set(MENU_SEARCH_PARAM, cleanMenuSearch(search));
  }
  const productId = form.get("productId");
  const anchor =
    notice === "added" &&
    request.headers.get("Sec-Fetch-Mode") === "navigate" &&
    typeof productId === "string" &&
    /^[1-9]\d{0,9}$/.test(productId)
      ? `#${productAnchor(Number(productId))}`
      : "";
  const text = query.toString();
  return `${text ? `?${text}` : ""}${anchor}`;
}
