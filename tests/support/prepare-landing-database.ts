// The landing-page variant's end-to-end database: the demo seed, then the home-page plugin and
// the map switched on and three gallery images stored, before the server opens the folder.
// Run by start-e2e-landing-server.mjs; production code has no switch for this.
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { openDatabase } from "#app/db/connection.server";
import { migrateToLatest } from "#app/db/migrate.server";
import { getSettings, updateSettings } from "#app/db/queries/settings";
import type { BlockContent } from "#app/db/schema";
import { seedDemoData } from "#app/db/seed.server";

export const galleryImages = [
  { name: "Sauerteigbrote im Steinofen", colour: "#b7793f" },
  { name: "Laugenbrezeln auf dem Blech", colour: "#7a3e12" },
  { name: "Erdbeertorte aus der Konditorei", colour: "#c8485a" },
];

function svg(label: string, colour: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600" viewBox="0 0 800 600"><rect width="800" height="600" fill="${colour}"/><text x="400" y="300" font-size="40" text-anchor="middle" fill="#fff" font-family="sans-serif">${label}</text></svg>`;
}

async function main(): Promise<void> {
  const dataDir = path.resolve(process.env.DATA_DIR ?? "");
  if (!process.env.DATA_DIR) throw new Error("DATA_DIR fehlt.");
  mkdirSync(path.join(dataDir, "images"), { recursive: true });
  const handle = await openDatabase({ dataDir, maxConnections: 1 });
  try {
    await migrateToLatest(handle.db);
    await seedDemoData(handle.db, {
      now: new Date(),
      adminPassword: process.env.DEMO_ADMIN_PASSWORD,
    });
    await updateSettings(handle.db, { enablePluginHomePage: true, enablePluginMapbox: true });
    const stored = [];
    for (const [index, image] of galleryImages.entries()) {
      // A PNG drawn by sharp, under a key of the store's alphabet (decision 038).
      const storageKey = `galerie${String(index + 1).padStart(9, "0")}`;
      const png = await sharp(Buffer.from(svg(image.name, image.colour)))
        .png()
        .toBuffer();
      writeFileSync(path.join(dataDir, "images", storageKey), png);
      const row = await handle.db
        .insertInto("images")
        .values({
          extension: "png",
          mimeType: "image/png",
          width: 800,
          height: 600,
          alt: image.name,
          storageKey,
        })
        .returning(["id", "version", "extension"])
        .executeTakeFirstOrThrow();
      stored.push({ ...row, alt: image.name });
    }
    const content: BlockContent = {
      data: [
        { type: "gallery", value: { label: "Einblicke in unsere Backstube", images: stored } },
      ],
    };
    await handle.db
      .updateTable("blocks")
      .set({ content: JSON.stringify(content) })
      .where("identifier", "=", "gallery")
      .execute();
    const settings = await getSettings(handle.db);
    console.log(`Landing-Datenbank bereit (Startseiten-Plugin: ${settings.enablePluginHomePage}).`);
  } finally {
    await handle.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
