import { data, redirect } from "@remix-run/node";
import type { Route } from "#app/server/route-types";
import { Link, useActionData } from "@remix-run/react";
import { Notice } from "#app/components/ui";
import { setSoldOut, soldOutFromForm } from "#app/features/catalogue/sold-out.server";
import { soldOutReturn } from "#app/features/catalogue/sold-out-view.server";
import { readSmallForm } from "#app/features/shared/small-request.server";
import { requireStaff } from "#app/features/staff/staff-auth.server";
import { parseId } from "#app/domain/values";
import { deCatalogue } from "#app/i18n/de-catalogue";

/**
 * `POST /backend/products/{id}/sold-out` (decision 036): the form behind every sold-out toggle.
 * Success redirects back (without JavaScript) or answers the fetcher; a refusal shows here.
 */
const texts = deCatalogue.soldOut;

interface SoldOutFormResult {
  ok: boolean;
  message: string;
  productId: number | null;
  soldOut: boolean | null;
}

/**
 * `GET`: nothing of its own to show (the page links to the list of toggles); also the page a
 * refused form is rendered on, so it must not redirect.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(request, context);
  return null;
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const user = await requireStaff(request, context);
  const fail = (status: number, message: string) =>
    data<SoldOutFormResult>({ ok: false, message, productId: null, soldOut: null }, { status });
  const productId = parseId(params.productId);
  if (productId === null) return fail(404, texts.errors.unknownProduct);
  const form = await readSmallForm(request);
  if (!form) return fail(400, texts.errors.failed);
  const fields = soldOutFromForm(form);
  if (!fields.ok) return fail(400, fields.errors.map((error) => error.message).join(" "));
  const outcome = await setSoldOut(context.db, {
    user,
    productId,
    branchId: fields.branchId,
    soldOut: fields.soldOut,
    clientAddress: context.clientAddress,
  });
  if (!outcome.ok) {
    return fail(outcome.status, outcome.errors.map((error) => error.message).join(" "));
  }
  const { productName, soldOut } = outcome.value;
  if (form.get("mode") === "fetch") {
    return data<SoldOutFormResult>({
      ok: true,
      message: soldOut ? texts.markedNotice(productName) : texts.clearedNotice(productName),
      productId,
      soldOut,
    });
  }
  return redirect(soldOutReturn(form.get("returnTo"), soldOut, productId), 303);
}

export default function ProductSoldOut() {
  const result = useActionData<typeof action>();
  return (
    <section>
      <h1>{deCatalogue.soldOut.title}</h1>
      <Notice tone="error">{result?.message}</Notice>
      <p>
        <Link to="/backend/sold-out">{deCatalogue.soldOut.title}</Link>
      </p>
    </section>
  );
}
