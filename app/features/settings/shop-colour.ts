/**
 * The shop's colour from the settings (`color1`, spec section 3) as the storefront's design
 * tokens (decision 087): the primary button takes it, with the text colour that reads best on
 * it. The demo's colour is the design's own, so its pages carry no extra rule.
 */

/** The settings' default `color1`: the cream of the design (tokens.css --cream). */
export const DEFAULT_SHOP_COLOUR = "#eedcc4";

const HEX_COLOUR = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

/** Relative luminance (WCAG 2.2) of a colour already checked by HEX_COLOUR. */
function luminance(colour: string): number {
  const hex = colour.length === 4 ? colour.replace(/[0-9a-f]/gi, (digit) => digit + digit) : colour;
  const [r, g, b] = [1, 3, 5].map((at) => {
    const channel = parseInt(hex.slice(at, at + 2), 16) / 255;
    return channel <= 0.04045 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

/** The luminance of tokens.css --ink, the dark text of the shop. */
const INK_LUMINANCE = 0.0137;

/**
 * The rule that sets the tokens, or null when the colour is the default or not a hex colour (a
 * value that could carry anything else never reaches the page).
 */
export function shopColourCss(colour: string | null | undefined): string | null {
  if (!colour || !HEX_COLOUR.test(colour)) return null;
  if (colour.toLowerCase() === DEFAULT_SHOP_COLOUR) return null;
  const light = luminance(colour) + 0.05;
  const onWhite = 1.05 / light;
  const onInk = light / (INK_LUMINANCE + 0.05);
  const text = onWhite >= onInk ? "var(--white)" : "var(--ink)";
  return `:root{--color-primary:${colour};--color-on-primary:${text}}`;
}
