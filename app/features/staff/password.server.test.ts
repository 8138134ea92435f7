import { describe, expect, it } from "vitest";
import { hashCost, hashPassword, needsRehash, verifyPassword } from "./password.server";

describe("staff password hashes", () => {
  it("cost 2^15 unless PASSWORD_HASH_COST says otherwise, and only 10 to 20", () => {
    expect(hashCost({})).toBe(2 ** 15);
    expect(hashCost({ PASSWORD_HASH_COST: "" })).toBe(2 ** 15);
    expect(hashCost({ PASSWORD_HASH_COST: "12" })).toBe(2 ** 12);
    for (const wrong of ["9", "21", "15.5", "viel"]) {
      expect(() => hashCost({ PASSWORD_HASH_COST: wrong }), wrong).toThrow(/10 bis 20/);
    }
  });

  it("verifies the right password only, and asks to re-hash a cheaper stored hash", async () => {
    const stored = await hashPassword("Roggenbrot-2026");
    expect(stored).toMatch(/^\$scrypt\$n=\d+,r=8,p=1\$/);
    expect(await verifyPassword("Roggenbrot-2026", stored)).toBe(true);
    expect(await verifyPassword("roggenbrot-2026", stored)).toBe(false);
    expect(needsRehash(stored)).toBe(false);
    const cheaper = stored.replace(/n=\d+/, "n=2");
    expect(needsRehash(cheaper)).toBe(true);
  });
});
