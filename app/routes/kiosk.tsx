import type { LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { selfServiceCookie } from "../features/storefront/visitor.server";

/**
 * The self-service context is entered by opening `/kiosk` once on the device (it stays until
 * `/kiosk?aus`): no cookie banner there, and the idle screen waits for the next customer.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const leave = new URL(request.url).searchParams.has("aus");
  return redirect("/", {
    status: 303,
    headers: {
      "Set-Cookie": selfServiceCookie(context.config.publicOrigin, !leave),
      "Cache-Control": "no-store",
    },
  });
}
