import { randomBytes } from "node:crypto";
import { readdir } from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { storageFor } from "#app/integrations/storage/storage.server";
import { startFakeS3 } from "#tests/support/fake-s3";
import { storageBackends } from "#tests/support/storage-backends";

const newKey = () => randomBytes(16).toString("hex");

describe.each(storageBackends())("file storage on $name", (backend) => {
  beforeAll(() => backend.start());
  afterAll(() => backend.stop());

  it("keeps, returns and removes a file by its key", async () => {
    const uploads = storageFor(backend.config, "uploads");
    const key = newKey();
    const bytes = new Uint8Array(randomBytes(70_000));
    await uploads.put(key, bytes);
    expect(Buffer.from((await uploads.get(key))!)).toEqual(Buffer.from(bytes));
    await uploads.remove(key);
    expect(await uploads.get(key)).toBeNull();
    await uploads.remove(key);
  });

  it("answers null for a key it never kept", async () => {
    expect(await storageFor(backend.config, "uploads").get(newKey())).toBeNull();
  });

  it("keeps the areas apart", async () => {
    const key = newKey();
    await storageFor(backend.config, "uploads").put(key, new Uint8Array([1, 2, 3]));
    expect(await storageFor(backend.config, "upload-previews").get(key)).toBeNull();
  });

  it("refuses a key that could name another place", async () => {
    const uploads = storageFor(backend.config, "uploads");
    await expect(uploads.put("../session-secret", new Uint8Array([1]))).rejects.toThrow(RangeError);
    await expect(uploads.get("a/b")).rejects.toThrow(RangeError);
  });

  it.runIf(backend.name === "s3")(
    "writes into the bucket under its prefix, not the folder",
    async () => {
      const key = newKey();
      await storageFor(backend.config, "uploads").put(key, new Uint8Array([9]));
      expect(backend.fake!.objects.has(`shop-1/uploads/${key}`)).toBe(true);
      expect(await readdir(backend.config.dataDir)).toEqual([]);
    },
  );
});

describe("the fake S3", () => {
  it("refuses an unsigned request, as S3 does", async () => {
    const fake = await startFakeS3("b1");
    try {
      const answer = await fetch(`${fake.url}/b1/abc`, { method: "PUT", body: "x" });
      expect(answer.status).toBe(403);
      expect(await answer.text()).toContain("<Code>AccessDenied</Code>");
      expect(fake.objects.size).toBe(0);
    } finally {
      await fake.close();
    }
  });

  it("makes the app's store fail loudly when the bucket is wrong", async () => {
    const fake = await startFakeS3("right-bucket");
    try {
      const store = storageFor(
        {
          dataDir: "",
          storage: {
            kind: "s3",
            endpoint: fake.url,
            region: "eu-central-1",
            bucket: "wrong-bucket",
            accessKeyId: "k",
            secretAccessKey: "s",
            forcePathStyle: true,
            prefix: "",
          },
        },
        "uploads",
      );
      await expect(store.put(newKey(), new Uint8Array([1]))).rejects.toThrow();
    } finally {
      await fake.close();
    }
  });
});
