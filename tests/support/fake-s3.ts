import { createHash } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { listen, type Listening } from "./fake-http";

/**
 * A small S3-compatible store for the tests: path-style `/{bucket}/{key}` PUT, GET, HEAD and
 * DELETE of objects, answering with the headers and XML errors the AWS SDK reads, so the app's
 * `s3Storage` talks to it unchanged. It checks that each request is signed (the SDK's
 * `AWS4-HMAC-SHA256` Authorization header), not that the signature is right.
 */
export interface FakeS3 extends Listening {
  bucket: string;
  /** Every object, by key (without the bucket), as stored. */
  objects: Map<string, Uint8Array>;
  /** Requests seen, as "METHOD /bucket/key". */
  requests: string[];
}

export async function startFakeS3(bucket = "backstube-test"): Promise<FakeS3> {
  const objects = new Map<string, Uint8Array>();
  const requests: string[] = [];
  const server = await listen(async (request, response) => {
    const url = new URL(request.url ?? "/", "http://fake-s3");
    requests.push(`${request.method} ${url.pathname}`);
    const body = await readBytes(request);
    const authorization = String(request.headers.authorization ?? "");
    if (!authorization.startsWith("AWS4-HMAC-SHA256 Credential=")) {
      return error(response, 403, "AccessDenied", "Missing or unsupported signature");
    }
    const [, bucketName = "", ...rest] = url.pathname.split("/");
    const key = decodeURIComponent(rest.join("/"));
    if (bucketName !== bucket) {
      return error(response, 404, "NoSuchBucket", "The specified bucket does not exist");
    }
    if (!key) return error(response, 501, "NotImplemented", "Bucket operations are not faked");
    switch (request.method) {
      case "PUT": {
        const declared = request.headers["content-length"];
        if (declared !== undefined && Number(declared) !== body.byteLength) {
          return error(response, 400, "IncompleteBody", "Body shorter than Content-Length");
        }
        objects.set(key, body);
        response.writeHead(200, { ETag: etagOf(body), "Content-Length": "0" });
        return void response.end();
      }
      case "GET":
      case "HEAD": {
        const stored = objects.get(key);
        if (!stored) {
          if (request.method === "HEAD") {
            response.writeHead(404);
            return void response.end();
          }
          return error(response, 404, "NoSuchKey", "The specified key does not exist.");
        }
        response.writeHead(200, {
          "Content-Type": "application/octet-stream",
          "Content-Length": String(stored.byteLength),
          ETag: etagOf(stored),
          "Last-Modified": new Date().toUTCString(),
          "Accept-Ranges": "bytes",
        });
        return void response.end(request.method === "GET" ? Buffer.from(stored) : undefined);
      }
      case "DELETE": {
        objects.delete(key);
        response.writeHead(204);
        return void response.end();
      }
      default:
        return error(response, 405, "MethodNotAllowed", "Method not allowed");
    }
  });
  return { ...server, bucket, objects, requests };
}

async function readBytes(request: IncomingMessage): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return new Uint8Array(Buffer.concat(chunks));
}

function etagOf(bytes: Uint8Array): string {
  return `"${createHash("md5").update(bytes).digest("hex")}"`;
}

function error(response: ServerResponse, status: number, code: string, message: string): void {
  const xml =
    `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code>` +
    `<Message>${message}</Message><RequestId>fake</RequestId></Error>`;
  response.writeHead(status, {
    "Content-Type": "application/xml",
    "Content-Length": String(Buffer.byteLength(xml)),
    "x-amz-request-id": "fake",
  });
  response.end(xml);
}
