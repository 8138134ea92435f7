import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#app/db/connection.server";
import type { Database } from "#app/db/schema";
import { drainOutbox } from "#app/features/shared/outbox.server";
import { resetStaffPassword } from "#app/features/staff/reset-password.server";
import { throttleKeys } from "#app/features/staff/staff-login.server";
import { de } from "#app/i18n/de-staff";
import { smtpTransport } from "#app/integrations/mail/smtp.server";
import { createTestDatabase, databaseTargets } from "#tests/support/db";
import { startSmtpSink, type SmtpSink } from "#tests/support/smtp-sink";
import {
  createStaff,
  startAppServer,
  StaffClient,
  type AppServer,
  type TestStaff,
} from "#tests/support/staff";

const texts = de.staffAuth;
/** Tests with twenty or more password checks (each a deliberately slow scrypt run). */
const SLOW_SIGN_INS = 180_000;

/**
 * Issue 35, finding 3: twenty wrong passwords from twenty addresses locked the account everywhere,
 * the administrator's included, and the right password then got 429 from anywhere. Now the
 * account-wide bound blocks only unknown devices: the owner's known device (the cookie of an
 * earlier sign-in of that account in that browser) still gets in, a fresh browser gets a refusal
 * that points to the login link, and the mailed link signs in (decision 028, addendum). All
 * through the real routes; the mail goes through the outbox to a local SMTP server.
 */
describe.each(databaseTargets())("a lockout that spares the owner on %s", (target) => {
  let handle: DatabaseHandle;
  let db: Kysely<Database>;
  let server: AppServer;
  let sink: SmtpSink;

  beforeAll(async () => {
    handle = await createTestDatabase(target);
    db = handle.db;
    [server, sink] = await Promise.all([startAppServer(db), startSmtpSink()]);
  });

  afterAll(async () => {
    await server?.close();
    await sink?.close();
    await handle?.close();
  });

  const browser = () => new StaffClient(server);

  /** The owner signs in once in their browser (which becomes a known device) and signs out. */
  async function ownerWithKnownDevice(user: TestStaff): Promise<StaffClient> {
    const owner = browser();
    expect((await owner.login(user.email, user.password)).status).toBe(303);
    expect(owner.deviceCookie).toMatch(/^backoffice_geraet=/);
    expect((await owner.send("/backend/logout", { method: "POST" })).status).toBe(303);
    expect(owner.cookie).toBeNull();
    return owner;
  }

  /** One wrong password from each of twenty addresses; the twentieth reaches the bound. */
  async function attackFromTwentyAddresses(email: string, deviceCookie: string | null = null) {
    for (let address = 1; address <= 20; address += 1) {
      const guesser = browser();
      guesser.deviceCookie = deviceCookie;
      const response = await guesser.login(email, `geraten-${address}`);
      expect(response.status, `Adresse ${address}`).toBe(address === 20 ? 429 : 400);
    }
  }

  /** The same browser at another address (a laptop taken home): the device, not the address. */
  function elsewhere(client: StaffClient): StaffClient {
    const moved = browser();
    moved.deviceCookie = client.deviceCookie;
    return moved;
  }

  async function mailedLinkPath(email: string): Promise<string> {
    const transport = smtpTransport(sink.url, "Sonnenkorn <shop@sonnenkorn.example>");
    try {
      await drainOutbox(db, { mail: transport }, new Date());
    } finally {
      transport.close();
    }
    const mail = await sink.waitFor((message) => message.envelopeTo.includes(email));
    const match = /http:\/\/127\.0\.0\.1:\d+(\/backend\/login-link\/[A-Za-z0-9_-]+)/.exec(
      mail.text,
    );
    if (!match?.[1]) throw new Error(`Kein Login-Link in: ${mail.text}`);
    return match[1];
  }

  it("keeps the known device in a signed, httpOnly cookie for the back office, 180 days", async () => {
    const user = await createStaff(db, { roles: ["ROLE_EMPLOYEE"] });
    const response = await browser().login(user.email, user.password);
    expect(response.status).toBe(303);
    const [session, device] = response.headers.getSetCookie();
    expect(session).toMatch(/^backoffice_sitzung=/);
    expect(device).toMatch(/^backoffice_geraet=[^;]+\.[^;]+;/);
    expect(device).toMatch(/Max-Age=15552000/);
    expect(device).toMatch(/Path=\/backend;/);
    expect(device).toMatch(/HttpOnly/);
    expect(device).toMatch(/SameSite=Lax/);
    // Only the token's hash is stored, with the user and where the sign-in came from.
    const rows = await db
      .selectFrom("staffDevices")
      .select(["tokenHash", "createdFrom"])
      .where("userId", "=", user.id)
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(device).not.toContain(rows[0]!.tokenHash);
  });

  it(
    "lets the administrator in from a known device after twenty wrong passwords from twenty addresses",
    async () => {
      const admin = await createStaff(db, { roles: ["ROLE_ADMIN"], name: "Anna Admin" });
      const owner = await ownerWithKnownDevice(admin);
      await attackFromTwentyAddresses(admin.email);

      const laptop = elsewhere(owner);
      const response = await laptop.login(admin.email, admin.password);
      expect(response.status).toBe(303);
      expect((await laptop.send("/backend")).status).toBe(200);
      const [entry] = await db
        .selectFrom("auditLog")
        .select("data")
        .where("action", "=", "login.succeeded")
        .where("entityId", "=", String(admin.id))
        .orderBy("id", "desc")
        .limit(1)
        .execute();
      expect(entry?.data).toEqual({ knownDevice: true });

      // The guessers' bound still holds for unknown devices: the owner's success gave nothing back.
      const guesser = browser();
      const refused = await guesser.login(admin.email, admin.password);
      expect(refused.status).toBe(429);
      expect(await refused.text()).toContain(texts.tooManyAttemptsForAccount(15));
    },
    SLOW_SIGN_INS,
  );

  it(
    "refuses the right password from a fresh browser with a pointer to the login link, which signs in",
    async () => {
      const admin = await createStaff(db, { roles: ["ROLE_ADMIN"], name: "Bernd Backstube" });
      await ownerWithKnownDevice(admin);
      await attackFromTwentyAddresses(admin.email);

      const fresh = browser();
      const refused = await fresh.login(admin.email, admin.password);
      expect(refused.status).toBe(429);
      expect(refused.headers.get("Retry-After")).toBe("900");
      const html = await refused.text();
      expect(html).toContain(texts.tooManyAttemptsForAccount(15));
      expect(html).toContain(texts.linkHeading);
      expect(fresh.cookie).toBeNull();
      expect(fresh.deviceCookie).toBeNull();

      // The same answer for an address nobody has: the refusal tells nothing about the account.
      for (let address = 1; address <= 20; address += 1) {
        await browser().login("niemand-hier@example.org", `x-${address}`);
      }
      const nobody = await browser().login("niemand-hier@example.org", "x");
      expect(nobody.status).toBe(429);
      expect(await nobody.text()).toContain(texts.tooManyAttemptsForAccount(15));

      const requested = await fresh.send("/backend/login", {
        form: { intent: "link", linkEmail: admin.email },
      });
      expect(requested.status).toBe(303);
      const path = await mailedLinkPath(admin.email);
      const signedIn = await fresh.send(path, { method: "POST" });
      expect(signedIn.status).toBe(303);
      expect(signedIn.headers.get("Location")).toBe("/backend");
      expect((await fresh.send("/backend")).status).toBe(200);
      // The link proved the mailbox: this browser is a known device of the account from now on.
      expect(fresh.deviceCookie).toMatch(/^backoffice_geraet=/);
    },
    SLOW_SIGN_INS,
  );

  it(
    "gives an attacker nothing for a known-device cookie of another account",
    async () => {
      const admin = await createStaff(db, { roles: ["ROLE_ADMIN"] });
      const owner = await ownerWithKnownDevice(admin);
      const attackerAccount = await createStaff(db, { roles: ["ROLE_EMPLOYEE"] });
      const attacker = await ownerWithKnownDevice(attackerAccount);

      // The attacker's own device cookie goes along with every guess at the administrator…
      await attackFromTwentyAddresses(admin.email, attacker.deviceCookie);
      const account = await db
        .selectFrom("loginThrottles")
        .select("failures")
        .where("key", "=", throttleKeys.account(admin.email))
        .executeTakeFirstOrThrow();
      expect(account.failures).toBe(20);

      // …and even with the right password it does not open the blocked account.
      const withCookie = elsewhere(attacker);
      const refused = await withCookie.login(admin.email, admin.password);
      expect(refused.status).toBe(429);
      expect(await refused.text()).toContain(texts.tooManyAttemptsForAccount(15));
      expect(withCookie.cookie).toBeNull();

      // A forged device cookie is nobody's device either.
      const forger = browser();
      forger.deviceCookie = `${owner.deviceCookie!.slice(0, -4)}AAAA`;
      expect((await forger.login(admin.email, admin.password)).status).toBe(429);

      // The owner's own device still gets in.
      expect((await elsewhere(owner).login(admin.email, admin.password)).status).toBe(303);
    },
    SLOW_SIGN_INS,
  );

  it(
    "makes each following block for unknown devices longer, and never the known device's",
    async () => {
      const admin = await createStaff(db, { roles: ["ROLE_ADMIN"] });
      const owner = await ownerWithKnownDevice(admin);
      await attackFromTwentyAddresses(admin.email);
      const first = await browser().login(admin.email, admin.password);
      expect(first.headers.get("Retry-After")).toBe("900");

      // The first block ran out (its end moved into the past, as 15 minutes later)…
      await db
        .updateTable("loginThrottles")
        .set({ blockedUntil: new Date(Date.now() - 1000) })
        .where("key", "=", throttleKeys.account(admin.email))
        .execute();
      // …and twenty more guesses start a block twice as long.
      for (let address = 1; address <= 20; address += 1) {
        const response = await browser().login(admin.email, `noch-einmal-${address}`);
        expect(response.status, `Adresse ${address}`).toBe(address === 20 ? 429 : 400);
        if (address === 20) {
          expect(response.headers.get("Retry-After")).toBe("1800");
          expect(await response.text()).toContain(texts.tooManyAttemptsForAccount(30));
        }
      }
      expect((await elsewhere(owner).login(admin.email, admin.password)).status).toBe(303);
    },
    SLOW_SIGN_INS,
  );

  it(
    "keeps a shared PC known for each account that signed in there",
    async () => {
      const first = await createStaff(db, { roles: ["ROLE_EMPLOYEE"] });
      const second = await createStaff(db, { roles: ["ROLE_EMPLOYEE"] });
      const shared = browser();
      for (const user of [first, second]) {
        expect((await shared.login(user.email, user.password)).status).toBe(303);
        await shared.send("/backend/logout", { method: "POST" });
      }
      await attackFromTwentyAddresses(first.email);
      // The second sign-in did not push the first account's device out of the browser.
      expect((await shared.login(first.email, first.password)).status).toBe(303);
    },
    SLOW_SIGN_INS,
  );

  it("blocks a stolen device cookie after five wrong passwords without blocking the account", async () => {
    const user = await createStaff(db, { roles: ["ROLE_EMPLOYEE"] });
    const owner = await ownerWithKnownDevice(user);
    const thief = elsewhere(owner);
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      const response = await thief.login(user.email, `falsch-${attempt}`);
      expect(response.status, `Versuch ${attempt}`).toBe(attempt === 5 ? 429 : 400);
    }
    // The device's guesses count against the device alone, not toward the account-wide bound…
    const account = await db
      .selectFrom("loginThrottles")
      .select("failures")
      .where("key", "=", throttleKeys.account(user.email))
      .executeTakeFirst();
    expect(account?.failures ?? 0).toBe(0);
    // …and once blocked, the device counts as an unknown one: its next guess is counted there.
    expect((await thief.login(user.email, "falsch-6")).status).toBe(400);
    const afterwards = await db
      .selectFrom("loginThrottles")
      .select("failures")
      .where("key", "=", throttleKeys.account(user.email))
      .executeTakeFirstOrThrow();
    expect(afterwards.failures).toBe(1);
  });

  it(
    "forgets the known devices when a new password is set",
    async () => {
      const admin = await createStaff(db, { roles: ["ROLE_ADMIN"] });
      const owner = await ownerWithKnownDevice(admin);
      const reset = await resetStaffPassword(db, { email: admin.email });
      if (!reset.ok) throw new Error(reset.message);
      await attackFromTwentyAddresses(admin.email);
      // A device of someone who once had the password keeps no way past the bound.
      const response = await elsewhere(owner).login(admin.email, reset.password);
      expect(response.status).toBe(429);
      const devices = await db
        .selectFrom("staffDevices")
        .select("id")
        .where("userId", "=", admin.id)
        .execute();
      expect(devices).toEqual([]);
    },
    SLOW_SIGN_INS,
  );
});
