import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createRequestHandler } from "@remix-run/express";
import type { AppLoadContext } from "@remix-run/node";
import express from "express";
import type { Kysely } from "kysely";
import { findUserById, setUserAccess } from "#app/db/queries/users";
import type { Database, Role } from "#app/db/schema";
import { hashPassword } from "#app/features/staff/password.server";
import { rejectCrossSiteRequests } from "#app/server/cross-site.server";
import { limitRequestBodies, quietAfterBodyRefused } from "#app/server/body-limit.server";
import { refuseHostileAddresses } from "#app/server/hostile-addresses.server";
import { securityHeaders } from "#app/server/security-headers.server";
import {
  createStaffSession,
  staffSessionCookie,
  STAFF_SESSION_COOKIE,
} from "#app/features/staff/staff-session.server";
import { KNOWN_DEVICE_COOKIE } from "#app/features/staff/known-devices.server";
import { appBuild } from "./app-build";

/** Staff accounts, load contexts and a cookie-keeping client for the back-office tests. */

export function staffContext(
  db: Kysely<Database>,
  overrides: Partial<AppLoadContext> = {},
): AppLoadContext {
  return {
    db,
    config: { publicOrigin: "http://localhost:3000", mode: "demo", dataDir: "/nicht-benutzt" },
    secrets: { session: "s".repeat(40) },
    cspNonce: "test-nonce",
    payments: {},
    clientAddress: "203.0.113.10",
    ...overrides,
  };
}

export interface TestStaff {
  id: number;
  email: string;
  password: string;
}

let counter = 0;

/** A user written straight into the database (the password hashed as the app does). */
export async function createStaff(
  db: Kysely<Database>,
  options: {
    roles: Role[];
    branchIds?: number[];
    email?: string;
    name?: string;
    password?: string;
    isLocked?: boolean;
  },
): Promise<TestStaff> {
  counter += 1;
  const email = options.email ?? `staff-${counter}-${Date.now()}@example.org`;
  const password = options.password ?? `geheim-${counter}-passwort`;
  const { id } = await db
    .insertInto("users")
    .values({
      email,
      name: options.name ?? `Test ${counter}`,
      passwordHash: await hashPassword(password),
      isLocked: options.isLocked ?? false,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  await setUserAccess(db, id, { roles: options.roles, branchIds: options.branchIds ?? [] });
  return { id, email, password };
}

/** The `Cookie` header of a new signed-in session for the user, as the login would set it. */
export async function sessionCookie(context: AppLoadContext, userId: number): Promise<string> {
  const user = await findUserById(context.db, userId);
  if (!user) throw new Error(`Benutzer ${userId} fehlt.`);
  const token = await createStaffSession(context.db, userId, {
    clientAddress: context.clientAddress,
    now: new Date(),
  });
  return cookiePair(await staffSessionCookie(context, token)) ?? "";
}

/** 'name=value' of a Set-Cookie header, or null when it clears the cookie. */
export function cookiePair(setCookie: string | null): string | null {
  if (!setCookie) return null;
  const pair = setCookie.split(";")[0] ?? "";
  if (/max-age=0/i.test(setCookie) || pair.endsWith("=")) return null;
  return pair;
}

export interface SendOptions {
  method?: string;
  form?: Record<string, string | string[]>;
  json?: unknown;
  /** A multipart body, as a browser without JavaScript sends a form with a file input. */
  multipart?: FormData;
  /** A raw body (sent as it is, with the headers given). */
  body?: string;
  headers?: Record<string, string>;
  /** Send no Origin header (a request as from a client that does not say where it comes from). */
  noOrigin?: boolean;
}

export interface AppServer {
  origin: string;
  /** The load context of every request (its publicOrigin is the server's own). */
  context: AppLoadContext;
  close(): Promise<void>;
}

/**
 * The whole app behind Express as server.ts mounts it (security headers, the cross-site check,
 * Remix), with `trust proxy` on so each test client can name its own address in X-Forwarded-For.
 */
export async function startAppServer(
  db: Kysely<Database>,
  overrides: Partial<AppLoadContext> = {},
  options: { bodyGuard?: boolean; keepAliveMs?: number } = {},
): Promise<AppServer> {
  const build = await appBuild();
  const context = staffContext(db, overrides);
  const app = express();
  app.set("trust proxy", true);
  // The request body guard (decision 027), for tests of uploads that must see the connection
  // handling of the running server.
  if (options.bodyGuard) app.use(limitRequestBodies());
  app.use(securityHeaders({ isDevelopment: false }));
  app.use(refuseHostileAddresses());
  let crossSite: express.RequestHandler = (_req, _res, next) => next();
  app.use((req, res, next) => crossSite(req, res, next));
  app.all(
    "*",
    createRequestHandler({
      build,
      mode: "production",
      getLoadContext: (req, res) => ({
        ...context,
        cspNonce: String(res.locals.cspNonce ?? ""),
        clientAddress: req.ip ?? "",
      }),
    }),
  );
  if (options.bodyGuard) app.use(quietAfterBodyRefused);
  const server: Server = app.listen(0, "127.0.0.1");
  // As the real server (server.ts): an idle connection stays 65 s, not Node's 5 s. A test that
  // paused longer than 5 s between two calls on a busy machine sent its next request on a
  // connection the server was closing and got "other side closed" (stop 47, the contract walk).
  // The hostile walks choose Node's 5 s: a body a route answers before reading it to the end
  // (a refused form) keeps its connection until then, and with 65 s each such knock took 66 s
  // (the walk went from some 200 s to over 30 minutes).
  const keepAlive = options.keepAliveMs ?? 65_000;
  server.keepAliveTimeout = keepAlive;
  server.headersTimeout = keepAlive + 1_000;
  await new Promise<void>((resolve) => server.once("listening", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  context.config = { ...context.config, publicOrigin: origin };
  crossSite = rejectCrossSiteRequests(origin);
  return {
    origin,
    context,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

let addressCounter = 0;

/** A fresh client address for each client, so lockouts by address stay apart. */
export function nextAddress(): string {
  addressCounter += 1;
  return `198.51.${Math.floor(addressCounter / 250) + 100}.${(addressCounter % 250) + 1}`;
}

/**
 * A browser-like client: keeps the session cookie, sends our Origin on changes, follows no
 * redirects, comes from its own address.
 */
export class StaffClient {
  cookie: string | null = null;
  /** The known-device cookie the sign-in sets ('name=value'; decision 028, addendum). */
  deviceCookie: string | null = null;

  constructor(
    private readonly server: Pick<AppServer, "origin">,
    readonly address: string = nextAddress(),
  ) {}

  async send(path: string, options: SendOptions = {}): Promise<Response> {
    const method =
      options.method ??
      (options.form || options.multipart || options.json !== undefined ? "POST" : "GET");
    const headers = new Headers(options.headers);
    headers.set("X-Forwarded-For", this.address);
    if (this.cookie) headers.set("Cookie", this.cookie);
    if (this.deviceCookie) {
      const sent = headers.get("Cookie");
      headers.set("Cookie", sent ? `${sent}; ${this.deviceCookie}` : this.deviceCookie);
    }
    if (method !== "GET" && method !== "HEAD" && !options.noOrigin && !headers.has("Origin")) {
      headers.set("Origin", this.server.origin);
    }
    let body: BodyInit | undefined = options.body;
    if (options.multipart) {
      body = options.multipart;
    } else if (options.form) {
      const form = new URLSearchParams();
      for (const [name, value] of Object.entries(options.form)) {
        for (const item of Array.isArray(value) ? value : [value]) form.append(name, item);
      }
      body = form;
      headers.set("Content-Type", "application/x-www-form-urlencoded");
    } else if (options.json !== undefined) {
      body = JSON.stringify(options.json);
      headers.set("Content-Type", "application/json");
    }
    const response = await fetch(`${this.server.origin}${path}`, {
      method,
      headers,
      body,
      redirect: "manual",
    });
    for (const setCookie of response.headers.getSetCookie()) {
      if (setCookie.startsWith(`${STAFF_SESSION_COOKIE}=`)) this.cookie = cookiePair(setCookie);
      if (setCookie.startsWith(`${KNOWN_DEVICE_COOKIE}=`))
        this.deviceCookie = cookiePair(setCookie);
    }
    return response;
  }

  /** Signs in through the login form; answers the response. */
  async login(email: string, password: string, redirectTo?: string): Promise<Response> {
    return this.send("/backend/login", {
      form: {
        intent: "password",
        email,
        password,
        ...(redirectTo ? { redirectTo } : {}),
      },
    });
  }

  /** Signs in with a session cookie made directly (no password check, no lockout counted). */
  async signInAs(context: AppLoadContext, userId: number): Promise<this> {
    this.cookie = await sessionCookie(context, userId);
    return this;
  }
}
