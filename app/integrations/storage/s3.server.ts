import { createReadStream } from "node:fs";
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

/** What `s3Files` knows of a stored object. */
export interface S3FileFacts {
  size: number;
  modified: Date;
}

/**
 * Large files of one area (signage videos, decision 118) that are never held in memory whole: a
 * file on disk goes up as one streamed PUT (S3 takes 5 GB so; the app's videos stop at 200 MB),
 * and comes back as the bytes of one range.
 */
export function s3Files(settings: S3Settings, area: string) {
  const objectKey = (key: string) => `${settings.prefix}${area}/${checkedKey(key)}`;
  const isMissing = async (error: unknown) => {
    const { NoSuchKey, NotFound, S3ServiceException } = await loadS3();
    return (
      error instanceof NoSuchKey ||
      error instanceof NotFound ||
      (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404)
    );
  };
  return {
    async putFile(key: string, file: string, size: number, contentType: string): Promise<void> {
      const [{ PutObjectCommand }, client] = await Promise.all([loadS3(), clientFor(settings)]);
      await client.send(
        new PutObjectCommand({
          Bucket: settings.bucket,
          Key: objectKey(key),
          Body: createReadStream(file),
          ContentLength: size,
          ContentType: contentType,
        }),
      );
    },
    async facts(key: string): Promise<S3FileFacts | null> {
      const [{ HeadObjectCommand }, client] = await Promise.all([loadS3(), clientFor(settings)]);
      try {
        const answer = await client.send(
          new HeadObjectCommand({ Bucket: settings.bucket, Key: objectKey(key) }),
        );
        return { size: answer.ContentLength ?? 0, modified: answer.LastModified ?? new Date(0) };
      } catch (error) {
        if (await isMissing(error)) return null;
        throw error;
      }
    },
    /** Bytes `start`…`end` (both included) as a web stream. */
    async read(key: string, start: number, end: number): Promise<ReadableStream> {
      const [{ GetObjectCommand }, client] = await Promise.all([loadS3(), clientFor(settings)]);
      const answer = await client.send(
        new GetObjectCommand({
          Bucket: settings.bucket,
          Key: objectKey(key),
          Range: `bytes=${start}-${end}`,
        }),
      );
      if (!answer.Body) throw new Error("S3 gab keinen Inhalt zurück.");
      return answer.Body.transformToWebStream();
    },
    async remove(key: string): Promise<void> {
      const [{ DeleteObjectCommand }, client] = await Promise.all([loadS3(), clientFor(settings)]);
      await client.send(new DeleteObjectCommand({ Bucket: settings.bucket, Key: objectKey(key) }));
    },
  };
}
