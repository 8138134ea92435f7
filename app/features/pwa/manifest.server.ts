/**
 * The web app manifest (issue 19, decision 052): the shop's name from the settings, its colour
 * as the theme, the sand colour of the design as the splash background, icons shipped in
 * public/icons (made by scripts/generate-app-icons.mjs).
 */

export const APP_BACKGROUND = "#E0CBA2";
export const APP_THEME_DEFAULT = "#eedcc4";

const COLOUR = /^#[0-9a-f]{3}([0-9a-f]{3})?$/i;

export function webAppManifest(settings: {
  shopName: string;
  description?: string | null;
  color1?: string | null;
}) {
  const name = settings.shopName.trim() || "Bäckerei";
  return {
    id: "/",
    name,
    // The home screen shows about twelve characters; the full name stands in the app's title.
    short_name: name.length > 12 ? (name.split(/\s+/).at(-1) ?? name).slice(0, 12) : name,
    description: settings.description || undefined,
    lang: "de-DE",
    dir: "ltr",
    start_url: "/",
    scope: "/",
    display: "standalone",
    orientation: "portrait",
    theme_color:
      settings.color1 && COLOUR.test(settings.color1) ? settings.color1 : APP_THEME_DEFAULT,
    background_color: APP_BACKGROUND,
    icons: [
      { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
      { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
      {
        src: "/icons/icon-maskable-512.png",
        sizes: "512x512",
        type: "image/png",
        purpose: "maskable",
      },
    ],
  };
}
