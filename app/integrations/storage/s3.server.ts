import type { S3Client } from "@aws-sdk/client-s3";
import { loadS3 } from "#app/server/on-demand-modules.server";
import type { StorageConfig } from "#app/config/env.server";
import type { FileStorage } from "./file-storage";
import { checkedKey } from "./keys";

export type S3Settings = Extract<StorageConfig, { kind: "s3" }>;

const clients = new Map<string, S3Client>();

/**
 * One client per endpoint and key: the SDK keeps its sockets open between requests. The SDK is
 * loaded with the first client (decision 051).
 */
async function clientFor(settings: S3Settings): Promise<S3Client> {
  const { S3Client } = await loadS3();
  const id = [settings.endpoint, settings.region, settings.accessKeyId, settings.forcePathStyle]
    .map(String)
    .join("|");
  let client = clients.get(id);
  if (!client) {
    client = new S3Client({
      endpoint: settings.endpoint,
      region: settings.region,
      forcePathStyle: settings.forcePathStyle,
      credentials: {
        accessKeyId: settings.accessKeyId,
        secretAccessKey: settings.secretAccessKey,
      },
      // Checksums only where S3 demands them: MinIO, Ceph and older stores reject the trailing
      // checksums the SDK would otherwise send with every upload.
      requestChecksumCalculation: "WHEN_REQUIRED",
      responseChecksumValidation: "WHEN_REQUIRED",
      maxAttempts: 3,
    });
    clients.set(id, client);
  }
  return client;
}

/**
 * One area of the app's files as a prefix in an S3-compatible bucket
 * (`{S3_PREFIX}{area}/{key}`), so every app instance reads what another wrote.
 */
export function s3Storage(settings: S3Settings, area: string): FileStorage {
  const objectKey = (key: string) => `${settings.prefix}${area}/${checkedKey(key)}`;
  return {
    async put(key, bytes) {
      const [{ PutObjectCommand }, client] = await Promise.all([loadS3(), clientFor(settings)]);
      await client.send(
        new PutObjectCommand({
          Bucket: settings.bucket,
          Key: objectKey(key),
          Body: bytes,
          ContentLength: bytes.byteLength,
          ContentType: "application/octet-stream",
        }),
      );
    },
    async get(key) {
      const [{ GetObjectCommand, NoSuchKey, S3ServiceException }, client] = await Promise.all([
        loadS3(),
        clientFor(settings),
      ]);
      try {
        const answer = await client.send(
          new GetObjectCommand({ Bucket: settings.bucket, Key: objectKey(key) }),
        );
        if (!answer.Body) return null;
        return await answer.Body.transformToByteArray();
      } catch (error) {
        if (error instanceof NoSuchKey) return null;
        if (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404) {
          return null;
        }
        throw error;
      }
    },
    async remove(key) {
      const [{ DeleteObjectCommand }, client] = await Promise.all([loadS3(), clientFor(settings)]);
      await client.send(new DeleteObjectCommand({ Bucket: settings.bucket, Key: objectKey(key) }));
    },
  };
}
