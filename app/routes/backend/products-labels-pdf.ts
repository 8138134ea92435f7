import type { LoaderFunctionArgs } from "@remix-run/node";
import { labelsPdfLoader } from "#app/features/labels/labels.server";

/** `GET /backend/products/labels.pdf`: the labels chosen on `/backend/products/labels` (decision 057). */
export const loader = ({ request, context }: LoaderFunctionArgs) =>
  labelsPdfLoader(request, context);
