import type { Route } from "#app/server/route-types";
import { findPublicUpload } from "#app/db/queries/uploads";
import { storageFor } from "#app/integrations/storage/storage.server";
import { parseId } from "#app/domain/values";

const NAME = /^(\d{1,10})-(\d{1,10})\.([a-z0-9]{1,8})$/;
const HASH = /^[a-f0-9]{32}$/;
/** Shown in the browser; everything else (svg, office files, text) is only downloaded. */
const INLINE_TYPES = new Set(["image/jpeg", "image/png", "image/gif", "application/pdf"]);

const notFound = () => new Response(null, { status: 404 });

/**
 * A customer's upload at `/upload/{publicHash}/{id}-{version}.{extension}`: the random hash and
 * the id must both match. Served with the type stored at upload time (checked by content), never
 * as HTML, sandboxed, and as a download unless it is a plain image or PDF.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const match = NAME.exec(params.fileName ?? "");
  const publicHash = params.publicHash ?? "";
  if (!match || !HASH.test(publicHash)) throw notFound();
  const [, idText, version, extension] = match;
  const id = parseId(idText);
  if (id === null) throw notFound();
  const upload = await findPublicUpload(context.db, publicHash, id);
  if (!upload || upload.version !== Number(version) || upload.extension !== extension) {
    throw notFound();
  }
  const body = await storageFor(context.config, "uploads").get(upload.storageKey);
  if (!body) throw notFound();
  const inline = INLINE_TYPES.has(upload.mimeType);
  const fileName = `${upload.id}-${upload.version}.${upload.extension}`;
  return new Response(Buffer.from(body), {
    headers: {
      "Content-Type": upload.mimeType,
      "Content-Length": String(body.byteLength),
      "Content-Disposition": `${inline ? "inline" : "attachment"}; filename="${fileName}"`,
      "Cache-Control": "private, max-age=31536000, immutable",
      "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; sandbox",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
