#!/usr/bin/env node
/**
 * Moves the flat `app/services/` into `app/features/<area>/` (decision 030) and rewrites every
 * relative import in the repository to the new places. Idempotent: a file already moved is left
 * alone, so the script can run again after a merge brings new imports of the old paths.
 *
 *   node scripts/move-to-areas.mjs
 */
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";

const root = resolve(dirname(new URL(import.meta.url).pathname), "..");

/** area → files of app/services that belong to it */
const areas = {
  storefront: [
    "branch.server.ts",
    "home.server.ts",
    "item-dialog.server.ts",
    "item-form.server.ts",
    "item-request.server.ts",
    "menu-catalogue.server.ts",
    "opening.server.ts",
    "shell.server.ts",
    "site.server.ts",
    "store-paths.ts",
    "storefront.server.ts",
    "visitor.server.ts",
  ],
  cart: [
    "abandoned-carts.server.ts",
    "cart-action.server.ts",
    "cart-changes.server.ts",
    "cart-cookie.server.ts",
    "cart-notice.ts",
    "cart-pricing.server.ts",
    "cart.server.ts",
    "upload-quota.server.ts",
  ],
  checkout: [
    "checkout-view.server.ts",
    "checkout.server.ts",
    "payment.server.ts",
    "place-order.server.ts",
  ],
  orders: [
    "order-item-edit.server.ts",
    "order-item-view.server.ts",
    "order-mails.server.ts",
    "order-notices.server.ts",
    "order-status-etag.server.ts",
    "order-status-view.server.ts",
    "order-status.server.ts",
    "public-order-api.server.ts",
    "questionnaire-schema.ts",
    "receipt.server.ts",
    "refund.server.ts",
    "staff-order-actions.server.ts",
    "staff-order-query.server.ts",
    "staff-orders-api.server.ts",
    "staff-orders.server.ts",
  ],
  devices: ["branch-api-keys.server.ts", "counter-orders.server.ts"],
  staff: [
    "backend-notices.ts",
    "backend-users-route.server.ts",
    "password.server.ts",
    "staff-auth-schemas.ts",
    "staff-auth.server.ts",
    "staff-login.server.ts",
    "staff-session.server.ts",
    "staff-users.server.ts",
    "users-api.server.ts",
  ],
  shared: ["outbox.server.ts", "reference-data.server.ts", "small-request.server.ts"],
};

/** absolute old path → absolute new path */
const moves = new Map();
for (const [area, files] of Object.entries(areas)) {
  for (const file of files) {
    moves.set(join(root, "app/services", file), join(root, "app/features", area, file));
  }
}

const tracked = execFileSync("git", ["ls-files", "-co", "--exclude-standard"], { cwd: root })
  .toString()
  .split("\n")
  .filter((f) => /\.(ts|tsx|mjs|js)$/.test(f) && !f.startsWith("node_modules/"));

const extensions = ["", ".ts", ".tsx", ".js", ".mjs", "/index.ts", "/index.tsx"];

/** The file a specifier names from `fromDir`, in the tree as it was before the move. */
function resolveOld(fromDir, specifier) {
  const base = resolve(fromDir, specifier);
  for (const ext of extensions) {
    const candidate = base + ext;
    if (moves.has(candidate) || existsSync(candidate)) return { file: candidate, ext };
  }
  return undefined;
}

const newPlaceOf = (file) => moves.get(file) ?? file;
const oldPlaceOf = new Map([...moves].map(([from, to]) => [to, from]));

const specifierPattern =
  /(\bfrom\s*|\bimport\s*\(\s*|\bimport\s+|\bvi\.mock\(\s*|\brequire\(\s*)(["'])((?:\.{1,2}|#app)\/[^"']*)\2/g;

let rewritten = 0;
for (const relativeFile of tracked) {
  const current = join(root, relativeFile);
  // Where the file sits now and where it sat before the move (for resolving its old imports).
  const before = oldPlaceOf.get(current) ?? current;
  const after = newPlaceOf(current);
  const text = readFileSync(current, "utf8");
  const next = text.replace(specifierPattern, (whole, lead, quote, specifier) => {
    if (specifier.startsWith("#app/")) {
      const found = resolveOld(join(root, "app"), `./${specifier.slice(5)}`);
      if (!found || !moves.has(found.file)) return whole;
      const target = newPlaceOf(found.file);
      const inApp = relative(join(root, "app"), target).replace(/\.(ts|tsx)$/, "");
      return `${lead}${quote}#app/${inApp}${quote}`;
    }
    const found = resolveOld(dirname(before), specifier) ?? resolveOld(dirname(current), specifier);
    if (!found) return whole;
    const target = newPlaceOf(found.file);
    const withoutExt = found.ext ? target.slice(0, target.length - found.ext.length) : target;
    let spec = relative(dirname(after), withoutExt);
    if (!spec.startsWith(".")) spec = `./${spec}`;
    return spec === specifier ? whole : `${lead}${quote}${spec}${quote}`;
  });
  if (next !== text) {
    writeFileSync(current, next);
    rewritten += 1;
  }
}

let moved = 0;
for (const [from, to] of moves) {
  if (!existsSync(from)) continue;
  execFileSync("mkdir", ["-p", dirname(to)]);
  execFileSync("git", ["mv", from, to], { cwd: root });
  moved += 1;
}
console.log(`${moved} Dateien verschoben, ${rewritten} Dateien mit neuen Importpfaden.`);
