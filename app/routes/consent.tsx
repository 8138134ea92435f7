import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { consentCookie, safeRedirectPath } from "../services/visitor.server";

/** The cookie banner's form: sets the consent cookie for 365 days and returns to the page. */
export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  return redirect(safeRedirectPath(form.get("redirectTo")), {
    status: 303,
    headers: { "Set-Cookie": consentCookie(context.config.publicOrigin) },
  });
}

export async function loader() {
  return redirect("/");
}
