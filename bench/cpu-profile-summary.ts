/**
 * Summarises a V8 CPU profile (`BENCH_CPU_PROF=1 npm run bench` writes them to
 * reports/cpu-profiles): time by area (React, Remix, Kysely, pg, app code, GC …), the functions
 * with the most self time and the functions with the most total time (callees included).
 *
 *   node --import tsx bench/cpu-profile-summary.ts reports/cpu-profiles/CPU.….cpuprofile [top]
 *
 * PROFILE_LAST_MS=6000 keeps only the profile's last six seconds: the scenario that ran last,
 * without the start-up and the preparation before it (e.g. the cart pool of the order scenario).
 */
import { readFileSync } from "node:fs";

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}

interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const [file, topArgument] = process.argv.slice(2);
if (!file) throw new Error("Aufruf: bench/cpu-profile-summary.ts <datei.cpuprofile> [anzahl]");
const top = Number(topArgument ?? 25);
const profile = JSON.parse(readFileSync(file, "utf8")) as Profile;

const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const parentOf = new Map<number, number>();
for (const node of profile.nodes)
  for (const child of node.children ?? []) parentOf.set(child, node.id);

function area(node: ProfileNode): string {
  const { url, functionName } = node.callFrame;
  if (!url) {
    if (functionName === "(idle)") return "idle";
    if (functionName === "(garbage collector)") return "GC";
    if (functionName === "(program)") return "V8/Programm";
    return "nativ";
  }
  const packages: [RegExp, string][] = [
    [/react-dom/, "react-dom (SSR)"],
    [/\/react\//, "react"],
    [/turbo-stream/, "turbo-stream (Loaderdaten)"],
    [/@remix-run\/router/, "@remix-run/router"],
    [/@remix-run\/server-runtime/, "@remix-run/server-runtime"],
    [/@remix-run\/(node|express)/, "@remix-run/node+express"],
    [/@remix-run\/react/, "@remix-run/react"],
    [/\/kysely/, "kysely"],
    [/\/pg(-[a-z]+)?\//, "pg (Treiber)"],
    [/\/express\/|\/body-parser|\/send\/|\/serve-static|\/compression/, "express"],
    [/\/luxon\//, "luxon"],
    [/\/zod\//, "zod"],
    [/\/undici|node:internal\/deps\/undici/, "undici (Web-Streams/Fetch)"],
    [/node:internal\/webstreams/, "Node Web-Streams"],
    [/node:|^internal/, "Node intern"],
    [/build\/server\/(index|server)\.js/, "App (build/server)"],
  ];
  for (const [pattern, name] of packages) if (pattern.test(url)) return name;
  return url.replace(/^.*node_modules\//, "").split("/")[0] ?? url;
}

const key = (node: ProfileNode) => {
  const { functionName, url, lineNumber } = node.callFrame;
  const where = url
    ? `${url.replace(/^.*node_modules\//, "").replace(/^.*\/build\//, "build/")}:${lineNumber + 1}`
    : "";
  return `${functionName || "(anonym)"} ${where}`.trim();
};

const selfByArea = new Map<string, number>();
const selfByFunction = new Map<string, number>();
const totalByFunction = new Map<string, number>();
let total = 0;
let busy = 0;
const lastMs = Number(process.env.PROFILE_LAST_MS ?? 0);
const endMs = profile.timeDeltas.reduce((sum, delta) => sum + delta, 0) / 1000;
let atMs = 0;
profile.samples.forEach((id, index) => {
  const delta = (profile.timeDeltas[index] ?? 0) / 1000;
  atMs += delta;
  if (lastMs > 0 && atMs < endMs - lastMs) return;
  const node = byId.get(id);
  if (!node) return;
  total += delta;
  const nodeArea = area(node);
  selfByArea.set(nodeArea, (selfByArea.get(nodeArea) ?? 0) + delta);
  if (nodeArea === "idle") return;
  busy += delta;
  selfByFunction.set(key(node), (selfByFunction.get(key(node)) ?? 0) + delta);
  const seen = new Set<string>();
  for (let at: number | undefined = id; at !== undefined; at = parentOf.get(at)) {
    const frame = byId.get(at);
    if (!frame) break;
    const name = key(frame);
    if (seen.has(name) || name.startsWith("(root)")) continue;
    seen.add(name);
    totalByFunction.set(name, (totalByFunction.get(name) ?? 0) + delta);
  }
});

const pct = (ms: number) => `${((100 * ms) / busy).toFixed(1).padStart(5)} %`;
const ms = (value: number) => `${value.toFixed(0).padStart(7)} ms`;
console.log(`Profil ${file}: ${ms(total)} gesamt, ${ms(busy)} beschäftigt (ohne idle)\n`);
console.log("Eigenzeit nach Bereich (Anteil an der beschäftigten Zeit):");
for (const [name, value] of [...selfByArea].sort((a, b) => b[1] - a[1])) {
  if (name !== "idle") console.log(`${ms(value)} ${pct(value)}  ${name}`);
}
console.log(`\nFunktionen mit der meisten Eigenzeit (top ${top}):`);
for (const [name, value] of [...selfByFunction].sort((a, b) => b[1] - a[1]).slice(0, top)) {
  console.log(`${ms(value)} ${pct(value)}  ${name}`);
}
console.log(
  `\nFunktionen mit der meisten Gesamtzeit, Aufgerufene eingeschlossen (top ${top * 2}):`,
);
for (const [name, value] of [...totalByFunction].sort((a, b) => b[1] - a[1]).slice(0, top * 2)) {
  console.log(`${ms(value)} ${pct(value)}  ${name}`);
}
