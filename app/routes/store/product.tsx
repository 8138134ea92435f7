import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { ItemDialog } from "../../components/store/item-dialog";
import { pageTitle, seoMeta, shellFromMatches } from "../../seo";
import { cartAction, type CartActionError } from "../../features/cart/cart-action.server";
import { cartIdFor } from "../../features/cart/cart-cookie.server";
import { itemDialogView } from "../../features/storefront/item-dialog.server";
import {
  productPath,
  requireStorefront,
  storePath,
} from "../../features/storefront/storefront.server";
import { parseId } from "../../domain/values";

const notFound = () => new Response(null, { status: 404, statusText: "Not Found" });

/** The item dialog over the menu: `/store/{branch}/product/{id}`, `?artikel={item}` to edit. */
export async function loader({ context, params, request }: LoaderFunctionArgs) {
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
    dialogPath: productPath(identifier, productId),
    storePath: storePath(identifier),
  };
}

/** Saving the dialog adds or replaces the cart item, then returns to the branch page. */
export const action = cartAction;

export const meta: MetaFunction<typeof loader> = ({ data, matches, location }) => {
  const shell = shellFromMatches(matches);
  return seoMeta(matches, location, {
    title: data && shell ? pageTitle(shell, `${data.dialog.name} - ${data.branchName}`) : null,
    description: data?.dialog.description,
  });
};

export default function ProductDialog() {
  const { dialog, actionPath, dialogPath, storePath } = useLoaderData<typeof loader>();
  const failed = useActionData<CartActionError>();
  return (
    <ItemDialog
      key={`${dialog.productId}-${dialog.itemId ?? "neu"}`}
      dialog={dialog}
      actionPath={actionPath}
      dialogPath={dialogPath}
      storePath={storePath}
      failed={failed}
    />
  );
}
