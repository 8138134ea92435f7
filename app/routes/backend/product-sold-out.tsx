import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData } from "@remix-run/react";
import { Notice } from "#app/components/ui";
import { soldOutFormAction, soldOutFormLoader } from "#app/features/catalogue/sold-out-page.server";
import { deCatalogue } from "#app/i18n/de-catalogue";

/**
 * `POST /backend/products/{id}/sold-out` (decision 036): the form behind every sold-out toggle.
 * Success redirects back (without JavaScript) or answers the fetcher; a refusal shows here.
 */
export const loader = ({ request, context }: LoaderFunctionArgs) =>
  soldOutFormLoader(request, context);

export const action = ({ request, context, params }: ActionFunctionArgs) =>
  soldOutFormAction(request, context, params.productId);

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
