import { data, redirect, type ActionFunctionArgs } from "@remix-run/node";
import { de } from "../../i18n/de";
import { cartIdFor, forgetCarts, rememberCart } from "./cart-cookie.server";
import { changeCart } from "./cart-changes.server";
import { NOTICE_PARAM } from "./cart-notice";
import type { FieldErrors } from "../storefront/item-form.server";
import { readCartForm, RequestTooLarge, type ReadForm } from "../storefront/item-request.server";
import { requireStorefront, storageFor, storePath } from "../storefront/storefront.server";
import { clientKeyFor, DEFAULT_UPLOAD_QUOTA } from "./upload-quota.server";

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
export async function cartAction({ request, context, params }: ActionFunctionArgs) {
  const store = await requireStorefront(context, params.branchIdentifier);
  // The body is read before anything is refused: a half-read request would reset the connection.
  let read: ReadForm;
  try {
    read = await readCartForm(request);
  } catch (error) {
    return refuse(error instanceof RequestTooLarge ? de.uploads.tooLarge : de.cartPanel.badRequest);
  }
  const { cartId, isTampered } = await cartIdFor(request, context, store.branch.id);
  if (isTampered) {
    return refuse(de.cartPanel.tamperedCookie, { "Set-Cookie": await forgetCarts(context) });
  }
  const result = await changeCart(context.db, {
    branch: store.branch,
    orderable: store.catalogue.orderable,
    preferredType: store.settings.defaultDeliveryMethod,
    cartId,
    form: read.form,
    oversized: read.oversized,
    storage: storageFor(context),
    uploader: {
      clientKey: clientKeyFor(context.clientAddress, context.secrets.session),
      quota: context.config.uploadQuota ?? DEFAULT_UPLOAD_QUOTA,
    },
  });
  if (!result.ok) {
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
  const notice = result.notice ? `?${NOTICE_PARAM}=${result.notice}` : "";
  const back = storePath(store.branch.identifier);
  // The checkout changes the order type and area through this action too, and stays there.
  const redirectTo = read.form.get("redirectTo");
  const target =
    typeof redirectTo === "string" &&
    /^\/store\/[^/?#]+\/checkout(\/error)?$/.test(redirectTo) &&
    redirectTo.startsWith(`${back}/`)
      ? redirectTo
      : `${back}${notice}`;
  return redirect(target, { status: 303, headers });
}
