import type { ServerBuild } from "@remix-run/node";
import { describe, expect, it } from "vitest";
import type { Db } from "#app/db/schema";
import { forgetOnReferenceChanges } from "./reference-changes.server";

/** A build whose server entry exports its own copy of the reference data, as the real one does. */
function buildWithReferenceData(calls: string[]) {
  const module = {
    forgetReferenceData: (db: Db) => calls.push(`vergessen: ${String(db)}`),
  };
  return { entry: { module } } as unknown as ServerBuild;
}

describe("the build's reference data, reached from server.ts", () => {
  const db = { toString: () => "db" } as unknown as Db;

  it("drops the build's copy and the kept pages on every change", () => {
    const calls: string[] = [];
    let announce = () => {};
    const live = {
      onReferenceDataChanged(listener: () => void) {
        announce = listener;
        return () => {
          announce = () => {};
        };
      },
    };
    const kept = [{ clear: () => calls.push("Seiten geleert") }];
    const stop = forgetOnReferenceChanges(live, db, kept, () => buildWithReferenceData(calls));
    announce();
    expect(calls).toEqual(["vergessen: db", "Seiten geleert"]);
    stop();
    announce();
    expect(calls).toHaveLength(2);
  });
});
