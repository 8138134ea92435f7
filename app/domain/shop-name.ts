/**
 * The shop's texts that name the shop follow a new name (issue 36, item 12): the page titles
 * come from the settings' seoTitle, else title, else shopName (spec section 2), and the demo's
 * seoTitle and title name the shop. When the name changes, each of those texts that still holds
 * the old name, and was not itself changed in the same save, gets the new name in its place.
 */
export const SHOP_NAMED_TEXTS = ["title", "seoTitle", "description", "seoDescription"] as const;

type NamedText = (typeof SHOP_NAMED_TEXTS)[number];
type Texts = Partial<Record<NamedText, string | null | undefined>>;

export function textsFollowingShopName(
  stored: Texts & { shopName: string },
  input: Texts & { shopName?: unknown },
): Partial<Record<NamedText, string>> {
  const before = stored.shopName.trim();
  const after = typeof input.shopName === "string" ? input.shopName.trim() : before;
  if (!before || !after || before === after) return {};
  const changed: Partial<Record<NamedText, string>> = {};
  for (const name of SHOP_NAMED_TEXTS) {
    const old = stored[name];
    if (typeof old !== "string" || !old.includes(before)) continue;
    // A text typed anew in this save is the owner's choice, not the old name's leftover.
    if (name in input && input[name] !== old) continue;
    changed[name] = old.split(before).join(after);
  }
  return changed;
}
