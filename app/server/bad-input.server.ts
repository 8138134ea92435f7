import { data, type ServerBuild } from "@remix-run/node";
import { de } from "#app/i18n/de";
import { wrapRouteHandlers } from "./route-handlers.server";

/**
 * The safety net under every loader and action: an error that bad input caused deep down – a value
 * PostgreSQL refuses as data (SQLSTATE class 22: a NUL byte, an id beyond `integer`, an impossible
 * date), an address or body the platform cannot decode – becomes the German 400 it deserves, not a
 * 500. The shared checks of app/domain/values.ts catch these values at the edge; this catches what
 * a route forgot, so new routes get it for free. Everything else is rethrown untouched.
 */
export function answerBadInputWith400(build: ServerBuild): ServerBuild {
  return wrapRouteHandlers(build, (handler, route) => {
    const isResource = !route.module.default;
    return async (args) => {
      try {
        return await handler(args);
      } catch (error) {
        if (!isBadInput(error)) throw error;
        throw badInputAnswer(new URL(args.request.url).pathname, isResource);
      }
    };
  });
}

/** Errors whose cause is the request's content, not our code. */
export function isBadInput(error: unknown): boolean {
  if (error instanceof Response) return false;
  if (error instanceof URIError) return true;
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === "string" && /^22[0-9A-Z]{3}$/.test(code)) return true;
  if (error instanceof TypeError) {
    // The platform's own body parsers (request.formData() and friends).
    return /Content-Type was not one of|Failed to parse body as FormData|Unexpected end of form|Malformed part header/i.test(
      error.message,
    );
  }
  return error instanceof SyntaxError && /JSON/.test(error.message);
}

function badInputAnswer(pathname: string, isResource: boolean): unknown {
  const message = de.errors.badRequest;
  if (pathname.startsWith("/api/")) {
    return Response.json({ errors: [{ message }] }, { status: 400 });
  }
  if (isResource) {
    return new Response(message, {
      status: 400,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  }
  return data({ message, title: de.errors.badRequestTitle }, { status: 400 });
}
