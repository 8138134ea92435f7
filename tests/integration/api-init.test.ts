import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { version } from "../../package.json";
import type { DatabaseHandle } from "#app/db/connection.server";
import { seedDemoData } from "#app/db/seed.server";
import { createTestDatabase, databaseTargets } from "#tests/support/db";
import { createStaff, startAppServer, StaffClient, type AppServer } from "#tests/support/staff";

/**
 * `GET /api/init` (spec section 7, decision 099): one entry per start-up call, each `data`
 * exactly what the single call `GET <url>` answers the same staff member — compared entry by
 * entry for an administrator, a manager and an employee of one branch — and the software's
 * version.
 */
type Entry = { url: string; status: number; data: any };
type Init = { data: Entry[]; version: string };

const URLS = [
  "config",
  "divisions",
  "branches",
  "menus",
  "categories",
  "products",
  "tags",
  "tables",
  "sites",
  "navigations",
  "blocks",
  "donatees",
].map((name) => `/api/${name}`);

describe.each(databaseTargets())("GET /api/init (%s)", (target) => {
  let handle: DatabaseHandle;
  let server: AppServer;
  const clients: Record<string, StaffClient> = {};
  let branchId: number;

  beforeAll(async () => {
    handle = await createTestDatabase(target);
    await seedDemoData(handle.db, { now: new Date() });
    const branches = await handle.db
      .selectFrom("branches")
      .select("id")
      .orderBy("position")
      .orderBy("id")
      .execute();
    expect(branches.length).toBeGreaterThan(1);
    branchId = branches[0]!.id;
    server = await startAppServer(handle.db);
    const people = {
      admin: await createStaff(handle.db, { roles: ["ROLE_ADMIN"] }),
      manager: await createStaff(handle.db, { roles: ["ROLE_MANAGER"], branchIds: [branchId] }),
      employee: await createStaff(handle.db, { roles: ["ROLE_EMPLOYEE"], branchIds: [branchId] }),
    };
    for (const [name, person] of Object.entries(people)) {
      clients[name] = await new StaffClient(server).signInAs(server.context, person.id);
    }
  });

  afterAll(async () => {
    await server?.close();
    await handle?.close();
  });

  const init = async (client: StaffClient) => {
    const response = await client.send("/api/init");
    expect(response.status).toBe(200);
    return (await response.json()) as Init;
  };

  it.each(["admin", "manager", "employee"])(
    "answers %s each entry exactly as the single call does",
    async (who) => {
      const client = clients[who]!;
      const answer = await init(client);
      expect(answer.version).toBe(version);
      expect(answer.data.map((entry) => entry.url)).toEqual(URLS);
      for (const entry of answer.data) {
        const single = await client.send(entry.url);
        expect(entry.status, entry.url).toBe(single.status);
        expect(entry.data, entry.url).toEqual(await single.json());
      }
    },
  );

  it("gives the administrator every list with tags, hours, areas and versions", async () => {
    const { data } = await init(clients.admin!);
    const entry = (url: string) => data.find((item) => item.url === url)!;
    expect(entry("/api/config")).toMatchObject({
      status: 200,
      data: { data: { currency: "EUR" } },
    });
    const branches = entry("/api/branches").data.data as Record<string, unknown>[];
    expect(branches.length).toBeGreaterThan(1);
    for (const branch of branches) {
      expect(Object.keys(branch)).toEqual(
        expect.arrayContaining([
          "tags",
          "openingHours",
          "deliveryHours",
          "deliveryAreas",
          "version",
        ]),
      );
    }
    expect(branches.some((branch) => (branch.openingHours as unknown[]).length > 0)).toBe(true);
    expect(entry("/api/branches").data.meta).toMatchObject({ total: branches.length, page: 1 });
    for (const url of URLS.slice(1)) {
      expect(entry(url).status, url).toBe(200);
      for (const row of entry(url).data.data) expect(row, url).toHaveProperty("version");
    }
    expect((entry("/api/products").data.data as unknown[]).length).toBeGreaterThan(0);
  });

  it("keeps a manager to their branch and refuses them what the single calls refuse", async () => {
    const { data } = await init(clients.manager!);
    const entry = (url: string) => data.find((item) => item.url === url)!;
    expect(entry("/api/config").status).toBe(403);
    expect(entry("/api/config").data).toEqual({
      errors: [{ message: "Dafür fehlt Ihnen die Berechtigung." }],
    });
    expect(JSON.stringify(entry("/api/config").data)).not.toContain("currency");
    const branches = entry("/api/branches");
    expect(branches.status).toBe(200);
    expect(branches.data.data.map((branch: { id: number }) => branch.id)).toEqual([branchId]);
  });

  it("is for signed-in staff only", async () => {
    const response = await new StaffClient(server).send("/api/init");
    expect(response.status).toBe(401);
  });
});
