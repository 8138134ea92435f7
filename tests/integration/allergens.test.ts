import { sql, type Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#app/db/connection.server";
import { createTestDatabase, databaseTargets } from "#tests/support/db";
import { createStaff, startAppServer, StaffClient, type AppServer } from "#tests/support/staff";

/**
 * The Allergene area (issue 37, decision 083): added as one folder and one registry line, it has
 * the whole resource pattern — the EU's 14 from its migration, the API, the checks — and products
 * name their allergens from it.
 */
type Body = { data?: any; errors?: { message: string; field?: string }[] };

describe.each(databaseTargets())("the allergens area (%s)", (target) => {
  let handle: DatabaseHandle;
  let server: AppServer;
  let admin: StaffClient;
  let manager: StaffClient;
  const json = async (response: Response) => (await response.json()) as Body;

  beforeAll(async () => {
    handle = await createTestDatabase(target);
    server = await startAppServer(handle.db);
    const adminUser = await createStaff(handle.db, { roles: ["ROLE_ADMIN"] });
    const managerUser = await createStaff(handle.db, { roles: ["ROLE_MANAGER"] });
    admin = await new StaffClient(server).signInAs(server.context, adminUser.id);
    manager = await new StaffClient(server).signInAs(server.context, managerUser.id);
  });

  afterAll(async () => {
    await server?.close();
    await handle?.close();
  });

  it("lists the EU's 14 allergens with their letter codes, in order", async () => {
    const listed = await json(await admin.send("/api/allergens?pageSize=100"));
    expect(listed.data).toHaveLength(14);
    expect(listed.data!.slice(0, 3).map((row: any) => `${row.code} ${row.name}`)).toEqual([
      "A Glutenhaltiges Getreide",
      "B Krebstiere",
      "C Eier",
    ]);
    expect(listed.data!.find((row: any) => row.code === "G").name).toBe(
      "Milch (einschließlich Laktose)",
    );
  });

  it("creates one, refuses a bad or taken code in German beside the field, and is for administrators", async () => {
    const created = await admin.send("/api/allergens", {
      json: { code: "X", name: "Hausallergen", position: 200 },
    });
    expect(created.status).toBe(201);
    expect((await json(created)).data).toMatchObject({ code: "X", name: "Hausallergen" });

    const bad = await admin.send("/api/allergens", { json: { code: "x!", name: "Falsch" } });
    expect(bad.status).toBe(400);
    expect((await json(bad)).errors).toContainEqual({
      message: "Bitte ein bis drei Großbuchstaben oder Ziffern, zum Beispiel 'A'.",
      field: "code",
    });
    const taken = await admin.send("/api/allergens", { json: { code: "A", name: "Doppelt" } });
    expect(taken.status).toBe(400);
    expect((await json(taken)).errors?.some((error) => error.field === "code")).toBe(true);

    expect((await manager.send("/api/allergens")).status).toBe(403);
  });

  it("lets a product name allergens from the list; its API shows them and the EU codes follow", async () => {
    const all = (await json(await admin.send("/api/allergens?pageSize=100"))).data as any[];
    const milk = all.find((row) => row.code === "G");
    const own = (
      await json(
        await admin.send("/api/allergens", { json: { code: "Z", name: "Zimt", position: 300 } }),
      )
    ).data;
    const created = await admin.send("/api/products", {
      json: {
        name: "Zimtschnecke",
        type: "simple",
        price: 280,
        unit: "piece",
        calculationModel: "minimum",
        allergenIds: [milk.id, own.id],
      },
    });
    const body = await json(created);
    expect(created.status, JSON.stringify(body.errors)).toBe(201);
    const product = (await json(await admin.send(`/api/products/${body.data.id}`))).data;
    expect(product.allergenIds).toEqual([milk.id, own.id].sort((a, b) => a - b));
    expect(product.allergenCodes).toEqual(["milk"]);

    // Writers of the EU codes alone (the CSV import, the demo data): the links follow them.
    await (handle.db as unknown as Kysely<any>)
      .updateTable("products")
      .set({ allergenCodes: sql`'{gluten}'::text[]` })
      .where("id", "=", product.id)
      .execute();
    const glutenId = all.find((row) => row.code === "A").id;
    const after = (await json(await admin.send(`/api/products/${product.id}`))).data;
    expect(after.allergenIds).toEqual([glutenId, own.id].sort((a, b) => a - b));

    // Only the shop's own allergen left: no EU code.
    const cleared = await admin.send(`/api/products/${product.id}`, {
      method: "PUT",
      json: { allergenIds: [own.id] },
    });
    expect((await json(cleared)).data).toMatchObject({ allergenIds: [own.id], allergenCodes: [] });

    // An allergen a product names cannot go; the answer says why.
    const refused = await admin.send(`/api/allergens/${own.id}`, { method: "DELETE" });
    expect(refused.status).toBe(409);
    expect((await json(refused)).errors?.[0]?.message).toMatch(/1 Produkt nennt es noch/);
  });
});
