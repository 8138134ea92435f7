import { z } from "zod";

/**
 * The two address rules every form shares (issue 35, decision 073): a link someone types into the
 * back office (navigations, block buttons, settings) and an e-mail address customers and staff
 * type. One rule each, so every field that takes one refuses the same things. Client-safe.
 */

/**
 * Never in a link: control and format characters (tabs, line breaks, zero-width and bidi marks,
 * which browsers drop or hide), any kind of space, the backslash (browsers read `/\host` as
 * `//host`), and the quotes and brackets of markup.
 */
const UNSAFE_IN_LINK = /[\p{Cc}\p{Cf}\p{Z}\s\\<>"'`]/u;
/** A host after the IDN conversion of `URL`: labels of letters, digits and hyphens, one dot at least. */
const HOST = /^[a-z0-9-]+(\.[a-z0-9-]+)+$/;
const BASE = "https://shop.invalid";

export type LinkProblem =
  /** Neither a path of this shop nor an https address (`javascript:`, `http://`, `example.org`). */
  | "format"
  /** Looks like one, but a browser could read it as another site (`//host`, `/\host`, a tab). */
  | "unsafe";

/**
 * Why `value` is not a link to offer visitors, or null when it is one: a path inside the shop
 * (`/store/mitte`, `/site/impressum#kontakt`, exactly one leading `/`) or an `https://` address
 * with a host name and no user name or password. The value is checked as typed (trimmed only):
 * a control character inside is refused, not removed.
 */
export function linkProblem(value: string): LinkProblem | null {
  // Browsers read a leading backslash as a slash: `\\host` is `//host`.
  const isPath = value.startsWith("/") || value.startsWith("\\");
  const isHttps = value.startsWith("https://");
  if (!isPath && !isHttps) return "format";
  if (UNSAFE_IN_LINK.test(value)) return "unsafe";
  if (isPath) {
    if (value.startsWith("//")) return "unsafe";
    try {
      return new URL(value, BASE).origin === BASE ? null : "unsafe";
    } catch {
      return "unsafe";
    }
  }
  if (value.charAt(8) === "/") return "unsafe";
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return "format";
  }
  if (url.protocol !== "https:" || url.username !== "" || url.password !== "") return "unsafe";
  return HOST.test(url.hostname) ? null : "format";
}

export function isSafeLink(value: string): boolean {
  return linkProblem(value) === null;
}

/** RFC 5321's limits: the whole address and the part before the `@`. */
export const EMAIL_MAX_LENGTH = 254;
const LOCAL_PART_MAX_LENGTH = 64;

/**
 * An address a shop can mail and show: zod's e-mail rule (letters, digits, `.`, `_`, `'`, `+`,
 * `-` before the `@`; a domain with a top-level part of two letters or more). Quotes, angle
 * brackets, spaces and other characters RFC 5322 allows in quoted form are refused: nobody types
 * them for a bakery order, and they are what an injection attempt looks like.
 */
export function isEmailAddress(value: string): boolean {
  if (value.length > EMAIL_MAX_LENGTH) return false;
  const at = value.lastIndexOf("@");
  if (at < 1 || at > LOCAL_PART_MAX_LENGTH) return false;
  return z.regexes.email.test(value);
}
