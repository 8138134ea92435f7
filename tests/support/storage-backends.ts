import { mkdtemp, readdir, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { StorageConfig } from "#app/config/env.server";
import { startFakeS3, type FakeS3 } from "./fake-s3";

/** What `storageFor` needs: the data folder and where files live. */
export interface StorageTestConfig {
  dataDir: string;
  storage: StorageConfig;
}

export interface StorageBackend {
  name: "local" | "s3";
  /**
   * The settings to put into the app's config. One object for the whole file: `start` fills in
   * the data folder and (for s3) the fake's address, so read it after `beforeAll(start)`.
   */
  config: StorageTestConfig;
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Removes every stored file (between tests). */
  clear(): Promise<void>;
  /** The running fake S3 (s3 only, after start). */
  fake?: FakeS3;
}

/**
 * The two stores every file test runs on, for `describe.each(storageBackends())`:
 *
 *     describe.each(storageBackends())("uploads on $name", (backend) => {
 *       beforeAll(() => backend.start());
 *       afterAll(() => backend.stop());
 *       // storageFor(backend.config, "uploads") …
 *     });
 */
export function storageBackends(): StorageBackend[] {
  return [localBackend(), s3Backend()];
}

function localBackend(): StorageBackend {
  const backend: StorageBackend = {
    name: "local",
    config: { dataDir: "", storage: { kind: "local" } },
    async start() {
      backend.config.dataDir = await mkdtemp(path.join(os.tmpdir(), "backstube-files-"));
    },
    async stop() {
      if (backend.config.dataDir)
        await rm(backend.config.dataDir, { recursive: true, force: true });
    },
    async clear() {
      const folder = backend.config.dataDir;
      if (!folder) return;
      for (const entry of await readdir(folder)) {
        await rm(path.join(folder, entry), { recursive: true, force: true });
      }
    },
  };
  return backend;
}

function s3Backend(): StorageBackend {
  const storage: Extract<StorageConfig, { kind: "s3" }> = {
    kind: "s3",
    endpoint: undefined,
    region: "eu-central-1",
    bucket: "backstube-test",
    accessKeyId: "test-key",
    secretAccessKey: "test-secret",
    forcePathStyle: true,
    prefix: "shop-1/",
  };
  const backend: StorageBackend = {
    name: "s3",
    config: { dataDir: "", storage },
    async start() {
      // A data folder too: it must hold nothing once every file goes to the bucket.
      backend.config.dataDir = await mkdtemp(path.join(os.tmpdir(), "backstube-files-s3-"));
      backend.fake = await startFakeS3(storage.bucket);
      storage.endpoint = backend.fake.url;
    },
    async stop() {
      await backend.fake?.close();
      if (backend.config.dataDir)
        await rm(backend.config.dataDir, { recursive: true, force: true });
    },
    async clear() {
      backend.fake?.objects.clear();
    },
  };
  return backend;
}
