import { spawn } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { get } from "node:http";
import path from "node:path";
import { type BenchContext, type BenchRequest } from "./scenarios";

/** What the scenarios read from the shop's pages and post back: branches, item forms, carts. */

export const CART_ITEMS = 10;

/** Branch pages linked from the home page, in order. */
export async function branchPaths(context: BenchContext): Promise<string[]> {
  const home = await context.fetchText("/");
  return [...new Set([...home.matchAll(/href="(\/store\/[^"/?#]+)"/g)].map((m) => m[1]!))];
}

/** The first branch on the home page that keeps the demo menu (not the bench's large one). */
export async function demoBranchPath(context: BenchContext): Promise<string | null> {
  const large = context.largeMenu ? `/store/${context.largeMenu.branchIdentifier}` : null;
  return (await branchPaths(context)).find((path) => path !== large) ?? null;
}

export function productIds(html: string, branchPath: string): number[] {
  const pattern = new RegExp(`href="${escapeRegExp(branchPath)}/product/(\\d+)"`, "g");
  return [...new Set([...html.matchAll(pattern)].map((m) => Number(m[1])))];
}

export interface ItemForm {
  productId: number;
  action: string;
  fields: [string, string][];
}

/**
 * Simple products a customer can add as the dialog offers them: the dialog's form fields with
 * their preset values (intent, productId, amount, unit). Products with steps (`part-{id}`) and
 * products the dialog offers no form for (not orderable now) are passed over.
 */
export async function addableProducts(
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

export function itemForm(html: string): { action: string; fields: [string, string][] } | null {
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

export function attribute(attrs: string, name: string): string | null {
  const match = new RegExp(`(?:^|\\s)${name}="([^"]*)"`, "i").exec(attrs);
  return match ? decode(match[1]!) : null;
}

export function decode(text: string): string {
  return text
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}

export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

export const BOUNDARY = "----backstube-bench-7d1f3c";

/** The dialog's form as a browser sends it (the form is `multipart/form-data`). */
export function multipart(fields: [string, string][]): { body: string; contentType: string } {
  const body =
    fields
      .map(
        ([name, value]) =>
          `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      )
      .join("") + `--${BOUNDARY}--\r\n`;
  return { body, contentType: `multipart/form-data; boundary=${BOUNDARY}` };
}

/** The first simple product of the demo branch, as its dialog adds it; null when there is none. */
export async function firstAddable(context: BenchContext): Promise<ItemForm | null> {
  const path = await demoBranchPath(context);
  const [item] = path ? await addableProducts(context, path, 1) : [];
  return item ?? null;
}

/** The request that adds the item, as the dialog's form posts it. */
export function additionRequest(item: ItemForm) {
  const { body, contentType } = multipart(item.fields);
  return {
    path: item.action,
    method: "POST",
    headers: { "Content-Type": contentType },
    body,
  } satisfies BenchRequest;
}

/** Posts the dialog's form; returns the cart cookie to send next (`warenkorb=…`). */
export async function addToCart(
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
  const answer = await response.text();
  if (response.status !== 303) {
    const reason = /class="form-error"[^>]*>([^<]*)/.exec(answer)?.[1] ?? "";
    throw new Error(
      `Artikel ${item.productId} hinzufügen: Status ${response.status} statt 303. ${reason}`,
    );
  }
  const setCookie = response.headers
    .getSetCookie()
    .find((header) => header.startsWith("warenkorb="));
  const next = setCookie ? setCookie.split(";")[0]! : cookie;
  if (!next) throw new Error("Der Shop hat kein Warenkorb-Cookie gesetzt.");
  return next;
}

/**
 * The cookies of ten customers with a cart of CART_ITEMS items each (the shop limits new carts
 * per address), each cart starting at another of `items`.
 */
export async function customersWithCarts(
  context: BenchContext,
  items: ItemForm[],
  customers = 10,
): Promise<string[]> {
  const cookies: string[] = [];
  for (let customer = 0; customer < customers; customer += 1) {
    let cookie: string | null = null;
    for (let index = 0; index < CART_ITEMS; index += 1) {
      cookie = await addToCart(context, items[(customer + index) % items.length]!, cookie);
    }
    cookies.push(cookie!);
  }
  return cookies;
}

/** A page's bytes as the shop sends them to a browser that accepts gzip (not unpacked). */
export function gzipBytes(url: string, cookie: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    get(url, { headers: { cookie, "Accept-Encoding": "gzip" } }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () =>
        response.statusCode === 200 && response.headers["content-encoding"] === "gzip"
          ? resolve(Buffer.concat(chunks))
          : reject(new Error(`${url}: ${response.statusCode}, keine gzip-Antwort`)),
      );
    }).on("error", reject);
  });
}

/** bench/bare-server.mjs answering `body`, on the shop's port + 20, until `cleanup`. */
export async function startBareServer(
  body: Buffer,
  processes: number,
  pagePath: string,
  shopOrigin: string,
): Promise<BenchRequest> {
  const file = path.resolve(".cache/bench-bare-page.gz");
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, body);
  const port = Number(new URL(shopOrigin).port) + 20;
  const origin = `http://127.0.0.1:${port}`;
  const child = spawn(
    process.execPath,
    ["bench/bare-server.mjs", String(port), String(processes), file],
    { stdio: ["ignore", "inherit", "inherit"] },
  );
  const deadline = Date.now() + 20_000;
  for (;;) {
    const ok = await fetch(origin + pagePath)
      .then((answer) => answer.ok)
      .catch(() => false);
    if (ok) break;
    if (Date.now() > deadline || child.exitCode !== null) {
      child.kill();
      throw new Error("Der Vergleichsserver (bench/bare-server.mjs) antwortet nicht.");
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  console.log(`Obergrenze: ${body.length} Bytes gzip je Antwort, ${processes} Prozesse.`);
  return {
    origin,
    path: pagePath,
    headers: { "Accept-Encoding": "gzip, deflate, br" },
    cleanup: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
    },
  };
}

/** The menu's one-tap '+' buttons (simple products): posted as a browser posts the list's form. */
export function quickAdds(html: string, branchPath: string): ItemForm[] {
  return [
    ...html.matchAll(
      // The '+' button's attributes in any order (the Button primitive puts its class last).
      /<button type="submit" name="productId" value="(\d+)"[^>]*\bclass="quick-add-button"/g,
    ),
  ].map((match) => ({
    productId: Number(match[1]),
    action: `${branchPath}?index`,
    fields: [
      ["intent", "add"],
      ["productId", match[1]!],
    ],
  }));
}

/** The large menu's page and the first CART_ITEMS items its '+' buttons add; null without it. */
export async function largeMenuItems(
  context: BenchContext,
): Promise<{ path: string; items: ItemForm[] } | null> {
  if (!context.largeMenu) return null;
  const path = `/store/${context.largeMenu.branchIdentifier}`;
  const items = quickAdds(await context.fetchText(path), path).slice(0, CART_ITEMS);
  return items.length === 0 ? null : { path, items };
}

/** Cart lines shown in the cart panel (each has a remove form). */
export function cartLines(html: string): number {
  return html.match(/name="intent" value="remove"/g)?.length ?? 0;
}
