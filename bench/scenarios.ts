/**
 * What `npm run bench` measures. A scenario discovers what it needs from the running shop (the
 * first branch link on the home page, for example) instead of hard-coding seed data.
 */
export interface BenchContext {
  origin: string;
  fetchText(path: string): Promise<string>;
}

export interface Scenario {
  name: string;
  /** Resolves the request(s) to fire; null skips the scenario with a reason printed. */
  prepare(context: BenchContext): Promise<{
    path: string;
    method?: "GET" | "POST";
    headers?: Record<string, string>;
    body?: string;
  } | null>;
}

async function firstBranchPath(context: BenchContext): Promise<string | null> {
  const home = await context.fetchText("/");
  return /href="(\/store\/[^"/?#]+)"/.exec(home)?.[1] ?? null;
}

export const scenarios: Scenario[] = [
  { name: "Startseite /", prepare: async () => ({ path: "/" }) },
  {
    name: "Filialseite (leerer Warenkorb)",
    prepare: async (context) => {
      const path = await firstBranchPath(context);
      return path ? { path } : null;
    },
  },
  { name: "healthz", prepare: async () => ({ path: "/healthz" }) },
];
