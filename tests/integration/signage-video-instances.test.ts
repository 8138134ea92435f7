import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { StorageConfig } from "#app/config/env.server";
import type { DatabaseHandle } from "#app/db/connection.server";
import { seedDemoData } from "#app/db/seed.server";
import { findBranchByIdentifier } from "#app/db/queries/branches";
import "#app/features/resources.server";
import { deSignage } from "#app/i18n/de-signage";
import { hashToken } from "#app/features/signage/signage.server";
import { createTestDatabase, databaseTargets } from "#tests/support/db";
import { startFakeS3, type FakeS3 } from "#tests/support/fake-s3";
import { sampleFilm } from "#tests/support/sample-files";
import { createStaff, startAppServer, StaffClient, type AppServer } from "#tests/support/staff";

/**
 * Signage videos with several instances (issue 41 part 6, decision 118): with `STORAGE=s3` a film
 * uploaded through one instance lands in the bucket, not in that instance's data folder, and a
 * TV whose requests the balancer sends to the other instance gets it there, whole and by range,
 * with the same ETag; a replaced film leaves the bucket; a bucket that is away refuses the upload
 * in German and changes nothing.
 */

describe.each(databaseTargets())(
  "signage videos on two instances and one bucket (%s)",
  (target) => {
    let handle: DatabaseHandle;
    let s3: FakeS3;
    const folders: string[] = [];
    const servers: AppServer[] = [];
    let segmentId = 0;
    let adminId = 0;
    let tvCookie = "";

    const storage: Extract<StorageConfig, { kind: "s3" }> = {
      kind: "s3",
      endpoint: undefined,
      region: "eu-central-1",
      bucket: "backstube-videos",
      accessKeyId: "test-key",
      secretAccessKey: "test-secret",
      forcePathStyle: true,
      prefix: "laden/",
    };

    beforeAll(async () => {
      handle = await createTestDatabase(target);
      await seedDemoData(handle.db, { now: new Date() });
      s3 = await startFakeS3(storage.bucket);
      storage.endpoint = s3.url;
      for (const name of ["a", "b"]) {
        const dataDir = await mkdtemp(path.join(tmpdir(), `signage-instance-${name}-`));
        folders.push(dataDir);
        servers.push(
          await startAppServer(
            handle.db,
            { config: { publicOrigin: "http://localhost:3000", mode: "demo", dataDir, storage } },
            { bodyGuard: true },
          ),
        );
      }
      adminId = (await createStaff(handle.db, { roles: ["ROLE_ADMIN"] })).id;
      segmentId = (
        await handle.db
          .insertInto("signageSegments")
          .values({ name: "Film", kind: "video", durationSeconds: 10 })
          .returning("id")
          .executeTakeFirstOrThrow()
      ).id;
      const branch = (await findBranchByIdentifier(handle.db, "wiehre"))!.id;
      const device = await handle.db
        .insertInto("signageDevices")
        .values({ name: "Theke", branchId: branch })
        .returning("id")
        .executeTakeFirstOrThrow();
      const token = "c".repeat(43);
      await handle.db
        .insertInto("signagePairings")
        .values({ code: "PQRSTU", tokenHash: hashToken(token), deviceId: device.id })
        .execute();
      tvCookie = `tv_geraet=${token}`;
    });

    afterAll(async () => {
      for (const server of servers) await server.close();
      await s3?.close();
      await handle?.close();
      for (const folder of folders) await rm(folder, { recursive: true, force: true });
    });

    const [a, b] = [0, 1];
    const upload = async (instance: number, bytes: Uint8Array<ArrayBuffer>) => {
      const server = servers[instance]!;
      const client = await new StaffClient(server).signInAs(server.context, adminId);
      const body = new FormData();
      body.append("video", new File([bytes], "film.mp4", { type: "video/mp4" }));
      return client.send(`/backend/digital-signage-segments/${segmentId}/video`, {
        multipart: body,
      });
    };
    const tv = (instance: number, headers: Record<string, string> = {}) =>
      fetch(`${servers[instance]!.origin}/tv/video/${segmentId}`, {
        headers: { Cookie: tvCookie, ...headers },
      });
    const videoPath = async () =>
      (
        await handle.db
          .selectFrom("signageSegments")
          .select("videoPath")
          .where("id", "=", segmentId)
          .executeTakeFirstOrThrow()
      ).videoPath;
    const localFilms = async () => {
      const found: string[] = [];
      for (const folder of folders) {
        const names = await readdir(path.join(folder, "signage-videos")).catch(() => []);
        found.push(...names);
      }
      return found;
    };
    const bucketKeys = () => [...s3.objects.keys()].sort();

    it("keeps a film uploaded through one instance in the bucket and serves it from the other", async () => {
      const bytes = sampleFilm(7);
      const uploaded = await upload(a, bytes);
      expect(uploaded.status, await uploaded.clone().text()).toBe(303);
      const stored = await videoPath();
      expect(stored).toMatch(/^[0-9a-f]{40}\.mp4$/);
      expect(bucketKeys()).toEqual([`laden/signage-videos/${stored!.slice(0, 40)}`]);
      expect(await localFilms()).toEqual([]);

      const whole = await tv(b);
      expect(whole.status).toBe(200);
      expect(whole.headers.get("Content-Type")).toBe("video/mp4");
      expect(whole.headers.get("Content-Length")).toBe(String(bytes.length));
      expect(new Uint8Array(await whole.arrayBuffer())).toEqual(bytes);

      // What a video element asks for while it plays: a range in the middle, then the rest.
      const middle = await tv(b, { Range: "bytes=40000-40999" });
      expect(middle.status).toBe(206);
      expect(middle.headers.get("Content-Range")).toBe(`bytes 40000-40999/${bytes.length}`);
      expect(new Uint8Array(await middle.arrayBuffer())).toEqual(bytes.slice(40_000, 41_000));
      const rest = await tv(b, { Range: "bytes=99000-" });
      expect(rest.status).toBe(206);
      expect(new Uint8Array(await rest.arrayBuffer())).toEqual(bytes.slice(99_000));
      const beyond = await tv(b, { Range: `bytes=${bytes.length}-` });
      expect(beyond.status).toBe(416);
      await beyond.arrayBuffer();

      // Both instances name it by the same ETag, so a TV moved between them revalidates with a 304.
      const etag = whole.headers.get("ETag")!;
      const fromA = await tv(a);
      expect(fromA.headers.get("ETag")).toBe(etag);
      await fromA.arrayBuffer();
      const again = await tv(b, { "If-None-Match": etag });
      expect(again.status).toBe(304);
    });

    it("takes the old film out of the bucket when another instance replaces it", async () => {
      const before = await videoPath();
      const bytes = sampleFilm(11);
      const uploaded = await upload(b, bytes);
      expect(uploaded.status).toBe(303);
      const after = await videoPath();
      expect(after).not.toBe(before);
      expect(bucketKeys()).toEqual([`laden/signage-videos/${after!.slice(0, 40)}`]);
      const served = await tv(a);
      expect(new Uint8Array(await served.arrayBuffer())).toEqual(bytes);
      expect(await localFilms()).toEqual([]);
    });

    it("refuses an upload in German while the bucket is away, and changes nothing", async () => {
      const before = await videoPath();
      const keys = bucketKeys();
      await s3.close();
      try {
        const refused = await upload(a, sampleFilm(13));
        expect(refused.status).toBe(503);
        expect(await refused.text()).toContain(deSignage.video.storeFailed);
        expect(await videoPath()).toBe(before);
        expect(await localFilms()).toEqual([]);
      } finally {
        const restarted = await startFakeS3(storage.bucket);
        for (const [key, bytes] of s3.objects) restarted.objects.set(key, bytes);
        s3 = restarted;
        storage.endpoint = s3.url;
      }
      expect(bucketKeys()).toEqual(keys);
    });
  },
);
