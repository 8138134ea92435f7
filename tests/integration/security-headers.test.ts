import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { securityHeaders } from "#app/server/security-headers.server";

let server: Server;
let origin: string;

beforeAll(async () => {
  const app = express();
  app.use(securityHeaders({ isDevelopment: false, formTargets: ["https://checkout.example"] }));
  app.get("/assets/app-1.js", (_req, res) => res.type("text/javascript").send("export {};"));
  app.get("/store/wiehre", (_req, res) => res.type("html").send(`<p>${res.locals.cspNonce}</p>`));
  await new Promise<void>((resolve) => {
    server = app.listen(0, "127.0.0.1", resolve);
  });
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe("security headers", () => {
  it("give a page its policy with a fresh nonce per response", async () => {
    const [first, second] = await Promise.all([
      fetch(`${origin}/store/wiehre`),
      fetch(`${origin}/store/wiehre`),
    ]);
    const policy = first.headers.get("content-security-policy") ?? "";
    const nonce = await first.text();
    expect(policy).toContain(`script-src 'self' 'nonce-${nonce.replace(/<\/?p>/g, "")}'`);
    expect(policy).toContain("form-action 'self' https://checkout.example");
    expect(second.headers.get("content-security-policy")).not.toBe(policy);
    expect(first.headers.get("x-frame-options")).toBe("DENY");
    expect(first.headers.get("x-content-type-options")).toBe("nosniff");
  });

  it("send only nosniff with the hashed build files, which are never documents", async () => {
    const response = await fetch(`${origin}/assets/app-1.js`);
    expect(response.status).toBe(200);
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("content-security-policy")).toBeNull();
    expect(response.headers.get("permissions-policy")).toBeNull();
    expect(response.headers.get("x-frame-options")).toBeNull();
  });
});

describe("Strict-Transport-Security", () => {
  async function headersOf(strictTransport: boolean | undefined): Promise<Headers[]> {
    const app = express();
    app.use(securityHeaders({ isDevelopment: false, strictTransport }));
    app.get("/store/wiehre", (_req, res) => res.type("html").send("<p>Filiale</p>"));
    app.get("/assets/app-1.js", (_req, res) => res.type("text/javascript").send("export {};"));
    const listening = await new Promise<Server>((resolve) => {
      const started = app.listen(0, "127.0.0.1", () => resolve(started));
    });
    const base = `http://127.0.0.1:${(listening.address() as AddressInfo).port}`;
    try {
      const responses = await Promise.all([
        fetch(`${base}/store/wiehre`),
        fetch(`${base}/assets/app-1.js`),
      ]);
      return responses.map((response) => response.headers);
    } finally {
      await new Promise<void>((resolve) => listening.close(() => resolve()));
    }
  }

  it("tells browsers to come back over https only, for a year, in production mode", async () => {
    for (const headers of await headersOf(true)) {
      expect(headers.get("strict-transport-security")).toBe("max-age=31536000; includeSubDomains");
    }
  });

  it("is not sent in the demo mode, which runs on plain http://localhost", async () => {
    for (const headers of await headersOf(undefined)) {
      expect(headers.get("strict-transport-security")).toBeNull();
    }
  });
});
