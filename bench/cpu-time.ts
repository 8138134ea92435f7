/**
 * CPU time (not wall time) spent by the server's processes, by the PostgreSQL server and by the
 * bench itself while a scenario runs, read from /proc (Linux; elsewhere the columns stay empty).
 * Per request it tells what a request costs even on a busy machine, where the requests per
 * second also measure everything else that runs.
 */
import { readdirSync, readFileSync } from "node:fs";

export interface CpuSample {
  /** Milliseconds of CPU, user and system. */
  server: number;
  database: number;
  bench: number;
}

const TICK_MS = 10; // USER_HZ is 100 on Linux

interface ProcessTimes {
  pid: number;
  parent: number;
  command: string;
  ms: number;
}

function processTimes(): ProcessTimes[] {
  let entries: string[];
  try {
    entries = readdirSync("/proc").filter((name) => /^\d+$/.test(name));
  } catch {
    return [];
  }
  const result: ProcessTimes[] = [];
  for (const entry of entries) {
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      // pid (command) state ppid … utime(14) stime(15): the command may contain spaces.
      const close = stat.lastIndexOf(")");
      const command = stat.slice(stat.indexOf("(") + 1, close);
      const fields = stat.slice(close + 2).split(" ");
      result.push({
        pid: Number(entry),
        parent: Number(fields[1]),
        command,
        ms: (Number(fields[11]) + Number(fields[12])) * TICK_MS,
      });
    } catch {
      // The process ended while we looked.
    }
  }
  return result;
}

export function sampleCpu(serverPid: number | undefined): CpuSample | null {
  const all = processTimes();
  if (all.length === 0 || serverPid === undefined) return null;
  const server = all.filter((entry) => entry.pid === serverPid || entry.parent === serverPid);
  const database = all.filter((entry) => entry.command === "postgres");
  const own = process.cpuUsage();
  return {
    server: server.reduce((sum, entry) => sum + entry.ms, 0),
    database: database.reduce((sum, entry) => sum + entry.ms, 0),
    bench: (own.user + own.system) / 1000,
  };
}

/** Milliseconds of CPU per request between two samples, one decimal. */
export function cpuPerRequest(
  before: CpuSample | null,
  after: CpuSample | null,
  requests: number,
): { server: number; database: number; bench: number } | null {
  if (!before || !after || requests <= 0) return null;
  const per = (key: keyof CpuSample) =>
    Math.round(((after[key] - before[key]) / requests) * 10) / 10;
  return { server: per("server"), database: per("database"), bench: per("bench") };
}

/**
 * The server processes' memory after a scenario, in MB: the largest resident set of any one of
 * them now (VmRSS) and the largest it has been (VmHWM). Issue 18 asks at most 160 MB each.
 */
export function serverMemory(serverPid: number | undefined): { rss: number; peak: number } | null {
  if (serverPid === undefined) return null;
  const pids = processTimes()
    .filter((entry) => entry.pid === serverPid || entry.parent === serverPid)
    .map((entry) => entry.pid);
  let rss = 0;
  let peak = 0;
  for (const pid of pids) {
    try {
      const status = readFileSync(`/proc/${pid}/status`, "utf8");
      const kb = (field: string) =>
        Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
      rss = Math.max(rss, kb("VmRSS"));
      peak = Math.max(peak, kb("VmHWM"));
    } catch {
      // The process ended while we looked.
    }
  }
  return pids.length === 0 ? null : { rss: Math.round(rss / 1024), peak: Math.round(peak / 1024) };
}
