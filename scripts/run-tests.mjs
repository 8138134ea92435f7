#!/usr/bin/env node
/**
 * `npm test`: the type check, lint, unit and integration tests (vitest) and the end-to-end tests
 * (Playwright). The type check runs beside the lint; vitest and Playwright run one after the
 * other, each with both cores. Side by side they once finished sooner, while vitest's longest
 * file mostly waited on stalled connections; since that stall is gone both keep the two cores
 * busy, and together they thrashed: the end-to-end tests ran five to eight times slower than
 * alone and timed out (stop 48). The build is made only when it is missing or older than the
 * sources (scripts/ensure-build.mjs), since `npm install` has just made it on a fresh clone.
 *
 * Every line is prefixed with its step's name; the exit code is non-zero when any step failed.
 * A failed step's last lines are printed once more at the very end, so that the tail of the log
 * (which is all some CI views keep) names what failed even when another step finished later.
 * `TEST_STEPS=vitest,e2e` runs only some steps (names below).
 */
import { spawn, spawnSync } from "node:child_process";
import { loadavg } from "node:os";

const steps = {
  typecheck: ["npx", ["tsc", "--noEmit"]],
  lint: ["npm", ["run", "--silent", "lint"]],
  build: ["node", ["scripts/ensure-build.mjs"]],
  vitest: ["npx", ["vitest", "run"]],
  e2e: ["npx", ["playwright", "test"]],
};
const stages = [["typecheck", "lint"], ["build"], ["vitest"], ["e2e"]];
const chosen = process.env.TEST_STEPS ? new Set(process.env.TEST_STEPS.split(",")) : null;

const TAIL_LINES = 80;
const tails = new Map();

function run(name) {
  const [command, args] = steps[name];
  const tail = [];
  tails.set(name, tail);
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: ["ignore", "pipe", "pipe"], env: process.env });
    const prefix = `[${name}] `;
    for (const stream of [child.stdout, child.stderr]) {
      let rest = "";
      stream.setEncoding("utf8");
      stream.on("data", (chunk) => {
        const lines = (rest + chunk).split("\n");
        rest = lines.pop() ?? "";
        for (const line of lines) {
          process.stdout.write(prefix + line + "\n");
          tail.push(line);
          if (tail.length > TAIL_LINES) tail.shift();
        }
      });
      stream.on("end", () => rest && process.stdout.write(prefix + rest + "\n"));
    }
    child.on("close", (code, signal) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(0);
      const outcome = code === 0 ? "ok" : `fehlgeschlagen (${signal ?? code})`;
      process.stdout.write(`== ${name}: ${outcome} nach ${seconds} s\n`);
      resolve(code === 0);
    });
  });
}

/**
 * The machine's load and its busiest processes before a stage: a CI log then shows whether a
 * stage ran on a quiet machine or beside something left over (stop 49: the end-to-end tests took
 * 66 minutes on CI after vitest, four times as long per test as on a quiet machine).
 */
function machineLoad(before) {
  const [one, five] = loadavg();
  process.stdout.write(`== vor ${before}: Last ${one.toFixed(2)} (5 min: ${five.toFixed(2)})\n`);
  // The second of two samples a second apart: the CPU share now, not since each process began.
  const top = spawnSync("top", ["-b", "-c", "-n", "2", "-d", "1", "-w", "180"], {
    encoding: "utf8",
    timeout: 10_000,
  });
  if (top.status !== 0 || !top.stdout) return;
  const samples = top.stdout.split(/^top - /m);
  const lines = (samples.at(-1) ?? "").split("\n");
  const header = lines.findIndex((line) => /^\s*PID\s/.test(line));
  if (header < 0) return;
  for (const line of lines.slice(header + 1, header + 9)) {
    if (line.trim()) process.stdout.write(`==   ${line.trim()}\n`);
  }
}

const failedSteps = [];
for (const stage of stages) {
  const names = stage.filter((name) => !chosen || chosen.has(name));
  if (names.length === 0) continue;
  machineLoad(names.join(", "));
  const results = await Promise.all(names.map(run));
  names.forEach((name, index) => results[index] || failedSteps.push(name));
  // A failed vitest still lets the end-to-end tests run, so one CI run names both suites' faults.
  if (failedSteps.length > 0 && !names.includes("vitest")) break;
}
for (const name of failedSteps) {
  process.stdout.write(`\n== ${name} fehlgeschlagen; seine letzten Zeilen:\n`);
  for (const line of tails.get(name) ?? []) process.stdout.write(`[${name}] ${line}\n`);
}
machineLoad("dem Ende");
process.exit(failedSteps.length > 0 ? 1 : 0);
