/**
 * What `npm run bench` measures. A scenario discovers what it needs from the running shop (the
 * first branch link on the home page, the product links of its menu, the fields of an item
 * dialog) instead of hard-coding seed data.
 */
import type { LargeMenu } from "./large-menu";

export interface BenchContext {
  origin: string;
  /** Connections the scenario runs with. */
  connections: number;
  /** GETs a page (redirects followed), with the cookie header if given. */
  fetchText(path: string, cookie?: string): Promise<string>;
  /** A request to the shop that does not follow redirects. */
  request(path: string, init?: RequestInit): Promise<Response>;
  /** The branch whose menu the bench filled up (bench/large-menu.ts); null when switched off. */
  largeMenu: LargeMenu | null;
}

export interface BenchRequest {
  path: string;
  method?: "GET" | "POST";
  headers?: Record<string, string>;
  body?: string;
  /**
   * Cookie headers handed out round robin, one per request: each stands for one customer's
   * browser, so concurrent requests do not queue on one cart's row lock.
   */
  cookies?: string[];
  /** The status of a successful answer; default: any 2xx. */
  expectStatus?: number;
}

export interface Scenario {
  name: string;
  /** Fixed connection count (the target is stated for 50); default BENCH_CONNECTIONS. */
  connections?: number;
  /** Fixed duration in seconds; default BENCH_SECONDS. */
  seconds?: number;
  /** Resolves the request to fire; null skips the scenario with a reason printed. */
  prepare(context: BenchContext): Promise<BenchRequest | null>;
}

const CART_ITEMS = 10;

/** Branch pages linked from the home page, in order. */
async function branchPaths(context: BenchContext): Promise<string[]> {
  const home = await context.fetchText("/");
  return [...new Set([...home.matchAll(/href="(\/store\/[^"/?#]+)"/g)].map((m) => m[1]!))];
}

/** The first branch on the home page that keeps the demo menu (not the bench's large one). */
async function demoBranchPath(context: BenchContext): Promise<string | null> {
  const large = context.largeMenu ? `/store/${context.largeMenu.branchIdentifier}` : null;
  return (await branchPaths(context)).find((path) => path !== large) ?? null;
}

function productIds(html: string, branchPath: string): number[] {
  const pattern = new RegExp(`href="${escapeRegExp(branchPath)}/product/(\\d+)"`, "g");
  return [...new Set([...html.matchAll(pattern)].map((m) => Number(m[1])))];
}

interface ItemForm {
  productId: number;
  action: string;
  fields: [string, string][];
}

/**
 * Simple products a customer can add as the dialog offers them: the dialog's form fields with
 * their preset values (intent, productId, amount, unit). Products with steps (`part-{id}`) and
 * products the dialog offers no form for (not orderable now) are passed over.
 */
async function addableProducts(
  context: BenchContext,
  branchPath: string,
  wanted: number,
): Promise<ItemForm[]> {
  const page = await context.fetchText(branchPath);
  const found: ItemForm[] = [];
  for (const id of productIds(page, branchPath)) {
    if (found.length >= wanted) break;
    const form = itemForm(await context.fetchText(`${branchPath}/product/${id}`));
    if (!form || form.fields.some(([name]) => name.startsWith("part-"))) continue;
    const intent = form.fields.find(([name]) => name === "intent")?.[1];
    if (intent !== "add") continue;
    found.push({ productId: id, ...form });
  }
  return found;
}

function itemForm(html: string): { action: string; fields: [string, string][] } | null {
  const match = /<form\b([^>]*\bclass="item-form"[^>]*)>([\s\S]*?)<\/form>/.exec(html);
  if (!match) return null;
  const action = attribute(match[1]!, "action");
  if (!action) return null;
  const inner = match[2]!;
  const fields: [string, string][] = [];
  for (const [, attrs] of inner.matchAll(/<input\b([^>]*)>/g)) {
    const name = attribute(attrs!, "name");
    const type = (attribute(attrs!, "type") ?? "text").toLowerCase();
    if (!name || ["submit", "button", "file", "image", "reset"].includes(type)) continue;
    if ((type === "checkbox" || type === "radio") && !/\bchecked\b/.test(attrs!)) continue;
    fields.push([name, attribute(attrs!, "value") ?? ""]);
  }
  for (const [, attrs, options] of inner.matchAll(/<select\b([^>]*)>([\s\S]*?)<\/select>/g)) {
    const name = attribute(attrs!, "name");
    if (!name) continue;
    const all = [...options!.matchAll(/<option\b([^>]*)>/g)].map((m) => m[1]!);
    const chosen = all.find((option) => /\bselected\b/.test(option)) ?? all[0];
    fields.push([name, chosen ? (attribute(chosen, "value") ?? "") : ""]);
  }
  for (const [, attrs, text] of inner.matchAll(/<textarea\b([^>]*)>([\s\S]*?)<\/textarea>/g)) {
    const name = attribute(attrs!, "name");
    if (name) fields.push([name, decode(text!)]);
  }
  return { action: decode(action), fields };
}

function attribute(attrs: string, name: string): string | null {
  const match = new RegExp(`(?:^|\\s)${name}="([^"]*)"`, "i").exec(attrs);
  return match ? decode(match[1]!) : null;
}

function decode(text: string): string {
  return text
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

const BOUNDARY = "----backstube-bench-7d1f3c";

/** The dialog's form as a browser sends it (the form is `multipart/form-data`). */
function multipart(fields: [string, string][]): { body: string; contentType: string } {
  const body =
    fields
      .map(
        ([name, value]) =>
          `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      )
      .join("") + `--${BOUNDARY}--\r\n`;
  return { body, contentType: `multipart/form-data; boundary=${BOUNDARY}` };
}

/** Posts the dialog's form; returns the cart cookie to send next (`warenkorb=…`). */
async function addToCart(
  context: BenchContext,
  item: ItemForm,
  cookie: string | null,
): Promise<string> {
  const { body, contentType } = multipart(item.fields);
  const response = await context.request(item.action, {
    method: "POST",
    body,
    headers: { "Content-Type": contentType, ...(cookie ? { Cookie: cookie } : {}) },
  });
  await response.arrayBuffer();
  if (response.status !== 303) {
    throw new Error(`Artikel ${item.productId} hinzufügen: Status ${response.status} statt 303.`);
  }
  const setCookie = response.headers
    .getSetCookie()
    .find((header) => header.startsWith("warenkorb="));
  const next = setCookie ? setCookie.split(";")[0]! : cookie;
  if (!next) throw new Error("Der Shop hat kein Warenkorb-Cookie gesetzt.");
  return next;
}

/** Cart lines shown in the cart panel (each has a remove form). */
function cartLines(html: string): number {
  return html.match(/name="intent" value="remove"/g)?.length ?? 0;
}

export const scenarios: Scenario[] = [
  { name: "Startseite /", prepare: async () => ({ path: "/" }) },
  {
    name: "Filialseite (leerer Warenkorb)",
    prepare: async (context) => {
      const path = await demoBranchPath(context);
      return path ? { path } : null;
    },
  },
  {
    name: `Filialseite (${CART_ITEMS} Artikel im Warenkorb)`,
    prepare: async (context) => {
      const path = await demoBranchPath(context);
      if (!path) return null;
      const items = await addableProducts(context, path, CART_ITEMS);
      if (items.length === 0) return null;
      let cookie: string | null = null;
      for (let index = 0; index < CART_ITEMS; index += 1) {
        cookie = await addToCart(context, items[index % items.length]!, cookie);
      }
      const page = await context.fetchText(path, cookie ?? undefined);
      const lines = cartLines(page);
      if (lines !== CART_ITEMS) {
        throw new Error(`Warenkorb zeigt ${lines} statt ${CART_ITEMS} Positionen.`);
      }
      return { path, headers: { Cookie: cookie! } };
    },
  },
  {
    // The usual addition: a customer who already has a cart adds another item. Each connection
    // stands for one customer with a cart of their own (round robin over 2 × connections carts).
    name: "Artikel hinzufügen (bestehender Warenkorb)",
    prepare: async (context) => {
      const path = await demoBranchPath(context);
      const [item] = path ? await addableProducts(context, path, 1) : [];
      if (!item) return null;
      const cookies: string[] = [];
      for (let index = 0; index < context.connections * 2; index += 1) {
        cookies.push(await addToCart(context, item, null));
      }
      const { body, contentType } = multipart(item.fields);
      return {
        path: item.action,
        method: "POST",
        headers: { "Content-Type": contentType },
        body,
        cookies,
        expectStatus: 303,
      };
    },
  },
  {
    // A first addition: no cookie, so every request opens a new cart and sets the cookie.
    name: "Artikel hinzufügen (neuer Warenkorb)",
    prepare: async (context) => {
      const path = await demoBranchPath(context);
      const [item] = path ? await addableProducts(context, path, 1) : [];
      if (!item) return null;
      const { body, contentType } = multipart(item.fields);
      return {
        path: item.action,
        method: "POST",
        headers: { "Content-Type": contentType },
        body,
        expectStatus: 303,
      };
    },
  },
  // The target: p50 < 30 ms and p99 < 100 ms at 50 connections on PostgreSQL. One
  // connection shows the server's own time per page; 50 run longer, as each answer waits for the
  // others (seconds each when the target is missed).
  ...[1, 50].map((connections): Scenario => ({
    name: `Filialseite große Karte (${connections} Verb.)`,
    connections,
    seconds: connections > 1 ? 10 : undefined,
    prepare: async (context) => {
      if (!context.largeMenu) return null;
      const path = `/store/${context.largeMenu.branchIdentifier}`;
      const shown = productIds(await context.fetchText(path), path).length;
      console.log(
        `Große Karte: ${path}, ${context.largeMenu.products} Produkte im Menü, ` +
          `${shown} auf der Seite verlinkt.`,
      );
      return { path };
    },
  })),
  { name: "healthz", prepare: async () => ({ path: "/healthz" }) },
];
