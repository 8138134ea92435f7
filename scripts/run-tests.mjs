#!/usr/bin/env node
/**
 * `npm test`: the type check, lint, unit and integration tests (vitest) and the end-to-end tests
 * (Playwright). Steps that do not depend on each other run side by side: the type check beside
 * the lint, then vitest beside Playwright. One after the other (stop 48) CI took 83 minutes, the
 * end-to-end tests 66 of them after vitest; side by side the last CI that passed took 23 (stop 44).
 * The build is made only when it is missing or older than the sources (scripts/ensure-build.mjs),
 * since `npm install` has just made it on a fresh clone.
 *
 * Each step runs in a process group of its own; whatever it leaves running when it ends (a server
 * a test did not stop) is named in the log and killed, so it cannot slow the steps still running.
 * The machine's load and busiest processes are printed before each stage and every five minutes.
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
const stages = [["typecheck", "lint"], ["build"], ["vitest", "e2e"]];
const chosen = process.env.TEST_STEPS ? new Set(process.env.TEST_STEPS.split(",")) : null;

const TAIL_LINES = 80;
const LOAD_EVERY_MS = 5 * 60_000;
const tails = new Map();

/** The process groups of the steps running; Ctrl-C or a stopped CI job ends them too. */
const running = new Set();
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => {
    for (const group of running) {
      try {
        process.kill(-group, signal);
      } catch {
        // Gone already.
      }
    }
    process.exit(1);
  });
}

function run(name) {
  const [command, args] = steps[name];
  const tail = [];
  tails.set(name, tail);
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      stdio: ["ignore", "pipe", "pipe"],
      env: process.env,
      detached: true,
    });
    running.add(child.pid);
    let exitCode = null;
    child.on("exit", (code, signal) => {
      exitCode = code ?? signal;
      running.delete(child.pid);
      killLeftovers(name, child.pid);
    });
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
    child.on("close", () => {
      const seconds = ((Date.now() - started) / 1000).toFixed(0);
      const outcome = exitCode === 0 ? "ok" : `fehlgeschlagen (${exitCode})`;
      process.stdout.write(`== ${name}: ${outcome} nach ${seconds} s\n`);
      resolve(exitCode === 0);
    });
  });
}

/** Ends what a step left running in its process group, and says what it was. */
function killLeftovers(name, group) {
  const listed = spawnSync("ps", ["-eo", "pid=,pgid=,etimes=,args="], { encoding: "utf8" });
  const left = (listed.stdout ?? "")
    .split("\n")
    .map((line) => line.trim().split(/\s+/))
    .filter(([pid, pgid]) => Number(pgid) === group && Number(pid) !== process.pid);
  if (left.length === 0) return;
  process.stdout.write(`== ${name} hinterließ ${left.length} Prozess(e), sie werden beendet:\n`);
  for (const [pid, , seconds, ...args] of left) {
    process.stdout.write(`==   ${pid} (${seconds} s) ${args.join(" ").slice(0, 160)}\n`);
  }
  try {
    process.kill(-group, "SIGKILL");
  } catch {
    // Gone in the meantime.
  }
}

/**
 * The machine's load and its busiest processes before a stage: a CI log then shows whether a
 * stage ran on a quiet machine or beside something left over (stop 49: the end-to-end tests took
 * 66 minutes on CI after vitest, four times as long per test as on a quiet machine).
 */
function machineLoad(when) {
  const [one, five] = loadavg();
  process.stdout.write(`== ${when}: Last ${one.toFixed(2)} (5 min: ${five.toFixed(2)})\n`);
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
  machineLoad(`vor ${names.join(", ")}`);
  const started = Date.now();
  const watch = setInterval(() => {
    machineLoad(`${Math.round((Date.now() - started) / 60_000)} min in ${names.join(", ")}`);
  }, LOAD_EVERY_MS);
  const results = await Promise.all(names.map(run));
  clearInterval(watch);
  names.forEach((name, index) => results[index] || failedSteps.push(name));
  if (failedSteps.length > 0) break;
}
for (const name of failedSteps) {
  process.stdout.write(`\n== ${name} fehlgeschlagen; seine letzten Zeilen:\n`);
  for (const line of tails.get(name) ?? []) process.stdout.write(`[${name}] ${line}\n`);
}
machineLoad("am Ende");
process.exit(failedSteps.length > 0 ? 1 : 0);
