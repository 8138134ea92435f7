import { describe, expect, it } from "vitest";
import { workerEnv, workerExecArgv } from "./worker-memory.server";

describe("server process memory flags", () => {
  it("adds the old-space limit and small semi-spaces to the primary's own flags", () => {
    expect(workerExecArgv(["--enable-source-maps"], undefined, 128)).toEqual([
      "--enable-source-maps",
      "--max-old-space-size=128",
      "--max-semi-space-size=2",
      "--expose-gc",
    ]);
  });

  it("leaves an operator's own limits alone, in either spelling or in NODE_OPTIONS", () => {
    expect(workerExecArgv(["--max_old_space_size=512"], undefined, 128)).toEqual([
      "--max_old_space_size=512",
      "--max-semi-space-size=2",
      "--expose-gc",
    ]);
    expect(workerExecArgv([], "--require x --max-semi-space-size=16", 200)).toEqual([
      "--max-old-space-size=200",
      "--expose-gc",
    ]);
  });

  it("starts the processes with two malloc arenas and fixed thresholds unless the operator chose", () => {
    const chosen = {
      MALLOC_ARENA_MAX: "2",
      MALLOC_MMAP_THRESHOLD_: "131072",
      MALLOC_TRIM_THRESHOLD_: "262144",
    };
    expect(workerEnv({})).toEqual(chosen);
    expect(workerEnv({ MALLOC_ARENA_MAX: "8", MALLOC_TRIM_THRESHOLD_: "0" })).toEqual({
      ...chosen,
      MALLOC_ARENA_MAX: "8",
      MALLOC_TRIM_THRESHOLD_: "0",
    });
  });
});
