import { readFile } from "node:fs/promises";
import path from "node:path";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { parseId } from "../domain/values";

/**
 * Stored images at `/image/{id}-{version}.{extension}` and the size forms
 * `/image/{size}/{id}-{version}.{extension}` (served at their original size for now). The version
 * is part of the name, so a response never changes and may be cached for a year.
 */
const NAME = /^(?:(large|tiny|small|medium|icon|product|category)\/)?(\d+)-(\d+)\.([a-z0-9]+)$/;

export async function loader({ params, context }: LoaderFunctionArgs) {
  const match = NAME.exec(params["*"] ?? "");
  if (!match) throw new Response(null, { status: 404 });
  const [, , idText, versionText, extension] = match;
  const id = parseId(idText);
  const version = parseId(versionText);
  if (id === null || version === null) throw new Response(null, { status: 404 });
  const image = await context.db
    .selectFrom("images")
    .select(["storageKey", "mimeType"])
    .where("id", "=", id)
    .where("version", "=", version)
    .where("extension", "=", extension ?? "")
    .executeTakeFirst();
  if (!image) throw new Response(null, { status: 404 });
  const folder = path.resolve(context.config.dataDir, "images");
  const file = path.resolve(folder, image.storageKey);
  if (!file.startsWith(folder + path.sep)) throw new Response(null, { status: 404 });
  const body = await readFile(file).catch(() => null);
  if (!body) throw new Response(null, { status: 404 });
  return new Response(body, {
    headers: {
      "Content-Type": image.mimeType,
      "Cache-Control": "public, max-age=31536000, immutable",
      "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; sandbox",
    },
  });
}
