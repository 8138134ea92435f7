import type { AddressInfo } from "node:net";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { createLogger, maskPath, requestLog, routeGroup } from "./logger.server";

/** A destination that keeps the lines it is given. */
function catcher() {
  const lines: string[] = [];
  return { lines, write: (chunk: string) => void lines.push(chunk) };
}

const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

async function serve(trustProxy: boolean) {
  const out = catcher();
  const logger = createLogger({ level: "info", format: "json", destination: out });
  const app = express();
  app.use(requestLog(logger, { trustProxy }));
  app.get("/status/:uid/:token", (_req, res) => void res.send("ok"));
  app.get("/healthz", (_req, res) => void res.send("ok"));
  app.get("/kaputt", (_req, res) => void res.status(500).send("nein"));
  const server = app.listen(0, "127.0.0.1");
  await new Promise<void>((resolve) => server.once("listening", resolve));
  closers.push(() => new Promise((resolve) => server.close(() => resolve())));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const entries = () => out.lines.map((line) => JSON.parse(line) as Record<string, unknown>);
  return { origin, entries };
}

/** Waits until the answer's line is written ('finish' may come just after the client has it). */
async function settled() {
  await new Promise((resolve) => setTimeout(resolve, 20));
}

describe("the server's log", () => {
  it("masks keys, tokens and addresses in paths and drops the query", () => {
    expect(
      maskPath("/status/0a06d115-f5ce-4871-91fe-92bcf60fd35e/JV8JKy-UzJj1rew5w6pgiZNb?name=Erika"),
    ).toBe("/status/…/…");
    expect(maskPath("/orders/backoffice/3/abcdefghijklmnopqrstuvwx")).toBe(
      "/orders/backoffice/3/…",
    );
    expect(maskPath("/api/users/erika%40example.org")).toBe("/api/users/…");
    expect(maskPath("/store/wiehre/product/12")).toBe("/store/wiehre/product/12");
    expect(maskPath("/backend/orders?suche=M%C3%BCller")).toBe("/backend/orders");
  });

  it("names the part of the shop a path belongs to", () => {
    expect(routeGroup("/store/wiehre")).toBe("storefront");
    expect(routeGroup("/store/wiehre/checkout")).toBe("checkout");
    expect(routeGroup("/status/x/y")).toBe("status");
    expect(routeGroup("/backend/orders")).toBe("backoffice");
    expect(routeGroup("/api/orders")).toBe("api");
    expect(routeGroup("/assets/app-1234.js")).toBe("assets");
  });

  it("writes one JSON line per request with its id, route, masked path, status and duration", async () => {
    const { origin, entries } = await serve(false);
    const response = await fetch(`${origin}/status/0a06d115-f5ce-4871-91fe-92bcf60fd35e/abc`);
    await response.text();
    await fetch(`${origin}/healthz`).then((r) => r.text());
    await fetch(`${origin}/kaputt`).then((r) => r.text());
    await settled();
    const [status, failed, ...rest] = entries();
    expect(rest).toEqual([]);
    expect(status).toMatchObject({
      level: "info",
      msg: "Anfrage",
      method: "GET",
      route: "status",
      path: "/status/…/abc",
      status: 200,
      reqId: response.headers.get("X-Request-Id"),
    });
    expect(status!.ms).toEqual(expect.any(Number));
    expect(String(status!.time)).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(failed).toMatchObject({ level: "warn", status: 500, path: "/kaputt" });
  });

  it("takes the proxy's request id only when it trusts the proxy", async () => {
    const trusting = await serve(true);
    const passed = await fetch(`${trusting.origin}/healthz`, {
      headers: { "X-Request-Id": "lb-4711.a" },
    });
    expect(passed.headers.get("X-Request-Id")).toBe("lb-4711.a");
    const odd = await fetch(`${trusting.origin}/healthz`, {
      headers: { "X-Request-Id": "<script>" },
    });
    expect(odd.headers.get("X-Request-Id")).toMatch(/^[0-9a-f-]{36}$/);

    const wary = await serve(false);
    const made = await fetch(`${wary.origin}/healthz`, {
      headers: { "X-Request-Id": "lb-4711.a" },
    });
    expect(made.headers.get("X-Request-Id")).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("writes a readable line per entry in the pretty format", () => {
    const out = catcher();
    const logger = createLogger({ level: "info", format: "pretty", destination: out });
    logger.info({ status: 303, route: "checkout" }, "Anfrage");
    logger.debug("nicht gezeigt");
    expect(out.lines).toHaveLength(1);
    expect(out.lines[0]).toMatch(/^\d\d:\d\d:\d\d INFO {2}Anfrage status=303 route=checkout\n$/);
  });
});
