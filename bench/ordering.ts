import pg from "pg";
import { randomBytes } from "node:crypto";
import { sql } from "kysely";
import { type BenchContext, type BenchRequest } from "./scenarios";
import { branchPaths, type ItemForm, addableProducts, decode, addToCart } from "./storefront-forms";

/** Carts kept ready for the order scenarios, placing orders, and the board's open orders. */

/** Carts kept ready for the order scenarios (BENCH_ORDER_CARTS); each order uses one up. */
export const ORDER_CARTS = Number(process.env.BENCH_ORDER_CARTS ?? 3000);

/** The checkout form's fields besides the one-time key: takeaway, cash, every contact field. */
export const ORDER_FIELDS: [string, string][] = [
  ["name", "Bench Kundin"],
  ["email", "bench@example.org"],
  ["phone", "+49 761 1234567"],
  ["paymentMethod", "cash"],
  ["acceptTerms", "on"],
  ["acceptPrivacy", "on"],
];

export const SUBMIT_LABEL =
  /Vorbestellung abschicken|Bestellung abschicken|Angebotsanfrage abschicken/;

/** A branch that takes orders now, found by placing one. */
export interface OrderingBranch {
  path: string;
  item: ItemForm;
  /** The submit button's text: 'Bestellung abschicken' or 'Vorbestellung abschicken'. */
  label: string;
  /** The status page of the order placed to find the branch (`/status/{uid}/{hash}`). */
  statusPath: string;
  /** The cookie of that order's cart, which the order deleted. */
  spentCookie: string;
}

export function orderBody(orderKey: string): string {
  return new URLSearchParams([["orderKey", orderKey], ...ORDER_FIELDS]).toString();
}

/** The German messages of a refused checkout (the summary's list). */
export function checkoutErrors(html: string): string[] {
  const summary = /class="checkout-errors"[^>]*>([\s\S]*?)<\/div>\s*<\/div>/.exec(html)?.[1] ?? "";
  return [...summary.matchAll(/<li\b[^>]*>([\s\S]*?)<\/li>/g)].map((m) =>
    decode(m[1]!.replace(/<[^>]+>/g, "")).trim(),
  );
}

export async function submitOrder(
  context: BenchContext,
  branchPath: string,
  cookie: string,
  orderKey: string,
): Promise<Response> {
  return context.request(`${branchPath}/checkout`, {
    method: "POST",
    body: orderBody(orderKey),
    headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie },
  });
}

/**
 * The first branch (the demo branches before the bench's large menu) that accepts an order at
 * this moment: open, or closed with pre-orders. Which one that is depends on the time of day, so
 * each is tried with one real order (one item, takeaway, cash), which must answer 303 to the
 * status page.
 */
export async function orderingBranch(context: BenchContext): Promise<OrderingBranch | null> {
  const large = context.largeMenu ? `/store/${context.largeMenu.branchIdentifier}` : null;
  const paths = await branchPaths(context);
  const ordered = [...paths.filter((p) => p !== large), ...paths.filter((p) => p === large)];
  for (const path of ordered) {
    const [item] = await addableProducts(context, path, 1);
    if (!item) {
      console.log(`Bestellung: ${path} bietet kein einfaches Produkt an.`);
      continue;
    }
    const cookie = await addToCart(context, item, null);
    const page = await context.fetchText(`${path}/checkout`, cookie);
    const label = SUBMIT_LABEL.exec(page)?.[0];
    const orderKey = /name="orderKey" value="([^"]+)"/.exec(page)?.[1];
    if (!label || !orderKey || label === "Angebotsanfrage abschicken") {
      console.log(`Bestellung: ${path} nimmt keine Bestellung an (${label ?? "kein Formular"}).`);
      continue;
    }
    const response = await submitOrder(context, path, cookie, orderKey);
    const location = response.headers.get("Location") ?? "";
    const html = await response.text();
    if (response.status === 303 && location.startsWith("/status/")) {
      console.log(`Bestellung: ${path} nimmt an ('${label}'), Probebestellung ${location}.`);
      return { path, item, label, statusPath: location, spentCookie: cookie };
    }
    const errors = checkoutErrors(html);
    console.log(
      `Bestellung: ${path} lehnt ab ('${label}', Status ${response.status}` +
        `${location ? ` → ${location}` : ""}): ${errors.join(" | ") || "ohne Meldung"}`,
    );
  }
  return null;
}

/**
 * Unused carts (their cookies) of one branch, one item each, shared by the order scenarios: each
 * order uses one up, and each scenario tops the pool up to BENCH_ORDER_CARTS before it runs.
 */
export const orderCarts = { branchPath: "", cookies: [] as string[] };

export async function fillCartPool(
  context: BenchContext,
  branch: OrderingBranch,
  wanted: number,
  parallel = 8,
) {
  if (orderCarts.branchPath !== branch.path) {
    orderCarts.branchPath = branch.path;
    orderCarts.cookies = [];
  }
  const started = performance.now();
  const missing = Math.max(wanted - orderCarts.cookies.length, 0);
  let made = 0;
  const worker = async () => {
    while (made < missing) {
      made += 1;
      orderCarts.cookies.push(await addToCart(context, branch.item, null));
    }
  };
  await Promise.all(Array.from({ length: parallel }, worker));
  console.log(
    `Bestellung: ${missing} Warenkörbe in ${Math.round(performance.now() - started)} ms ` +
      `angelegt, ${orderCarts.cookies.length} bereit ` +
      `(${branch.path}, Produkt ${branch.item.productId}).`,
  );
}

/**
 * Placing orders: a pool of carts (one item each, one cookie each) is filled beforehand, and
 * every POST takes a cart of its own with a fresh one-time key, so each successful answer is a
 * new order. Should the pool run dry, requests go out with the cart the probe order used up and
 * are refused with 400 (counted as unexpected). The check afterwards compares the orders in the
 * database with the 303 answers and looks for a ticket number handed out twice.
 */
export async function placeOrders(
  context: BenchContext,
  carts: number,
): Promise<BenchRequest | null> {
  const branch = await orderingBranch(context);
  if (!branch) {
    console.log("Bestellung: keine Filiale nimmt gerade Bestellungen an.");
    return null;
  }
  await fillCartPool(context, branch, carts);
  // Hex and '-' only, so the prefix is also a plain LIKE pattern.
  const prefix = `bench${randomBytes(6).toString("hex")}-`;
  let sent = 0;
  let dry = 0;
  const answers = new Map<string, number>();
  return {
    path: `${branch.path}/checkout`,
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    expectStatus: 303,
    perRequest: () => {
      const index = sent++;
      const key = `${prefix}${String(index).padStart(7, "0")}`;
      let cookie = orderCarts.cookies.pop();
      if (!cookie) {
        dry += 1;
        cookie = branch.spentCookie;
      }
      return { headers: { Cookie: cookie }, body: orderBody(key), tag: key };
    },
    onAnswer: (status, tag) => {
      if (tag) answers.set(tag, status);
    },
    verify: async (db) => {
      const rows = await db
        .selectFrom("orders")
        .select(["idempotencyKey", "branchId", "businessDate", "ticketNumber"])
        .where("idempotencyKey", "like", `${prefix}%`)
        .execute();
      const stored = new Set(rows.map((row) => row.idempotencyKey));
      const redirected = [...answers].filter(([, status]) => status === 303).map(([key]) => key);
      const withoutOrder = redirected.filter((key) => !stored.has(key)).length;
      // Orders whose request was answered with another status than 303.
      const refusedButStored = rows.filter((row) => {
        const status = answers.get(row.idempotencyKey ?? "");
        return status !== undefined && status !== 303;
      }).length;
      const unanswered = sent - answers.size;
      // Orders whose request was still on its way when autocannon stopped (answered unseen).
      const inFlight = rows.filter((row) => !answers.has(row.idempotencyKey ?? "")).length;
      const tickets = new Set(
        rows.map((row) => `${row.branchId}|${String(row.businessDate)}|${row.ticketNumber}`),
      );
      const duplicates = await db
        .selectFrom("orders")
        .select(["branchId", "businessDate", "ticketNumber", sql<number>`count(*)::int`.as("n")])
        .groupBy(["branchId", "businessDate", "ticketNumber"])
        .having(sql`count(*)`, ">", 1)
        .execute();
      const ranges = await db
        .selectFrom("orders")
        .select([
          "branchId",
          "businessDate",
          sql<number>`count(*)::int`.as("n"),
          sql<number>`min(ticket_number)`.as("low"),
          sql<number>`max(ticket_number)`.as("high"),
        ])
        .where("idempotencyKey", "like", `${prefix}%`)
        .groupBy(["branchId", "businessDate"])
        .execute();
      const perDay = ranges
        .map(
          (r) =>
            `Filiale ${r.branchId}, ${String(r.businessDate)}: ${r.n} Bestellungen, ` +
            `Nr. ${r.low}–${r.high}`,
        )
        .join("; ");
      const ok =
        withoutOrder === 0 &&
        refusedButStored === 0 &&
        rows.length === redirected.length + inFlight &&
        inFlight <= unanswered &&
        tickets.size === rows.length &&
        duplicates.length === 0;
      return {
        ok,
        lines: [
          `${sent} Anfragen (Aufwärmen eingeschlossen), ${answers.size} beantwortet, davon ` +
            `${redirected.length} mit 303; ${dry} ohne Warenkorb (Vorrat leer), ` +
            `${orderCarts.cookies.length} Warenkörbe übrig.`,
          `${rows.length} Bestellungen in der Datenbank = ${redirected.length} Antworten 303 ` +
            `+ ${inFlight} aus ${unanswered} Anfragen, die beim Ende des Laufs noch unterwegs waren; ` +
            `303 ohne Bestellung: ${withoutOrder}, abgelehnt und doch gespeichert: ${refusedButStored}.`,
          `Ticketnummern: ${tickets.size} verschieden bei ${rows.length} Bestellungen ` +
            `(${perDay}); doppelt vergeben in der ganzen Tabelle: ${duplicates.length}.`,
        ],
      };
    },
  };
}

/**
 * Polling the status of an unchanged order: one order is placed, its page (or public JSON) read
 * once for the ETag, then every request sends `If-None-Match` and should get 304.
 */
export async function unchangedStatus(
  context: BenchContext,
  resource: "page" | "json",
): Promise<BenchRequest | null> {
  const branch = await orderingBranch(context);
  if (!branch) return null;
  const path =
    resource === "page"
      ? branch.statusPath
      : branch.statusPath.replace(/^\/status\//, "/api/orders/public/");
  const first = await context.request(path);
  await first.arrayBuffer();
  const etag = first.headers.get("ETag");
  if (first.status !== 200 || !etag) {
    throw new Error(`${path}: Status ${first.status}, ETag ${etag ?? "fehlt"}.`);
  }
  const again = await context.request(path, { headers: { "If-None-Match": etag } });
  await again.arrayBuffer();
  if (again.status !== 304)
    throw new Error(`${path} mit If-None-Match: ${again.status} statt 304.`);
  console.log(`Bestellstatus: ${path}, ETag ${etag}.`);
  return { path, headers: { "If-None-Match": etag }, expectStatus: 304 };
}

/** Open orders on one branch, due from now on, as a busy Christmas Eve would leave them. */
export const BOARD_ORDERS = Number(process.env.BENCH_BOARD_ORDERS ?? 500);

export async function fillBoard(databaseUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(
      `with branch as (select id from branches order by position desc, id desc limit 1)
       insert into orders (hash, branch_id, business_date, ticket_number, name, phone,
                           appointment, payment_method, net, tax, gross, total_net, total_tax,
                           total_gross)
       select md5(random()::text) || md5(random()::text), branch.id, current_date, 10000 + n,
              'Board-Bench ' || n, '+49 761 555 ' || n, now() + n * interval '1 minute', 'cash',
              1000, 70, 1070, 1000, 70, 1070
       from branch, generate_series(1, $1) as n`,
      [BOARD_ORDERS],
    );
  } finally {
    await client.end();
  }
}
