import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * Issue 37, item 4 (decision 087): the shop's buttons and selects come from the primitives in
 * app/components/ui (Button, ButtonLink, SelectControl, Select …). A raw `<button` or `<select`
 * anywhere else under app/ fails here, named by file and line.
 */
const APP = path.resolve(__dirname, "..");
const PRIMITIVES = path.join(APP, "components", "ui");
// A tag that breaks its line right after its name (`<button` alone on a line) counts too.
const RAW_CONTROL = /<(button|select)(?=[\s>]|$)/g;

function tsxUnder(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) return full === PRIMITIVES ? [] : tsxUnder(full);
    return entry.name.endsWith(".tsx") ? [full] : [];
  });
}

describe("the primitives", () => {
  it("are the only place that writes a raw <button> or <select>", () => {
    const found = tsxUnder(APP).flatMap((file) =>
      readFileSync(file, "utf8")
        .split("\n")
        .flatMap((line, index) =>
          (line.match(RAW_CONTROL) ?? []).map(
            (tag) => `${path.relative(APP, file)}:${index + 1} ${tag.trim()}`,
          ),
        ),
    );
    expect(found).toEqual([]);
  });
});
