/**
 * The checkout page's services beside the order itself: the legal texts it shows, the values it
 * starts with, the form read and checked for its shape. The route guards, calls and answers.
 */
import type { Db } from "#app/db/schema";
import { deCheckout } from "#app/i18n/de-checkout";
import { keepLinksInShop } from "#app/features/kiosk/kiosk.server";
import { loadSite } from "#app/features/storefront/site.server";
import { refusedWith, succeeded, type Outcome } from "#app/server/outcome";
import { checkoutSchema, type CheckoutContext, type CheckoutInput } from "./checkout.server";
import { checkoutView, type CheckoutValues } from "./checkout-view.server";
import { LEGAL_TEXTS, type LegalKey } from "./checkout-form";

const isLegalKey = (key: string | null): key is LegalKey =>
  key !== null && Object.hasOwn(LEGAL_TEXTS, key);

/**
 * The legal text the overlay shows (`?lesen=agb`), and on a kiosk both texts to fold open in the
 * form itself (no new tab there, nothing typed lost), their links kept in the shop.
 */
export async function checkoutLegalTexts(
  db: Db,
  input: { overlay: string | null; selfService: boolean; origin: string },
) {
  const overlay = isLegalKey(input.overlay)
    ? await loadSite(db, LEGAL_TEXTS[input.overlay].site)
    : null;
  const kioskLegal = input.selfService
    ? await Promise.all(
        (Object.keys(LEGAL_TEXTS) as LegalKey[]).map(async (key) => {
          const site = await loadSite(db, LEGAL_TEXTS[key].site);
          return site
            ? { key, title: site.title, bodyHtml: keepLinksInShop(site.bodyHtml, input.origin) }
            : null;
        }),
      )
    : [];
  return {
    legal: overlay ? { title: overlay.title, bodyHtml: overlay.bodyHtml } : null,
    kioskLegal: kioskLegal.filter((entry) => entry !== null),
  };
}

/**
 * What the form starts with: only the day's choice travels in the address (what the customer
 * typed never does), and the table whose QR code the guest scanned is the suggestion (decision
 * 076).
 */
export function initialValues(
  view: { tables: readonly { id: number }[] },
  input: { appointment: string | null; visitedTableId: number | null },
): CheckoutValues {
  const values: CheckoutValues = {};
  if (input.appointment) values.appointment = input.appointment.slice(0, 40);
  const tableId = input.visitedTableId;
  if (tableId !== null && view.tables.some((table) => table.id === tableId)) {
    values.tableId = String(tableId);
  }
  return values;
}

/** The form again with the times of the day chosen in the plain form ('Uhrzeiten anzeigen'). */
export function viewWithTimesOf(checkout: CheckoutContext, form: FormData, values: CheckoutValues) {
  const choice = new URLSearchParams();
  const day = form.get("tag");
  if (typeof day === "string") choice.set("tag", day.slice(0, 10));
  if (values.appointment) choice.set("appointment", values.appointment);
  return checkoutView(checkout, choice);
}

/** The posted form in its shape (every field a string of its length); the rules come after. */
export function readCheckoutForm(form: FormData): Outcome<CheckoutInput> {
  const parsed = checkoutSchema.safeParse(Object.fromEntries(form));
  if (parsed.success) return succeeded(parsed.data);
  return refusedWith(
    400,
    parsed.error.issues.map((issue) =>
      // A broken one-time key is the page's, not a field the customer can mend.
      issue.path[0] === "orderKey"
        ? { message: deCheckout.orderKeyInvalid }
        : { message: issue.message, field: String(issue.path[0]) },
    ),
  );
}
