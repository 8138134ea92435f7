import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * Issue 37, item 4 (decision 087): every colour of the shop is a token in app/styles/tokens.css.
 * A stylesheet or component that writes a colour as hex (an inline SVG fill included) fails
 * here; it names a token instead (`var(--accent)`, `currentColor`).
 */
const APP = path.resolve(__dirname, "..");
const TOKEN_FILE = path.join(APP, "styles", "tokens.css");
const HEX_COLOUR = /#(?:[0-9a-f]{8}|[0-9a-f]{6}|[0-9a-f]{3,4})(?![0-9a-z_-])/gi;

function filesUnder(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) return filesUnder(full);
    return /\.(css|tsx)$/.test(entry.name) ? [full] : [];
  });
}

describe("the design tokens", () => {
  it("hold every hex colour of the stylesheets and components", () => {
    const found = filesUnder(APP)
      .filter((file) => file !== TOKEN_FILE)
      .flatMap((file) =>
        readFileSync(file, "utf8")
          .split("\n")
          .flatMap((line, index) =>
            (line.match(HEX_COLOUR) ?? []).map(
              (colour) => `${path.relative(APP, file)}:${index + 1} ${colour}`,
            ),
          ),
      );
    expect(found).toEqual([]);
  });

  it("are one file the shop's stylesheet pulls in first", () => {
    const tokens = readFileSync(TOKEN_FILE, "utf8");
    expect(tokens).toMatch(/--color-primary:/);
    expect(tokens.match(HEX_COLOUR)?.length).toBeGreaterThan(20);
    const imports = readFileSync(path.join(APP, "styles", "app.css"), "utf8").match(
      /^@import "[^"]+";$/gm,
    );
    expect(imports?.[0]).toBe('@import "./tokens.css";');
  });
});
