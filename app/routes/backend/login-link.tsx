import { data, redirect } from "@remix-run/node";
import type { Route } from "#app/server/route-types";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { de } from "#app/i18n/de-staff";
import { requireSameOrigin } from "#app/features/staff/staff-auth.server";
import {
  isLoginLinkUsable,
  loginMessage,
  redeemLoginLink,
} from "#app/features/staff/staff-login.server";
import { signInSource, signedInHeaders } from "#app/features/staff/known-devices.server";
import { Button, Notice } from "#app/components/ui";
import { staffPageMeta } from "#app/components/backend/staff-page-meta";
import { signInHandle, signInLinks } from "#app/components/backend/sign-in-page";

const texts = de.staffAuth;

export const handle = signInHandle;

export const links: Route.LinksFunction = signInLinks;

export const meta: Route.MetaFunction = () => staffPageMeta(texts.linkConfirmTitle);

/** The token is in the address: never cached, never passed on as a referrer. */
export const headers: Route.HeadersFunction = () => ({
  "Cache-Control": "no-store",
  "Referrer-Policy": "no-referrer",
});

/**
 * `GET /backend/login-link/{token}` only asks: mail scanners open links on their own, and must
 * not spend them. The button posts, and that signs in.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const usable = await isLoginLinkUsable(context.db, params.token ?? "", new Date());
  return data({ usable }, usable ? 200 : 400);
}

export async function action({ request, params, context }: Route.ActionArgs) {
  requireSameOrigin(request, context);
  const source = await signInSource(request, context);
  const outcome = await redeemLoginLink(context.db, params.token ?? "", source);
  if (outcome.ok) {
    // The link proved the mailbox: this browser becomes a known device of the account.
    return redirect("/backend", { status: 303, headers: await signedInHeaders(context, outcome) });
  }
  return data({ message: loginMessage(outcome) }, outcome.reason === "throttled" ? 429 : 400);
}

export default function LoginLinkPage() {
  const { usable } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const message = actionData?.message ?? (usable ? null : texts.invalidLink);
  return (
    <div className="backoffice-login">
      <h1>{texts.linkConfirmTitle}</h1>
      <Notice tone="error">{message}</Notice>
      {usable && !actionData ? (
        <Form method="post" className="backoffice-panel form-stack">
          <p>{texts.linkConfirmText}</p>
          <div>
            <Button type="submit" disabled={navigation.state === "submitting"}>
              {texts.submit}
            </Button>
          </div>
        </Form>
      ) : (
        <p>
          <Link to="/backend/login">{texts.toLogin}</Link>
        </p>
      )}
    </div>
  );
}
