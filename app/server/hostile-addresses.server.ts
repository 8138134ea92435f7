import { METHODS } from "node:http";
import type { RequestHandler, Response } from "express";
import { hasUnwantedCharacters } from "#app/domain/values";
import { de } from "#app/i18n/de";
import { refusal, sendRefusal } from "./refusals.server";

/**
 * No address of ours contains a NUL byte, a control character or a broken percent-encoding (such
 * as a lone UTF-16 surrogate): such a path or query gets its 400 here, before any route sees it
 * and before a database is asked about `/store/%00`.
 */
export function refuseHostileAddresses(): RequestHandler {
  return (req, res, next) => {
    const path = pathOf(req.originalUrl);
    if (!servedMethods(path).has(req.method)) return void refuseMethod(res, req.method, path);
    if (!isReadableAddress(req.originalUrl)) {
      return void sendRefusal(res, refusal(path, 400, de.errors.badAddress));
    }
    if (hasDataParameter(req.originalUrl)) {
      return void sendRefusal(res, refusal(path, 400, de.errors.dataParameter));
    }
    next();
  };
}

/**
 * The methods our routes take: PUT, PATCH and DELETE only on the staff API (a page's action ran
 * for them as if they were a POST, and nothing of ours sends them elsewhere). Every other method
 * Node parses (TRACE, OPTIONS, PROPFIND, PURGE, …) is refused here: TRACE made Remix's request
 * constructor throw (Express's English 500), the others ran a page's action like a POST too.
 */
const PAGE_METHODS = new Set(["GET", "HEAD", "POST"]);
const API_METHODS = new Set([...PAGE_METHODS, "PUT", "PATCH", "DELETE"]);
const KNOWN_METHODS = new Set(METHODS);

function servedMethods(path: string): ReadonlySet<string> {
  return path.startsWith("/api/") ? API_METHODS : PAGE_METHODS;
}

function refuseMethod(res: Response, method: string, path: string): Promise<void> {
  // A method HTTP does not know at all is not implemented (Node's parser refuses most of them
  // before they get here); a known one is not allowed.
  const status = KNOWN_METHODS.has(method) ? 405 : 501;
  res.setHeader("Allow", [...servedMethods(path)].join(", "));
  return sendRefusal(
    res,
    refusal(path, status, de.errors.methodNotAllowed, de.errors.methodNotAllowedTitle),
  );
}

/**
 * `?_data=…` asks for Remix's data requests from before single fetch, which this app's pages never
 * make: Remix still answers them (a loader returning null broke it into a 500) and logs a warning
 * with its stack for each, so anyone could fill the log. Refused here, unlogged.
 */
function hasDataParameter(url: string): boolean {
  const queryStart = url.indexOf("?");
  if (queryStart === -1) return false;
  return new URLSearchParams(url.slice(queryStart + 1)).has("_data");
}

export function isReadableAddress(url: string): boolean {
  const queryStart = url.indexOf("?");
  const path = queryStart === -1 ? url : url.slice(0, queryStart);
  const query = queryStart === -1 ? "" : url.slice(queryStart + 1);
  const parts = [path, ...query.split(/[&=]/).map((part) => part.replace(/\+/g, " "))];
  for (const part of parts) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(part);
    } catch {
      return false;
    }
    if (hasUnwantedCharacters(decoded)) return false;
  }
  return true;
}

/** The path of a request's target without its query, undecoded (as Express's `req.path`). */
export function pathOf(url: string): string {
  const queryStart = url.indexOf("?");
  return queryStart === -1 ? url : url.slice(0, queryStart);
}
