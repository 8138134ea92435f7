import { spawn } from "node:child_process";
import http from "node:http";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { createRequestHandler } from "@remix-run/express";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#app/db/connection.server";
import { seedDemoData } from "#app/db/seed.server";
import { de } from "#app/i18n/de";
import {
  bodyLimitFor,
  FORM_BODY_BYTES,
  limitRequestBodies,
  quietAfterBodyRefused,
} from "#app/server/body-limit.server";
import { MAX_REQUEST_BYTES } from "#app/features/cart/item-request.server";
import { IMAGE_FORM_BYTES } from "#app/domain/image-files";
import { MAX_UPLOAD_REQUEST_BYTES } from "#app/features/uploads/upload-form.server";
import {
  SIGNAGE_VIDEO_FORM_OVERHEAD,
  SIGNAGE_VIDEO_MAX_BYTES,
} from "#app/features/signage/signage-video.server";
import { appBuild } from "#tests/support/app-build";
import { createTestDatabase } from "#tests/support/db";
import { staffContext } from "#tests/support/staff";

/**
 * The body guard in front of the whole app, as server.ts mounts it: over-limit bodies get a 413
 * with a German message whatever their framing, and the server stops reading them (the client
 * sees the answer long before it could send everything).
 */

const now = new Date("2026-11-21T09:30:00Z");
/** What a client tries to send: far more than any limit. */
const HUGE = 400 * 1024 * 1024;

interface Posted {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
  /** Bytes the client had written when the answer arrived. */
  sent: number;
}

/**
 * Posts `total` bytes of `a` in 64 KB pieces, chunked or with a Content-Length, and stops
 * writing as soon as the answer's headers arrive.
 */
function post(
  url: string,
  options: { total: number; chunked: boolean; headers?: Record<string, string>; body?: string },
): Promise<Posted> {
  return new Promise((resolve, reject) => {
    const piece = Buffer.alloc(64 * 1024, "a");
    const start = Buffer.from(options.body ?? "");
    const total = options.body !== undefined ? start.length : options.total;
    const request = http.request(url, {
      method: "POST",
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        ...options.headers,
        ...(options.chunked ? {} : { "Content-Length": String(total) }),
      },
    });
    let sent = 0;
    let answered = false;
    request.on("response", (response) => {
      answered = true;
      const parts: Buffer[] = [];
      const atAnswer = sent;
      response.on("data", (chunk: Buffer) => parts.push(chunk));
      const done = () =>
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          body: Buffer.concat(parts).toString("utf8"),
          sent: atAnswer,
        });
      response.on("end", done);
      response.on("error", done);
    });
    // Once answered, a reset connection is the expected end of the unread rest.
    request.on("error", (error) => {
      if (!answered) reject(error);
    });
    if (options.body !== undefined) {
      sent = start.length;
      request.end(start);
      return;
    }
    const write = () => {
      while (!answered && sent < total) {
        const size = Math.min(piece.length, total - sent);
        sent += size;
        if (!request.write(size === piece.length ? piece : piece.subarray(0, size))) {
          request.once("drain", write);
          return;
        }
      }
      if (!answered) request.end();
    };
    write();
  });
}

describe("request body limits", { timeout: 60_000 }, () => {
  let handle: DatabaseHandle;
  let server: Server;
  let origin: string;
  let dataDir: string;
  const reachedApp: string[] = [];

  beforeAll(async () => {
    handle = await createTestDatabase("pglite");
    await seedDemoData(handle.db, { now });
    dataDir = await mkdtemp(path.join(os.tmpdir(), "backstube-bodies-"));
    const app = express();
    app.use(limitRequestBodies());
    app.use((req, _res, next) => {
      reachedApp.push(req.path);
      next();
    });
    app.all(
      "*",
      createRequestHandler({
        build: await appBuild(),
        mode: "production",
        getLoadContext: () =>
          staffContext(handle.db, {
            config: { publicOrigin: "http://localhost:3000", mode: "demo", dataDir },
          }),
      }),
    );
    app.use(quietAfterBodyRefused);
    server = await new Promise<Server>((resolve) => {
      const listening = app.listen(0, "127.0.0.1", () => resolve(listening));
    });
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    server?.closeAllConnections();
    await new Promise((resolve) => server?.close(resolve));
    await handle?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  const multipart = "multipart/form-data; boundary=grenze";
  const routes = [
    {
      name: "the cart form with files",
      path: "/store/altstadt?index",
      type: multipart,
      limit: MAX_REQUEST_BYTES,
    },
    { name: "the cart form without files", path: "/store/altstadt?index", limit: FORM_BODY_BYTES },
    {
      name: "a back-office form with images",
      path: "/backend/tags/new",
      type: multipart,
      limit: IMAGE_FORM_BYTES,
      // A chunked body reaches the page while it arrives, and the page (no session here)
      // answers with its redirect to the sign-in before reading it: only the declared case.
      declaredOnly: true,
    },
    {
      name: "a back-office form without images",
      path: "/backend/tags/new",
      limit: FORM_BODY_BYTES,
    },
    { name: "the checkout", path: "/store/altstadt/checkout", limit: FORM_BODY_BYTES },
    { name: "the cookie consent", path: "/cookie-consent", limit: FORM_BODY_BYTES },
  ];

  for (const route of routes) {
    for (const chunked of "declaredOnly" in route ? [false] : [true, false]) {
      it(`refuses a ${chunked ? "chunked" : "declared"} 400 MB body to ${route.name} with 413`, async () => {
        reachedApp.length = 0;
        const answer = await post(origin + route.path, {
          total: HUGE,
          chunked,
          headers: route.type ? { "Content-Type": route.type } : {},
        });
        expect(answer.status).toBe(413);
        expect(answer.headers["content-type"]).toMatch(/^text\/html/);
        expect(answer.headers.connection).toBe("close");
        expect(answer.body).toContain(de.requestBody.tooLarge);
        // The server answered while the client was still sending: it never took in the rest.
        expect(answer.sent).toBeLessThan(route.limit + 16 * 1024 * 1024);
        // A small form never reaches the app at all; a declared length is refused unread.
        if (route.limit === FORM_BODY_BYTES || !chunked) expect(reachedApp).toEqual([]);
      });
    }
  }

  for (const chunked of [true, false]) {
    it(`answers an ${chunked ? "chunked" : "declared"} over-limit /api/ body with JSON`, async () => {
      const answer = await post(`${origin}/api/orders/public/abc/def/cancel`, {
        total: HUGE,
        chunked,
        headers: { "Content-Type": "application/json" },
      });
      expect(answer.status).toBe(413);
      expect(answer.headers["content-type"]).toMatch(/^application\/json/);
      expect(JSON.parse(answer.body)).toEqual({ errors: [{ message: de.requestBody.tooLarge }] });
      expect(answer.sent).toBeLessThan(HUGE);
    });
  }

  it("answers JSON when the client asks for it, even off /api/", async () => {
    const answer = await post(`${origin}/cookie-consent`, {
      total: FORM_BODY_BYTES + 1,
      chunked: true,
      headers: { Accept: "application/json" },
    });
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toEqual({ errors: [{ message: de.requestBody.tooLarge }] });
  });

  it("gives a back-office edit page's multipart form room for its images, and nothing else", () => {
    const type = "multipart/form-data; boundary=x";
    expect(bodyLimitFor("/backend/tags/new", type)).toBe(IMAGE_FORM_BYTES);
    expect(bodyLimitFor("/backend/branches/12.data", type)).toBe(IMAGE_FORM_BYTES);
    expect(bodyLimitFor("/backend/branches/12", "application/x-www-form-urlencoded")).toBe(
      FORM_BODY_BYTES,
    );
    expect(bodyLimitFor("/backend/branches", type)).toBe(FORM_BODY_BYTES);
    expect(bodyLimitFor("/api/branches/12", type)).toBe(FORM_BODY_BYTES);
  });

  it("gives the staff files' form and API room for a few files (decision 037)", () => {
    const type = "multipart/form-data; boundary=x";
    expect(bodyLimitFor("/api/uploads", type)).toBe(MAX_UPLOAD_REQUEST_BYTES);
    expect(bodyLimitFor("/api/uploads/7", type)).toBe(MAX_UPLOAD_REQUEST_BYTES);
    expect(bodyLimitFor("/backend/uploads", type)).toBe(MAX_UPLOAD_REQUEST_BYTES);
    expect(bodyLimitFor("/backend/uploads.data", type)).toBe(MAX_UPLOAD_REQUEST_BYTES);
    expect(bodyLimitFor("/backend/uploads", "application/x-www-form-urlencoded")).toBe(
      FORM_BODY_BYTES,
    );
    expect(bodyLimitFor("/api/uploads/7/x", type)).toBe(FORM_BODY_BYTES);
  });

  it("passes small bodies on whole, chunked or not", async () => {
    for (const chunked of [true, false]) {
      const answer = await post(`${origin}/cookie-consent`, {
        total: 0,
        chunked,
        body: `redirectTo=${encodeURIComponent("/store/altstadt")}&${"x=1&".repeat(1000)}`,
      });
      expect(answer.status).toBe(303);
      expect(answer.headers.location).toBe("/store/altstadt");
    }
  });

  it("hands the cart form's body to the app while it arrives", async () => {
    for (const chunked of [true, false]) {
      reachedApp.length = 0;
      const field = (name: string, value: string) =>
        `--grenze\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
      const answer = await post(`${origin}/store/altstadt?index`, {
        total: 0,
        chunked,
        headers: { "Content-Type": multipart },
        body:
          field("intent", "remove") +
          field("itemId", "999999") +
          field("note", "x".repeat(50_000)).repeat(4) +
          "--grenze--\r\n",
      });
      // Read and parsed by the cart action: no such item in the (absent) cart.
      expect(answer.status).toBe(400);
      expect(reachedApp).toEqual(["/store/altstadt"]);
    }
  });

  it("lets a body of exactly the limit through and refuses one byte more", async () => {
    const exact = await post(`${origin}/cookie-consent`, {
      total: 0,
      chunked: true,
      body: `redirectTo=%2F&x=`.padEnd(FORM_BODY_BYTES, "a"),
    });
    expect(exact.status).toBe(303);
    const over = await post(`${origin}/cookie-consent`, {
      total: 0,
      chunked: true,
      body: `redirectTo=%2F&x=`.padEnd(FORM_BODY_BYTES + 1, "a"),
    });
    expect(over.status).toBe(413);
  });

  it("closes the connection when the app answers a streamed body before reading it", async () => {
    // The back-office page redirects to the sign-in without reading the upload. Left open, the
    // connection would hold the unread rest, and the client's next request on it would wait for
    // the keep-alive timeout's reset (the signage video upload's ECONNRESET, decision 060).
    for (const chunked of [true, false]) {
      const total = 8 * 1024 * 1024;
      const answer = await post(`${origin}/backend/tags/new`, {
        total,
        chunked,
        headers: { "Content-Type": multipart },
      });
      expect(answer.status).toBe(302);
      expect(answer.headers.connection).toBe("close");
      expect(answer.sent).toBeLessThan(total);
    }
  });

  it("gives a signage segment's video page room for a 200 MB film, and nothing else", () => {
    const type = "multipart/form-data; boundary=x";
    const video = SIGNAGE_VIDEO_MAX_BYTES + SIGNAGE_VIDEO_FORM_OVERHEAD;
    expect(bodyLimitFor("/backend/digital-signage-segments/4/video", type)).toBe(video);
    expect(bodyLimitFor("/backend/digital-signage-segments/4/video.data", type)).toBe(video);
    expect(
      bodyLimitFor(
        "/backend/digital-signage-segments/4/video",
        "application/x-www-form-urlencoded",
      ),
    ).toBe(FORM_BODY_BYTES);
    expect(bodyLimitFor("/backend/digital-signage-segments/x/video", type)).toBe(FORM_BODY_BYTES);
  });

  it("keeps serving after refusals", async () => {
    const page = await fetch(`${origin}/cookie-consent`, { redirect: "manual" });
    expect(page.status).toBe(302);
  });
});

describe("the server", { timeout: 120_000 }, () => {
  it("mounts the body guard and the clean-up, and still stops cleanly", async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), "backstube-bodies-server-"));
    const child = spawn(process.execPath, ["--import", "tsx", "server.ts"], {
      env: {
        ...process.env,
        NODE_ENV: "test",
        PORT: "0",
        HOST: "127.0.0.1",
        DATA_DIR: dataDir,
        DATABASE_URL: "",
        SEED_DEMO_DATA: "false",
      },
    });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    const exited = new Promise<number | null>((resolve) => child.on("close", resolve));
    try {
      const port = await new Promise<string>((resolve, reject) => {
        child.stdout.on("data", () => {
          const match = /Shop läuft auf http:\/\/localhost:(\d+)/.exec(output);
          if (match?.[1]) resolve(match[1]);
        });
        child.on("exit", () => reject(new Error(`beendet:\n${output}`)));
      });
      const answer = await post(`http://127.0.0.1:${port}/cookie-consent`, {
        total: HUGE,
        chunked: true,
      });
      expect(answer.status).toBe(413);
      expect(answer.body).toContain(de.requestBody.tooLarge);
      expect(answer.sent).toBeLessThan(HUGE);
      child.kill("SIGTERM");
      expect(await exited).toBe(0);
      expect(output).not.toContain("Aufräumen verlassener Warenkörbe fehlgeschlagen");
    } finally {
      if (child.exitCode === null) child.kill("SIGKILL");
      await exited;
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
