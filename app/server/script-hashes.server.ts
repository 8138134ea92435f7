import { createHash } from "node:crypto";

/**
 * A page kept for many visitors cannot carry one visitor's CSP nonce (a nonce is for one response
 * only), so a kept page allows its own inline scripts by their SHA-256 hashes instead
 * (docs/decisions/025). Script contents are raw text in HTML: what stands between `<script …>`
 * and `</script>` is exactly what the browser hashes, once the parser has turned CR LF into LF.
 * Scripts inside a `<template>` count too: the deferred-scripts starter inserts copies of them.
 */
const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
const HAS_SRC = /(?:^|\s)src\s*=/i;

export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [, attributes, text] of html.matchAll(SCRIPT)) {
    if (HAS_SRC.test(attributes!)) continue;
    const parsed = text!.replace(/\r\n?/g, "\n");
    hashes.add(`'sha256-${createHash("sha256").update(parsed, "utf8").digest("base64")}'`);
  }
  return [...hashes];
}

/**
 * The policy of one response made fit for a kept copy of its page: the response's nonce source
 * gives way to the hashes of the page's inline scripts. A page without inline scripts is left
 * with 'self' alone, which is right: nothing inline may run on it.
 */
export function policyWithScriptHashes(
  policy: string,
  nonce: string,
  hashes: readonly string[],
): string {
  const source = `'nonce-${nonce}'`;
  if (!nonce || !policy.includes(source)) return policy;
  return policy.replace(` ${source}`, hashes.length ? ` ${hashes.join(" ")}` : "");
}

/** The page as kept: the one response's nonce attributes are taken out. */
export function withoutNonceAttributes(html: string, nonce: string): string {
  return nonce ? html.split(` nonce="${nonce}"`).join("") : html;
}
