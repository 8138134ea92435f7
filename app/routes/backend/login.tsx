import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "@remix-run/node";
import type { Route } from "#app/server/route-types";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { FormMessage, TextField } from "#app/components/backend/form-parts";
import { Button, Notice } from "#app/components/ui";
import { safeRedirectPath } from "#app/domain/redirect-target";
import { de } from "#app/i18n/de-staff";
import { readSmallForm } from "#app/features/shared/small-request.server";
import {
  LOGIN_LINK_MINUTES,
  loginLinkRequestSchema,
  loginSchema,
} from "#app/features/staff/staff-auth-schemas";
import { currentStaff, requireSameOrigin } from "#app/features/staff/staff-auth.server";
import {
  loginMessage,
  passwordAuthenticator,
  requestLoginLink,
} from "#app/features/staff/staff-login.server";
import { signInSource, signedInHeaders } from "#app/features/staff/known-devices.server";
import { staffPageMeta } from "#app/components/backend/staff-page-meta";
import { signInHandle, signInLinks } from "#app/components/backend/sign-in-page";

const texts = de.staffAuth;

export const handle = signInHandle;

export const links: Route.LinksFunction = signInLinks;

export const meta: Route.MetaFunction = () => staffPageMeta(texts.loginTitle);

export const headers: Route.HeadersFunction = ({ actionHeaders, loaderHeaders }) => {
  const headers = new Headers({ "Cache-Control": "no-store" });
  const retry = actionHeaders.get("Retry-After") ?? loaderHeaders.get("Retry-After");
  if (retry) headers.set("Retry-After", retry);
  return headers;
};

/** Someone already signed in goes straight on; everyone else gets the two forms. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const redirectTo = safeRedirectPath(url.searchParams.get("redirectTo"));
  if (await currentStaff(request, context)) throw redirect(redirectTo);
  return {
    redirectTo,
    linkSent: url.searchParams.get("link") === "gesendet",
    loggedOut: url.searchParams.has("abgemeldet"),
    linkMinutes: LOGIN_LINK_MINUTES,
  };
}

/**
 * `intent=password`: remix-auth's form strategy checks the credentials, this route commits the
 * session cookie. `intent=link`: queues a login link and always answers the same.
 */
export async function action({ request, context }: Route.ActionArgs) {
  requireSameOrigin(request, context);
  const form = await readSmallForm(request);
  if (!form) return data({ intent: null, result: null, message: texts.badRequest }, 400);
  const intent = form.get("intent");

  if (intent === "link") {
    const submission = parseWithZod(form, { schema: loginLinkRequestSchema });
    if (submission.status !== "success") {
      return data({ intent, result: submission.reply(), message: null }, 400);
    }
    const { throttledMinutes } = await requestLoginLink(
      context.db,
      { email: submission.value.linkEmail, origin: context.config.publicOrigin },
      { clientAddress: context.clientAddress, now: new Date() },
    );
    if (throttledMinutes !== null) {
      return data(
        {
          intent,
          result: submission.reply({ formErrors: [texts.tooManyAttempts(throttledMinutes)] }),
          message: null,
        },
        { status: 429, headers: { "Retry-After": String(throttledMinutes * 60) } },
      );
    }
    return redirect("/backend/login?link=gesendet", 303);
  }

  const submission = parseWithZod(form, { schema: loginSchema });
  if (submission.status !== "success") {
    return data(
      { intent: "password", result: submission.reply({ hideFields: ["password"] }), message: null },
      400,
    );
  }
  const body = new URLSearchParams();
  for (const [name, value] of form.entries())
    if (typeof value === "string") body.append(name, value);
  const outcome = await passwordAuthenticator(
    context.db,
    await signInSource(request, context),
  ).authenticate("password", new Request(request.url, { method: "POST", body }));
  if (outcome.ok) {
    const headers = await signedInHeaders(context, outcome);
    return redirect(safeRedirectPath(form.get("redirectTo")), { status: 303, headers });
  }
  const result = submission.reply({
    formErrors: [loginMessage(outcome)],
    hideFields: ["password"],
  });
  if (outcome.reason === "throttled" || outcome.reason === "account-throttled") {
    return data(
      { intent: "password", result, message: null },
      { status: 429, headers: { "Retry-After": String(outcome.minutes * 60) } },
    );
  }
  return data({ intent: "password", result, message: null }, 400);
}

export default function LoginPage() {
  const { redirectTo, linkSent, loggedOut, linkMinutes } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const [loginForm, loginFields] = useForm({
    id: "anmeldung",
    lastResult: actionData?.intent === "password" ? actionData.result : null,
    constraint: getZodConstraint(loginSchema),
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: loginSchema }),
  });
  const [linkForm, linkFields] = useForm({
    id: "login-link",
    lastResult: actionData?.intent === "link" ? actionData.result : null,
    constraint: getZodConstraint(loginLinkRequestSchema),
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: loginLinkRequestSchema }),
  });
  return (
    <div className="backoffice-login">
      <h1>{texts.loginHeading}</h1>
      <Notice>{loggedOut ? texts.loggedOut : null}</Notice>
      <Notice tone="error">{actionData?.message}</Notice>
      <section aria-labelledby="anmeldung-titel" className="backoffice-panel">
        <h2 id="anmeldung-titel" className="visually-hidden">
          {texts.loginTitle}
        </h2>
        <Form method="post" {...getFormProps(loginForm)} className="form-stack">
          <FormMessage form={loginForm} />
          <input type="hidden" name="intent" value="password" />
          <input type="hidden" name="redirectTo" value={redirectTo} />
          <TextField
            field={loginFields.email}
            label={texts.email}
            type="email"
            autoComplete="username"
          />
          <TextField
            field={loginFields.password}
            label={texts.password}
            type="password"
            autoComplete="current-password"
          />
          <div>
            <Button type="submit" disabled={busy}>
              {texts.submit}
            </Button>
          </div>
        </Form>
      </section>
      <section aria-labelledby="login-link-titel" className="backoffice-panel">
        <h2 id="login-link-titel">{texts.linkHeading}</h2>
        <p>{texts.linkIntro(linkMinutes)}</p>
        <Notice>{linkSent ? texts.linkSent(linkMinutes) : null}</Notice>
        <Form method="post" {...getFormProps(linkForm)} className="form-stack">
          <FormMessage form={linkForm} />
          <input type="hidden" name="intent" value="link" />
          <TextField
            field={linkFields.linkEmail}
            label={texts.linkEmail}
            type="email"
            autoComplete="username"
          />
          <div>
            <Button type="submit" variant="secondary" disabled={busy}>
              {texts.linkSubmit}
            </Button>
          </div>
        </Form>
      </section>
    </div>
  );
}
