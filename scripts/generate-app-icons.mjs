// The installable app's icons (decision 052), drawn once from public/favicon.svg and committed
// in public/icons: 192 and 512 px, a maskable 512 px one (the bread within the safe zone, the
// sand colour to the edges) and Apple's 180 px touch icon. Run again after changing the SVG:
//   node scripts/generate-app-icons.mjs
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createCanvas, loadImage } from "@napi-rs/canvas";

const svg = readFileSync("public/favicon.svg", "utf8");
mkdirSync("public/icons", { recursive: true });

async function draw(name, size, { padding = 0, background = null } = {}) {
  const canvas = createCanvas(size, size);
  const context = canvas.getContext("2d");
  if (background) {
    context.fillStyle = background;
    context.fillRect(0, 0, size, size);
  }
  const inner = size - 2 * padding;
  // Drawn at the icon's own size: an SVG loaded at its 64 px would be scaled up blurred.
  const image = await loadImage(
    Buffer.from(svg.replace("<svg ", `<svg width="${inner}" height="${inner}" `)),
  );
  context.drawImage(image, padding, padding, inner, inner);
  writeFileSync(`public/icons/${name}`, await canvas.encode("png"));
}

await draw("icon-192.png", 192);
await draw("icon-512.png", 512);
// Maskable: the safe zone is the inner 80 % circle.
await draw("icon-maskable-512.png", 512, { padding: 64, background: "#eedcc4" });
await draw("apple-touch-icon.png", 180, { padding: 0, background: "#eedcc4" });
