// `npm start` on a fresh clone must just work: build once when the build is missing or older
// than the sources. Skipped where the build tools are not installed (a production image that
// ships its build).
import { execSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

const stamp = "build/server/server.js";
const sources = ["app", "migrations", "public", "server.ts", "vite.config.ts", "package.json"];

function newestMtime(entry) {
  if (!existsSync(entry)) return 0;
  const stat = statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(entry).map((name) => newestMtime(path.join(entry, name))));
}

const built = existsSync(stamp) ? statSync(stamp).mtimeMs : 0;
const stale = built === 0 || Math.max(...sources.map(newestMtime)) > built;
if (!stale) process.exit(0);
if (!existsSync("node_modules/@remix-run/dev")) {
  console.error(
    "Kein aktueller Build vorhanden und keine Build-Werkzeuge installiert: npm install ausführen.",
  );
  process.exit(built === 0 ? 1 : 0);
}
console.log("Baue die Anwendung …");
execSync("npm run build", { stdio: "inherit" });
