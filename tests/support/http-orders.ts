/**
 * Orders placed over HTTP as a browser without JavaScript places them: the item dialog's form
 * posted to the cart (303 and the cart cookie), then the checkout form with a one-time key
 * (303 to the status page). For tests against a running server (tests/faults).
 */
export interface ItemForm {
  action: string;
  fields: [string, string][];
}

export const CART_COOKIE_NAME = "warenkorb";

/** The first product of the branch page whose dialog offers a plain "add" form. */
export async function firstItemForm(origin: string, branchPath: string): Promise<ItemForm> {
  const page = await (await fetch(`${origin}${branchPath}`)).text();
  const pattern = new RegExp(`href="${branchPath.replace(/[/-]/g, "\\$&")}/product/(\\d+)"`, "g");
  const ids = [...new Set([...page.matchAll(pattern)].map((match) => match[1]!))];
  for (const id of ids) {
    const dialog = await (await fetch(`${origin}${branchPath}/product/${id}`)).text();
    const form = itemForm(dialog);
    if (!form || form.fields.some(([name]) => name.startsWith("part-"))) continue;
    if (form.fields.find(([name]) => name === "intent")?.[1] === "add") return form;
  }
  throw new Error(`${branchPath}: kein Produkt mit einfachem Formular`);
}

function itemForm(html: string): ItemForm | null {
  const match = /<form\b([^>]*\bclass="item-form"[^>]*)>([\s\S]*?)<\/form>/.exec(html);
  const action = match ? attribute(match[1]!, "action") : null;
  if (!match || !action) return null;
  const fields: [string, string][] = [];
  for (const [, attrs] of match[2]!.matchAll(/<input\b([^>]*)>/g)) {
    const name = attribute(attrs!, "name");
    const type = (attribute(attrs!, "type") ?? "text").toLowerCase();
    if (!name || ["submit", "button", "file", "image", "reset"].includes(type)) continue;
    if ((type === "checkbox" || type === "radio") && !/\bchecked\b/.test(attrs!)) continue;
    fields.push([name, attribute(attrs!, "value") ?? ""]);
  }
  return { action, fields };
}

function attribute(attrs: string, name: string): string | null {
  const match = new RegExp(`(?:^|\\s)${name}="([^"]*)"`, "i").exec(attrs);
  return match ? match[1]!.replace(/&amp;/g, "&").replace(/&quot;/g, '"') : null;
}

/** Adds the item to a new cart: the cart's cookie (`warenkorb=…`), or the failed response. */
export async function addToNewCart(
  origin: string,
  item: ItemForm,
): Promise<{ cookie: string } | { response: Response }> {
  const body = new FormData();
  for (const [name, value] of item.fields) body.append(name, value);
  const response = await fetch(`${origin}${item.action}`, {
    method: "POST",
    body,
    redirect: "manual",
  });
  await response.arrayBuffer();
  const cookie = response.headers
    .getSetCookie()
    .find((header) => header.startsWith(`${CART_COOKIE_NAME}=`))
    ?.split(";")[0];
  if (response.status !== 303 || !cookie) return { response };
  return { cookie };
}

export interface Answer {
  status: number;
  location: string | null;
  body: string;
}

/** Sends the checkout form for the cart: takeaway, cash, the given one-time key. */
export async function submitOrder(
  origin: string,
  branchPath: string,
  cookie: string,
  orderKey: string,
  email = "kundin@example.org",
  customer: { name: string; phone: string } = {
    name: "Erika Mustermann",
    phone: "+49 761 1234567",
  },
): Promise<Answer> {
  const body = new URLSearchParams({
    orderKey,
    name: customer.name,
    email,
    phone: customer.phone,
    paymentMethod: "cash",
    acceptTerms: "on",
    acceptPrivacy: "on",
  });
  const response = await fetch(`${origin}${branchPath}/checkout`, {
    method: "POST",
    body,
    headers: { Cookie: cookie },
    redirect: "manual",
  });
  return {
    status: response.status,
    location: response.headers.get("Location"),
    body: await response.text(),
  };
}
