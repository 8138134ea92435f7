import { data } from "@remix-run/node";
import type { Route } from "#app/server/route-types";
import { useActionData, useLoaderData } from "@remix-run/react";
import { ItemDialog } from "#app/components/store/item-dialog";
import { pageTitle, seoMeta, shellFromMatches } from "#app/seo";
import { applyCartForm, type CartActionError } from "./cart-action.server";
import { cartIdFor, rememberCart } from "#app/features/cart/cart-cookie.server";
import {
  itemDialogView,
  itemDraft,
  roundOf,
  type DialogDraft,
  type Round,
} from "#app/features/storefront/item-dialog.server";
import {
  readCartForm,
  RequestTooLarge,
  type ReadForm,
} from "#app/features/cart/item-request.server";
import { findCartItem } from "#app/db/queries/carts";
import { storageFor } from "#app/integrations/storage/storage.server";
import { clientKeyFor, DEFAULT_UPLOAD_QUOTA } from "#app/features/cart/upload-quota.server";
import { de } from "#app/i18n/de";
import {
  productPath,
  requireStorefront,
  storePath,
} from "#app/features/storefront/storefront.server";
import { parseId } from "#app/domain/values";

const notFound = () => new Response(null, { status: 404, statusText: "Not Found" });

/** The item dialog over the menu: `/store/{branch}/product/{id}`, `?artikel={item}` to edit. */
export async function loader({ context, params, request }: Route.LoaderArgs) {
  const productId = parseId(params.productId);
  if (productId === null) throw notFound();
  const store = await requireStorefront(context, params.branchIdentifier);
  const { cartId } = await cartIdFor(request, context, store.branch.id);
  const url = new URL(request.url);
  const dialog = await itemDialogView(context.db, store, productId, url.searchParams, cartId);
  if (!dialog) throw notFound();
  const identifier = store.branch.identifier;
  return {
    dialog,
    branchName: store.branch.name,
    actionPath: productPath(identifier, productId, dialog.itemId),
    storePath: storePath(identifier),
  };
}

export { cartPageHeaders as headers } from "#app/features/cart/cart-answer-headers";

export type DialogAnswer = CartActionError | { draft: DialogDraft };

/**
 * Saving the dialog adds or replaces the cart item, then returns to the branch page. Without
 * JavaScript the quantity buttons and the steps post here too (decision 044): the dialog comes
 * back with everything chosen so far, chosen files stored into the cart, and the price of it; a
 * refused save comes back the same way, with the messages beside the steps.
 */
export async function action(args: Route.ActionArgs) {
  const { request, context, params } = args;
  const store = await requireStorefront(context, params.branchIdentifier);
  let read: ReadForm;
  try {
    read = await readCartForm(request);
  } catch (error) {
    const message =
      error instanceof RequestTooLarge ? de.uploads.tooLarge : de.cartPanel.badRequest;
    return data<DialogAnswer>({ message, fieldErrors: {} }, { status: 400 });
  }
  const productId = parseId(params.productId);
  const listed = productId === null ? undefined : store.catalogue.listed.get(productId);
  const { cartId, isTampered } = await cartIdFor(request, context, store.branch.id);
  if (!listed || isTampered) return applyCartForm(args, store, read);
  const itemId = parseId(new URL(request.url).searchParams.get("artikel"));
  const item =
    cartId && itemId !== null ? await findCartItem(context.db, cartId, itemId) : undefined;
  const draftOf = async (
    round: Round | null,
    refused?: { message: string; fieldErrors: Record<string, string> },
  ) => {
    const answer = await itemDraft(context.db, {
      store,
      product: listed.product,
      form: read.form,
      oversized: read.oversized,
      round,
      refused,
      editing: item?.productId === listed.product.id ? item : undefined,
      cartId,
      storage: storageFor(context.config, "uploads"),
      uploader: {
        clientKey: clientKeyFor(context.clientAddress, context.secrets.session),
        quota: context.config.uploadQuota ?? DEFAULT_UPLOAD_QUOTA,
      },
    });
    const headers = new Headers();
    if (answer.cartId && answer.cartId !== cartId) {
      headers.append(
        "Set-Cookie",
        await rememberCart(request, context, store.branch.id, answer.cartId),
      );
    }
    const failed = Object.keys(answer.draft.fieldErrors).length > 0;
    return data<DialogAnswer>({ draft: answer.draft }, { status: failed ? 400 : 200, headers });
  };
  const round = roundOf(read.form);
  if (round) return draftOf(round);
  return applyCartForm(args, store, read, (refused) => draftOf(null, refused));
}

export const meta: Route.MetaFunction<typeof loader> = ({ data, matches, location }) => {
  const shell = shellFromMatches(matches);
  return seoMeta(matches, location, {
    title: data && shell ? pageTitle(shell, `${data.dialog.name} - ${data.branchName}`) : null,
    description: data?.dialog.description,
  });
};

export default function ProductDialog() {
  const { dialog, actionPath, storePath } = useLoaderData<typeof loader>();
  const answer = useActionData<DialogAnswer>();
  return (
    <ItemDialog
      key={`${dialog.productId}-${dialog.itemId ?? "neu"}`}
      dialog={dialog}
      actionPath={actionPath}
      storePath={storePath}
      answer={answer}
    />
  );
}
