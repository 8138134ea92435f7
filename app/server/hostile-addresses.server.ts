import type { RequestHandler } from "express";
import { hasUnwantedCharacters } from "../domain/values";
import { de } from "../i18n/de";
import { refusal, sendRefusal } from "./refusals.server";

/**
 * No address of ours contains a NUL byte, a control character or a broken percent-encoding (such
 * as a lone UTF-16 surrogate): such a path or query gets its 400 here, before any route sees it
 * and before a database is asked about `/store/%00`.
 */
export function refuseHostileAddresses(): RequestHandler {
  return (req, res, next) => {
    if (isReadableAddress(req.originalUrl)) return next();
    void sendRefusal(res, refusal(pathOf(req.originalUrl), 400, de.errors.badAddress));
  };
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
