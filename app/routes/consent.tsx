import type { Route } from "#app/server/route-types";
import { redirect } from "@remix-run/node";
import { de } from "#app/i18n/de";
import { FORM_BODY_BYTES } from "#app/server/body-limit.server";
import { readSmallForm } from "#app/features/shared/small-request.server";
import {
  consentCookie,
  safeRedirectPath,
  type ConsentChoice,
} from "#app/features/storefront/visitor.server";

const FORM_TYPES = /^(application\/x-www-form-urlencoded|multipart\/form-data)(;|$)/i;

const CHOICES = new Map<FormDataEntryValue | null, ConsentChoice>([
  [null, "accepted"],
  ["accept", "accepted"],
  ["decline", "declined"],
]);

/**
 * The cookie banner's form: keeps the visitor's answer (`choice=accept` or `choice=decline`; a
 * form without one is the older banner's 'Akzeptieren') for 365 days and returns to the page. Only
 * the banner's own form is taken (its origin is checked before Remix,
 * app/server/cross-site.server.ts); JSON, XML, a broken body or another choice get a 400.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const type = request.headers.get("Content-Type") ?? "";
  // Whatever the server's body guard lets through is read (app/server/body-limit.server.ts).
  const form = FORM_TYPES.test(type) ? await readSmallForm(request, FORM_BODY_BYTES) : null;
  const choice = form ? CHOICES.get(form.get("choice")) : undefined;
  if (!form || !choice) {
    return new Response(de.errors.badRequest, {
      status: 400,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  }
  return redirect(safeRedirectPath(form.get("redirectTo")), {
    status: 303,
    headers: { "Set-Cookie": consentCookie(context.config.publicOrigin, choice) },
  });
}

export async function loader() {
  return redirect("/");
}
