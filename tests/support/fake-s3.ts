import { createHash } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { listen, type Listening } from "./fake-http";

/**
 * A small S3-compatible store for the tests: path-style `/{bucket}/{key}` PUT, GET, HEAD and
 * DELETE of objects, answering with the headers and XML errors the AWS SDK reads, so the app's
 * `s3Storage` talks to it unchanged. A GET takes one `Range: bytes=a-b` (206 with
 * `Content-Range`, 416 beyond the end), a streamed PUT may come `aws-chunked`, and each object
 * keeps the time it was stored (`Last-Modified`), as S3 does. It checks that each request is
 * signed (the SDK's `AWS4-HMAC-SHA256` Authorization header), not that the signature is right.
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
  const storedAt = new Map<string, Date>();
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
        const chunked = String(request.headers["content-encoding"] ?? "").includes("aws-chunked");
        const stored = chunked ? unchunked(body) : body;
        const decoded = request.headers["x-amz-decoded-content-length"];
        if (decoded !== undefined && Number(decoded) !== stored.byteLength) {
          return error(response, 400, "IncompleteBody", "Body shorter than its decoded length");
        }
        objects.set(key, stored);
        // S3 keeps whole seconds.
        storedAt.set(key, new Date(Math.floor(Date.now() / 1000) * 1000));
        response.writeHead(200, { ETag: etagOf(stored), "Content-Length": "0" });
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
        const headers = {
          "Content-Type": "application/octet-stream",
          ETag: etagOf(stored),
          "Last-Modified": (storedAt.get(key) ?? new Date(0)).toUTCString(),
          "Accept-Ranges": "bytes",
        };
        const range = /^bytes=(\d+)-(\d*)$/.exec(String(request.headers.range ?? ""));
        if (request.method === "GET" && range) {
          const start = Number(range[1]);
          const end = Math.min(
            range[2] ? Number(range[2]) : stored.byteLength - 1,
            stored.byteLength - 1,
          );
          if (start >= stored.byteLength || end < start) {
            return error(response, 416, "InvalidRange", "The requested range is not satisfiable");
          }
          response.writeHead(206, {
            ...headers,
            "Content-Length": String(end - start + 1),
            "Content-Range": `bytes ${start}-${end}/${stored.byteLength}`,
          });
          return void response.end(Buffer.from(stored.subarray(start, end + 1)));
        }
        response.writeHead(200, { ...headers, "Content-Length": String(stored.byteLength) });
        return void response.end(request.method === "GET" ? Buffer.from(stored) : undefined);
      }
      case "DELETE": {
        objects.delete(key);
        storedAt.delete(key);
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

/**
 * The payload of an `aws-chunked` body (a streamed, signed PUT): `<hex size>;chunk-signature=…`
 * CRLF, the bytes, CRLF, until a chunk of size 0 (trailers after it are ignored).
 */
function unchunked(body: Uint8Array): Uint8Array {
  const bytes = Buffer.from(body);
  const parts: Buffer[] = [];
  let at = 0;
  while (at < bytes.length) {
    const lineEnd = bytes.indexOf("\r\n", at);
    if (lineEnd < 0) break;
    const size = parseInt(bytes.subarray(at, lineEnd).toString("latin1").split(";")[0]!, 16);
    if (!Number.isFinite(size) || size === 0) break;
    parts.push(bytes.subarray(lineEnd + 2, lineEnd + 2 + size));
    at = lineEnd + 2 + size + 2;
  }
  return new Uint8Array(Buffer.concat(parts));
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
