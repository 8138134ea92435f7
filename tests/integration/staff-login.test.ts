import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#app/db/connection.server";
import type { Database } from "#app/db/schema";
import { de } from "#app/i18n/de-staff";
import { throttleKeys } from "#app/features/staff/staff-login.server";
import { createStaffSession, staffSessionCookie } from "#app/features/staff/staff-session.server";
import { appHandler } from "#tests/support/app-build";
import { createTestDatabase, databaseTargets } from "#tests/support/db";
import {
  cookiePair,
  createStaff,
  staffContext,
  startAppServer,
  StaffClient,
  type AppServer,
  type TestStaff,
} from "#tests/support/staff";

const texts = de.staffAuth;
/** Tests with twenty or more password checks (each a deliberately slow scrypt run). */
const SLOW_SIGN_INS = 120_000;

/**
 * Signing in through the real routes: messages, lockout per account and address, per account and
 * per address, no hint whether an address exists, login links, the session cookie and the
 * cross-site check. Ending sessions across instances: staff-sessions.test.ts.
 */
describe.each(databaseTargets())("staff sign-in on %s", (target) => {
  let handle: DatabaseHandle;
  let db: Kysely<Database>;
  let branchId: number;
  let server: AppServer;

  beforeAll(async () => {
    handle = await createTestDatabase(target);
    db = handle.db;
    ({ id: branchId } = await db
      .insertInto("branches")
      .values({ identifier: "wiehre", name: "Sonnenkorn Wiehre" })
      .returning("id")
      .executeTakeFirstOrThrow());
    server = await startAppServer(db);
  });

  afterAll(async () => {
    await server?.close();
    await handle?.close();
  });

  /** Every client signs in from an address of its own, so address lockouts stay apart. */
  async function client() {
    return { context: server.context, client: new StaffClient(server) };
  }

  const employee = (options: Partial<Parameters<typeof createStaff>[1]> = {}) =>
    createStaff(db, { roles: ["ROLE_EMPLOYEE"], branchIds: [branchId], ...options });

  async function failures(user: TestStaff | null, action = "login.failed") {
    const rows = await db
      .selectFrom("auditLog")
      .select(["data", "ip", "userId"])
      .where("action", "=", action)
      .$if(user !== null, (query) => query.where("entityId", "=", String(user!.id)))
      .execute();
    return rows;
  }

  it("sends anonymous visitors of the back office to the login with the way back", async () => {
    const { client: browser } = await client();
    const response = await browser.send("/backend/users?seite=2");
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(
      "/backend/login?redirectTo=%2Fbackend%2Fusers%3Fseite%3D2",
    );
    const page = await browser.send("/backend/login?redirectTo=%2Fbackend%2Fusers");
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(texts.loginHeading);
    expect(html).toContain('value="/backend/users"');
    expect(html).toContain(texts.linkHeading);
    expect(page.headers.get("Cache-Control")).toBe("no-store");
  });

  it("signs in with the right password, sets a safe cookie and goes back", async () => {
    const user = await employee({ name: "Mia Bäcker" });
    const { client: browser } = await client();
    const response = await browser.login(user.email.toUpperCase(), user.password, "/backend");
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/backend");
    const setCookie = response.headers.get("Set-Cookie") ?? "";
    expect(setCookie).toMatch(/^backoffice_sitzung=/);
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/);
    expect(setCookie).toMatch(/Path=\//);
    expect(setCookie).not.toMatch(/Secure/);
    const home = await browser.send("/backend");
    expect(home.status).toBe(200);
    expect(await home.text()).toContain(de.backOffice.welcome("Mia Bäcker"));
    const row = await db
      .selectFrom("users")
      .select("lastLoginAt")
      .where("id", "=", user.id)
      .executeTakeFirstOrThrow();
    expect(row.lastLoginAt).not.toBeNull();
    const [entry] = await failures(user, "login.succeeded");
    expect(entry).toMatchObject({ userId: user.id, ip: browser.address });

    // Signed in already: the login page sends on.
    const again = await browser.send("/backend/login?redirectTo=/backend/users");
    expect(again.status).toBe(302);
    expect(again.headers.get("Location")).toBe("/backend/users");
  });

  it("marks the cookie Secure when the shop is served over https", async () => {
    const user = await employee();
    const context = staffContext(db, {
      clientAddress: "198.51.100.250",
      config: { publicOrigin: "https://shop.example", mode: "demo", dataDir: "/x" },
    });
    const response = await (
      await appHandler(context)
    )(
      new Request("https://shop.example/backend/login", {
        method: "POST",
        headers: {
          Host: "shop.example",
          Origin: "https://shop.example",
          "Content-Type": "application/x-www-form-urlencoded",
        },
        body: new URLSearchParams({
          intent: "password",
          email: user.email,
          password: user.password,
        }),
      }),
    );
    expect(response.status).toBe(303);
    expect(response.headers.get("Set-Cookie")).toMatch(/Secure/);
  });

  it("never redirects off the site after signing in", async () => {
    const user = await employee();
    const { client: browser } = await client();
    const response = await browser.login(user.email, user.password, "//evil.example/x");
    expect(response.headers.get("Location")).toBe("/backend");
  });

  it("answers a wrong password and an unknown address alike, and audits both", async () => {
    const user = await employee();
    const { client: browser } = await client();
    const wrong = await browser.login(user.email, "falsches-passwort");
    const unknown = await browser.login("niemand@example.org", "falsches-passwort");
    expect(wrong.status).toBe(400);
    expect(unknown.status).toBe(400);
    const [wrongHtml, unknownHtml] = [await wrong.text(), await unknown.text()];
    expect(wrongHtml).toContain(texts.invalidCredentials);
    expect(unknownHtml).toContain(texts.invalidCredentials);
    expect(wrongHtml).not.toContain("falsches-passwort");
    expect(wrong.headers.get("Set-Cookie")).toBeNull();
    expect((await failures(user)).map((row) => row.data)).toEqual([{ reason: "wrong-password" }]);
    const anonymous = await db
      .selectFrom("auditLog")
      .select("data")
      .where("action", "=", "login.failed")
      .where("entityId", "is", null)
      .execute();
    expect(anonymous.map((row) => row.data)).toContainEqual({ reason: "unknown-email" });
    // Nothing of what was typed is kept: the throttle stores hashes only.
    const keys = await db.selectFrom("loginThrottles").select("key").execute();
    expect(keys.some((row) => row.key.includes("niemand"))).toBe(false);
  });

  it("spends comparable time on an unknown address as on a wrong password", async () => {
    const user = await employee();
    const { client: browser } = await client();
    // The work is measured as this process's CPU time (scrypt runs on libuv's threads, which
    // count too), not as wall-clock time: on a busy CI machine the clock also counts waiting for
    // a core, and two logins doing the same work could differ twofold (CI, stop 39).
    const time = async (email: string) => {
      const started = process.cpuUsage();
      await browser.login(email, "falsches-passwort");
      const { user: userTime, system } = process.cpuUsage(started);
      return (userTime + system) / 1000;
    };
    const median = (values: number[]) => values.sort((a, b) => a - b)[1]!;
    const known: number[] = [];
    const unknown: number[] = [];
    for (let round = 0; round < 3; round += 1) {
      known.push(await time(user.email));
      unknown.push(await time(`unbekannt-${round}@example.org`));
    }
    // Both run one scrypt check (~0.1 s of CPU); without the dummy hash the unknown one takes ~1 ms.
    expect(median(unknown)).toBeGreaterThan(median(known) * 0.5);
  });

  it("shows the locked message only to someone who knows the password", async () => {
    const user = await employee({ isLocked: true });
    const { client: browser } = await client();
    const wrong = await browser.login(user.email, "falsches-passwort");
    expect(await wrong.text()).toContain(texts.invalidCredentials);
    const right = await browser.login(user.email, user.password);
    expect(right.status).toBe(400);
    expect(await right.text()).toContain(texts.accountLocked);
    expect(right.headers.get("Set-Cookie")).toBeNull();
  });

  it("blocks an account at one address on the fifth wrong password there, for 15 minutes", async () => {
    const user = await employee();
    const { client: guesser } = await client();
    for (let attempt = 1; attempt <= 4; attempt += 1) {
      const response = await guesser.login(user.email, `falsch-${attempt}`);
      expect(await response.text()).toContain(texts.invalidCredentials);
    }
    const fifth = await guesser.login(user.email, "falsch-5");
    expect(fifth.status).toBe(429);
    expect(fifth.headers.get("Retry-After")).toBe("900");
    expect(await fifth.text()).toContain(texts.tooManyAttempts(15));
    // The right password does not help at this address…
    const right = await guesser.login(user.email, user.password);
    expect(right.status).toBe(429);
    expect(await right.text()).toContain("Zu viele fehlgeschlagene Anmeldeversuche");
    expect(right.headers.get("Set-Cookie")).toBeNull();
    // Only five passwords were checked; the refused attempt is audited as throttled.
    expect(await failures(user)).toHaveLength(5);
    expect(await failures(user, "login.throttled")).toHaveLength(1);
  });

  it("does not lock the real user out when someone else guesses from another address", async () => {
    const user = await employee();
    const { client: attacker } = await client();
    const { client: owner } = await client();
    // Five wrong passwords every 15 minutes from the attacker's address…
    for (let attempt = 1; attempt <= 6; attempt += 1) await attacker.login(user.email, "geraten");
    expect((await attacker.login(user.email, "geraten")).status).toBe(429);
    // …and the owner, at their own address, still gets in with the right one.
    const response = await owner.login(user.email, user.password);
    expect(response.status).toBe(303);
    expect((await owner.send("/backend")).status).toBe(200);
    // Their success gives the attacker's address nothing back.
    expect((await attacker.login(user.email, user.password)).status).toBe(429);
  });

  it(
    "blocks an account for unknown devices after twenty wrong passwords from several addresses",
    async () => {
      const user = await employee();
      for (let address = 1; address <= 4; address += 1) {
        const { client: guesser } = await client();
        for (let attempt = 1; attempt <= 5; attempt += 1) {
          const response = await guesser.login(user.email, `geraten-${address}-${attempt}`);
          expect(response.status, `Adresse ${address}, Versuch ${attempt}`).toBe(
            attempt === 5 ? 429 : 400,
          );
        }
      }
      // A browser the account never signed in with waits, and is pointed to the login link (issue
      // 35, finding 3: the owner's known devices still get in, login-lockout-owner.test.ts).
      const { client: owner } = await client();
      const refused = await owner.login(user.email, user.password);
      expect(refused.status).toBe(429);
      expect(await refused.text()).toContain(texts.tooManyAttemptsForAccount(15));
    },
    SLOW_SIGN_INS,
  );

  it("throttles an unknown address exactly like a known one", async () => {
    const { client: browser } = await client();
    const email = "gibt-es-nicht@example.org";
    for (let attempt = 1; attempt <= 4; attempt += 1) {
      expect((await browser.login(email, "x")).status).toBe(400);
    }
    expect((await browser.login(email, "x")).status).toBe(429);
  });

  it(
    "blocks an address after twenty failures spread over many accounts",
    async () => {
      const user = await employee();
      const { client: guesser } = await client();
      for (let attempt = 1; attempt <= 19; attempt += 1) {
        const response = await guesser.login(`opfer-${attempt}@example.org`, "123456");
        expect(response.status, `Versuch ${attempt}`).toBe(400);
      }
      const twentieth = await guesser.login("opfer-20@example.org", "123456");
      expect(twentieth.status).toBe(429);
      // Even the right password of another account waits at this address…
      const blocked = await guesser.login(user.email, user.password);
      expect(blocked.status).toBe(429);
      // …while the same account signs in from elsewhere.
      const { client: colleague } = await client();
      expect((await colleague.login(user.email, user.password)).status).toBe(303);
    },
    SLOW_SIGN_INS,
  );

  it("counts parallel guesses one by one: never more than five checks", async () => {
    const user = await employee();
    const { client: browser } = await client();
    const responses = await Promise.all(
      Array.from({ length: 10 }, (_, index) => browser.login(user.email, `parallel-${index}`)),
    );
    const statuses = responses.map((response) => response.status).sort();
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(6);
    expect(await failures(user)).toHaveLength(5);
  });

  it("gives a successful sign-in its attempt back", async () => {
    const user = await employee();
    const { client: browser } = await client();
    for (let attempt = 1; attempt <= 4; attempt += 1) await browser.login(user.email, "falsch");
    expect((await browser.login(user.email, user.password)).status).toBe(303);
    // The account starts afresh: four more mistakes are still only mistakes.
    const { client: again } = await client();
    for (let attempt = 1; attempt <= 4; attempt += 1) {
      expect((await again.login(user.email, "falsch")).status).toBe(400);
    }
  });

  it("ends sessions when the account is locked or the session row is revoked", async () => {
    const user = await employee();
    const { client: browser } = await client();
    await browser.login(user.email, user.password);
    expect((await browser.send("/backend")).status).toBe(200);
    await db.updateTable("users").set({ isLocked: true }).where("id", "=", user.id).execute();
    const locked = await browser.send("/backend");
    expect(locked.status).toBe(302);
    expect(locked.headers.get("Location")).toContain("/backend/login");
    await db.updateTable("users").set({ isLocked: false }).where("id", "=", user.id).execute();

    const { client: other } = await client();
    await other.login(user.email, user.password);
    await db
      .updateTable("staffSessions")
      .set({ revokedAt: new Date() })
      .where("userId", "=", user.id)
      .execute();
    const ended = await other.send("/backend");
    expect(ended.status).toBe(302);
    expect(ended.headers.get("Set-Cookie")).toMatch(/backoffice_sitzung=;.*Max-Age=0/i);
  });

  it("refuses a tampered cookie, an unknown session and one older than it may live", async () => {
    const user = await employee();
    const { client: browser, context } = await client();
    await browser.login(user.email, user.password);
    const [name, value] = browser.cookie!.split("=") as [string, string];
    browser.cookie = `${name}=${value.slice(0, -3)}abc`;
    expect((await browser.send("/backend")).status).toBe(302);

    // Signed with the right secret, but no session of that token was ever started.
    const unknown = await staffSessionCookie(context, "A".repeat(43));
    browser.cookie = cookiePair(unknown);
    expect((await browser.send("/backend")).status).toBe(302);

    const token = await createStaffSession(db, user.id, {
      clientAddress: browser.address,
      now: new Date(Date.now() - 17 * 60 * 60 * 1000),
    });
    browser.cookie = cookiePair(await staffSessionCookie(context, token));
    expect((await browser.send("/backend")).status).toBe(302);
  });

  it("signs out with a POST and clears the cookie", async () => {
    const user = await employee();
    const { client: browser } = await client();
    await browser.login(user.email, user.password);
    const viaGet = await browser.send("/backend/logout");
    expect(viaGet.status).toBe(302);
    expect(browser.cookie).not.toBeNull();
    const response = await browser.send("/backend/logout", { method: "POST" });
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/backend/login?abgemeldet");
    expect(browser.cookie).toBeNull();
    expect(await failures(user, "logout")).toHaveLength(1);
    const page = await browser.send("/backend/login?abgemeldet");
    expect(await page.text()).toContain(texts.loggedOut);
  });

  it("rejects sign-in posts from another site", async () => {
    const user = await employee();
    const { client: browser } = await client();
    const form = { intent: "password", email: user.email, password: user.password };
    const forged = await browser.send("/backend/login", {
      form,
      headers: { Origin: "https://evil.example" },
    });
    expect(forged.status).toBe(403);
    expect(await forged.text()).toContain("Die Anfrage kam nicht von dieser Website");
    const bare = await browser.send("/backend/login", { form, noOrigin: true });
    expect(bare.status).toBe(403);
    const viaReferer = await browser.send("/backend/login", {
      form,
      noOrigin: true,
      headers: { Referer: `${server.origin}/backend/login` },
    });
    expect(viaReferer.status).toBe(303);
  });

  it("answers bad input with German field messages", async () => {
    const { client: browser } = await client();
    const response = await browser.send("/backend/login", {
      form: { intent: "password", email: "kein-at", password: "" },
    });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain(texts.emailInvalid);
    expect(html).toContain(texts.passwordRequired);
    const huge = await browser.send("/backend/login", {
      form: { intent: "password", email: "a@example.org", password: "x".repeat(40_000) },
    });
    expect(huge.status).toBe(400);
    expect(await huge.text()).toContain(texts.badRequest);
  });

  describe("login links", () => {
    async function mailsTo(email: string) {
      const rows = await db.selectFrom("outbox").select("payload").execute();
      return rows
        .map((row) => row.payload as unknown as { to: string; subject: string; text: string })
        .filter((payload) => payload.to === email);
    }

    async function requestLink(browser: StaffClient, email: string) {
      return browser.send("/backend/login", { form: { intent: "link", linkEmail: email } });
    }

    function linkPath(text: string): string {
      const match = /http:\/\/127\.0\.0\.1:\d+(\/backend\/login-link\/[A-Za-z0-9_-]+)/.exec(text);
      if (!match?.[1]) throw new Error(`Kein Link in: ${text}`);
      return match[1];
    }

    it("mails a one-time link that signs in once and then no more", async () => {
      const user = await employee({ name: "Lea Link" });
      const { client: browser } = await client();
      const response = await requestLink(browser, user.email);
      expect(response.status).toBe(303);
      expect(response.headers.get("Location")).toBe("/backend/login?link=gesendet");
      const [mail] = await mailsTo(user.email);
      expect(mail?.subject).toContain("Login-Link");
      expect(mail?.text).toContain("Hallo Lea Link,");
      expect(mail?.text).toContain("15 Minuten");
      const path = linkPath(mail!.text);

      // Opening the link (or a mail scanner doing so) spends nothing.
      const page = await browser.send(path);
      expect(page.status).toBe(200);
      // Added to the server's default; browsers follow the last policy of the list.
      expect(page.headers.get("Referrer-Policy")).toMatch(/(^|, )no-referrer$/);
      expect(await page.text()).toContain(texts.linkConfirmTitle);
      expect((await browser.send(path)).status).toBe(200);

      const signIn = await browser.send(path, { method: "POST" });
      expect(signIn.status).toBe(303);
      expect(signIn.headers.get("Location")).toBe("/backend");
      expect((await browser.send("/backend")).status).toBe(200);
      expect(await failures(user, "login.link-succeeded")).toHaveLength(1);

      const { client: thief } = await client();
      const reused = await thief.send(path, { method: "POST" });
      expect(reused.status).toBe(400);
      expect(await reused.text()).toContain(texts.invalidLink);
      expect(thief.cookie).toBeNull();
      const reopened = await thief.send(path);
      expect(reopened.status).toBe(400);
      expect(await reopened.text()).toContain(texts.invalidLink);
    });

    it("says the same for an unknown address and sends nothing", async () => {
      const { client: browser } = await client();
      const response = await requestLink(browser, "fremd@example.org");
      expect(response.status).toBe(303);
      expect(response.headers.get("Location")).toBe("/backend/login?link=gesendet");
      expect(await mailsTo("fremd@example.org")).toEqual([]);
      const page = await browser.send("/backend/login?link=gesendet");
      expect(await page.text()).toContain(texts.linkSent(15));
    });

    it("refuses an expired link", async () => {
      const user = await employee();
      const { client: browser } = await client();
      await requestLink(browser, user.email);
      const [mail] = await mailsTo(user.email);
      await db
        .updateTable("loginLinks")
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where("userId", "=", user.id)
        .execute();
      const response = await browser.send(linkPath(mail!.text), { method: "POST" });
      expect(response.status).toBe(400);
      expect(await response.text()).toContain(texts.invalidLink);
    });

    it("refuses a made-up link and counts it against the address", async () => {
      const { client: browser } = await client();
      const response = await browser.send(`/backend/login-link/${"A".repeat(43)}`, {
        method: "POST",
      });
      expect(response.status).toBe(400);
      expect(await response.text()).toContain(texts.invalidLink);
      expect((await browser.send("/backend/login-link/kurz")).status).toBe(400);
    });

    it("sends no link to a locked account and at most three in 15 minutes", async () => {
      const locked = await employee({ isLocked: true });
      const user = await employee();
      const { client: browser } = await client();
      await requestLink(browser, locked.email);
      expect(await mailsTo(locked.email)).toEqual([]);
      for (let request = 0; request < 5; request += 1) {
        expect((await requestLink(browser, user.email)).status).toBe(303);
      }
      expect(await mailsTo(user.email)).toHaveLength(3);
    });

    it("works while the password sign-in is blocked, and lifts the block", async () => {
      const user = await employee();
      const { client: browser } = await client();
      for (let attempt = 1; attempt <= 5; attempt += 1) await browser.login(user.email, "falsch");
      expect((await browser.login(user.email, user.password)).status).toBe(429);
      await requestLink(browser, user.email);
      const [mail] = await mailsTo(user.email);
      expect((await browser.send(linkPath(mail!.text), { method: "POST" })).status).toBe(303);
      const throttles = await db
        .selectFrom("loginThrottles")
        .selectAll()
        .where("key", "in", [
          throttleKeys.account(user.email),
          throttleKeys.accountAddress(user.email, browser.address),
        ])
        .execute();
      expect(throttles).toEqual([]);
      // Signed out again, the password works at this address at once.
      await browser.send("/backend/logout", { method: "POST" });
      expect((await browser.login(user.email, user.password)).status).toBe(303);
    });

    it(
      "lets the real user in with a link while guessers block the account everywhere",
      async () => {
        const user = await employee();
        for (let address = 1; address <= 4; address += 1) {
          const { client: guesser } = await client();
          for (let attempt = 1; attempt <= 5; attempt += 1) {
            await guesser.login(user.email, `geraten-${attempt}`);
          }
        }
        const { client: owner } = await client();
        expect((await owner.login(user.email, user.password)).status).toBe(429);
        await requestLink(owner, user.email);
        const [mail] = await mailsTo(user.email);
        expect((await owner.send(linkPath(mail!.text), { method: "POST" })).status).toBe(303);
        expect((await owner.send("/backend")).status).toBe(200);
        // The block is lifted: the password works again, from another address too.
        const { client: colleague } = await client();
        expect((await colleague.login(user.email, user.password)).status).toBe(303);
      },
      SLOW_SIGN_INS,
    );
  });
});
