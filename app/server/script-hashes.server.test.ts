import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  inlineScriptHashes,
  policyWithScriptHashes,
  withoutNonceAttributes,
} from "./script-hashes.server";

const source = (text: string) =>
  `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;

describe("inline script hashes", () => {
  it("hashes each inline script's text once, template copies included, never a file's", () => {
    const html =
      `<script>a();</script><script type="module" async="">import "/x.js";</script>` +
      `<template id="t"><script>a();</script><script src="/assets/y.js"></script></template>` +
      `<script type="application/json">{"ä":"€"}</script>`;
    expect(inlineScriptHashes(html)).toEqual([
      source("a();"),
      source('import "/x.js";'),
      source('{"ä":"€"}'),
    ]);
  });

  it("hashes what the browser parsed: line breaks as LF", () => {
    expect(inlineScriptHashes("<script>a();\r\nb();\rc();</script>")).toEqual([
      source("a();\nb();\nc();"),
    ]);
  });
});

describe("a kept page's policy", () => {
  const policy = "default-src 'self'; script-src 'self' 'nonce-abc=='; object-src 'none'";

  it("puts the hashes where the nonce stood", () => {
    expect(policyWithScriptHashes(policy, "abc==", ["'sha256-1'", "'sha256-2'"])).toBe(
      "default-src 'self'; script-src 'self' 'sha256-1' 'sha256-2'; object-src 'none'",
    );
  });

  it("leaves 'self' alone for a page without inline scripts", () => {
    expect(policyWithScriptHashes(policy, "abc==", [])).toBe(
      "default-src 'self'; script-src 'self'; object-src 'none'",
    );
  });

  it("leaves a policy without that nonce as it is", () => {
    expect(policyWithScriptHashes(policy, "other", ["'sha256-1'"])).toBe(policy);
    expect(policyWithScriptHashes(policy, "", ["'sha256-1'"])).toBe(policy);
  });

  it("takes the nonce attributes out of the page", () => {
    expect(withoutNonceAttributes('<script nonce="abc==">x</script>', "abc==")).toBe(
      "<script>x</script>",
    );
  });
});
