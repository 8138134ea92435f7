import { randomBytes } from "node:crypto";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, inject, it } from "vitest";
import { openDatabase } from "#app/db/connection.server";
import { hashToken } from "#app/features/signage/signage.server";
import { startFakeS3 } from "#tests/support/fake-s3";
import { databaseUrlFor, withAdminClient } from "#tests/support/postgres";
import { sampleFilm } from "#tests/support/sample-files";
import { ensureBuild, startShopProcess, type ShopProcess } from "#tests/support/shop-process";
import { StaffClient } from "#tests/support/staff";

/**
 * Two instances of the built shop, as an operator runs them behind a balancer (issue 41 part 6,
 * decision 118): two server processes on one PostgreSQL database and one S3 store, each with a
 * data folder of its own. A film uploaded through the first is played by a TV whose requests go
 * to the second — whole, and by the ranges a video element asks for — and neither folder holds it.
 */
const postgresUrl = inject("postgresUrl");
const template = inject("postgresTemplate");
const ADMIN = { email: "admin@sonnenkorn.example", password: "zwei-instanzen-admin-1" };

describe.runIf(template)(
  "a film on two shop processes and one bucket",
  { timeout: 240_000 },
  () => {
    const cleanups: (() => Promise<unknown> | unknown)[] = [];

    afterAll(async () => {
      for (const cleanup of cleanups.reverse()) await cleanup();
    });

    it("is uploaded through one process and played through the other", async () => {
      ensureBuild();
      const name = `bt_test_${randomBytes(6).toString("hex")}`;
      await withAdminClient(postgresUrl!, (client) =>
        client.query(`create database ${name} template ${template}`),
      );
      cleanups.push(() =>
        withAdminClient(postgresUrl!, (client) =>
          client.query(`drop database if exists ${name} with (force)`),
        ),
      );
      const url = databaseUrlFor(postgresUrl!, name);
      const s3 = await startFakeS3("backstube-zwei");
      cleanups.push(() => s3.close());
      const folders = ["a", "b"].map((letter) =>
        mkdtempSync(path.join(os.tmpdir(), `signage-process-${letter}-`)),
      );
      cleanups.push(() => {
        for (const folder of folders) rmSync(folder, { recursive: true, force: true });
      });
      const env = (dataDir: string) => ({
        DATABASE_URL: url,
        DATA_DIR: dataDir,
        DEMO_ADMIN_PASSWORD: ADMIN.password,
        STORAGE: "s3",
        S3_ENDPOINT: s3.url,
        S3_BUCKET: s3.bucket,
        S3_ACCESS_KEY_ID: "test-key",
        S3_SECRET_ACCESS_KEY: "test-secret",
        S3_PREFIX: "laden/",
      });
      const shops: ShopProcess[] = [];
      cleanups.push(async () => {
        for (const shop of shops) await shop.stop();
      });
      // The first seeds the demo shop; the second finds it there.
      shops.push(await startShopProcess(env(folders[0]!)));
      shops.push(await startShopProcess(env(folders[1]!)));
      const [first, second] = shops as [ShopProcess, ShopProcess];

      const handle = await openDatabase({ databaseUrl: url, dataDir: "", maxConnections: 1 });
      cleanups.push(() => handle.close());
      const segment = await handle.db
        .insertInto("signageSegments")
        .values({ name: "Film", kind: "video", durationSeconds: 10 })
        .returning("id")
        .executeTakeFirstOrThrow();
      const branch = await handle.db
        .selectFrom("branches")
        .select("id")
        .orderBy("id")
        .executeTakeFirstOrThrow();
      const device = await handle.db
        .insertInto("signageDevices")
        .values({ name: "Theke", branchId: branch.id })
        .returning("id")
        .executeTakeFirstOrThrow();
      const token = "d".repeat(43);
      await handle.db
        .insertInto("signagePairings")
        .values({ code: "VWXYZA", tokenHash: hashToken(token), deviceId: device.id })
        .execute();

      const staff = new StaffClient({ origin: first.origin });
      expect((await staff.login(ADMIN.email, ADMIN.password)).status).toBe(303);
      const bytes = sampleFilm(5);
      const body = new FormData();
      body.append("video", new File([bytes], "film.mp4", { type: "video/mp4" }));
      const uploaded = await staff.send(`/backend/digital-signage-segments/${segment.id}/video`, {
        multipart: body,
      });
      expect(uploaded.status, await uploaded.clone().text()).toBe(303);
      // The demo shop's pictures are in the bucket too; the film is the one object of its area.
      const films = [...s3.objects.keys()].filter((key) => key.includes("signage-videos/"));
      expect(films).toEqual([expect.stringMatching(/^laden\/signage-videos\/[0-9a-f]{40}$/)]);
      for (const folder of folders) {
        const films = (() => {
          try {
            return readdirSync(path.join(folder, "signage-videos"));
          } catch {
            return [];
          }
        })();
        expect(films, folder).toEqual([]);
      }

      const tv = (headers: Record<string, string> = {}) =>
        fetch(`${second.origin}/tv/video/${segment.id}`, {
          headers: { Cookie: `tv_geraet=${token}`, ...headers },
        });
      const whole = await tv();
      expect(whole.status).toBe(200);
      expect(whole.headers.get("Content-Type")).toBe("video/mp4");
      expect(new Uint8Array(await whole.arrayBuffer())).toEqual(bytes);
      const start = await tv({ Range: "bytes=0-1" });
      expect(start.status).toBe(206);
      expect(start.headers.get("Content-Range")).toBe(`bytes 0-1/${bytes.length}`);
      await start.arrayBuffer();
      const middle = await tv({ Range: "bytes=50000-59999" });
      expect(middle.status).toBe(206);
      expect(new Uint8Array(await middle.arrayBuffer())).toEqual(bytes.slice(50_000, 60_000));
    });
  },
);
