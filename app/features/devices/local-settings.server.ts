import { z } from "zod";

/**
 * Spec section 3's local settings (`showProductData`, `showCustomerData`): what one device shows,
 * not the shop. They are stored where the device is, in a cookie of its browser (decision 033):
 * a counter PC facing customers hides their names and phone numbers, a bakehouse screen may hide
 * the items, and every other device keeps showing everything. Nothing secret is in it, so it is
 * neither signed nor tied to a session; the counter views and the order board read it.
 */
export const LOCAL_SETTINGS_COOKIE = "geraet-anzeige";

export interface LocalSettings {
  showCustomerData: boolean;
  showProductData: boolean;
}

export const DEFAULT_LOCAL_SETTINGS: LocalSettings = {
  showCustomerData: true,
  showProductData: true,
};

/** A year: the device keeps its choice until someone changes it. */
const MAX_AGE_SECONDS = 60 * 60 * 24 * 365;

/** `k0p1`: customer data off, product data on. Anything else is the default. */
const VALUE = /^k([01])p([01])$/;

export function readLocalSettings(request: Request): LocalSettings {
  const header = request.headers.get("Cookie") ?? "";
  const pair = header.split(/;\s*/).find((part) => part.startsWith(`${LOCAL_SETTINGS_COOKIE}=`));
  const match = VALUE.exec(pair?.slice(LOCAL_SETTINGS_COOKIE.length + 1) ?? "");
  if (!match) return DEFAULT_LOCAL_SETTINGS;
  return { showCustomerData: match[1] === "1", showProductData: match[2] === "1" };
}

/** The form's checkboxes: an unchecked box is not sent, so absent means off. */
const formSchema = z.object({
  showCustomerData: z.literal("on").optional(),
  showProductData: z.literal("on").optional(),
});

export function localSettingsFromForm(fields: Record<string, unknown>): LocalSettings | null {
  const parsed = formSchema.safeParse(fields);
  if (!parsed.success) return null;
  return {
    showCustomerData: parsed.data.showCustomerData === "on",
    showProductData: parsed.data.showProductData === "on",
  };
}

export function localSettingsCookie(settings: LocalSettings, secure: boolean): string {
  const value = `k${settings.showCustomerData ? 1 : 0}p${settings.showProductData ? 1 : 0}`;
  return [
    `${LOCAL_SETTINGS_COOKIE}=${value}`,
    "Path=/",
    `Max-Age=${MAX_AGE_SECONDS}`,
    "SameSite=Lax",
    "HttpOnly",
    ...(secure ? ["Secure"] : []),
  ].join("; ");
}
