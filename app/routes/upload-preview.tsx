import type { Route } from "#app/server/route-types";
import { findPublicUpload } from "#app/db/queries/uploads";
import { parseId } from "#app/domain/values";
import { previewOf } from "#app/features/uploads/previews.server";

const NAME = /^(\d{1,10})-(\d{1,10})\.jpg$/;
const HASH = /^[a-f0-9]{32}$/;

const notFound = () => new Response(null, { status: 404 });

/**
 * The preview of an upload at `/upload/{publicHash}/preview/{id}-{version}.jpg`: always a JPEG
 * made by the server (thumbnail, first PDF page or file icon), never the upload's own bytes, so
 * nothing the customer sent is ever shown as active content.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const match = NAME.exec(params.fileName ?? "");
  const publicHash = params.publicHash ?? "";
  if (!match || !HASH.test(publicHash)) throw notFound();
  const id = parseId(match[1]);
  if (id === null) throw notFound();
  const upload = await findPublicUpload(context.db, publicHash, id);
  if (!upload || upload.version !== Number(match[2])) throw notFound();
  const preview = await previewOf(context.config, upload);
  if (!preview) throw notFound();
  return new Response(Buffer.from(preview), {
    headers: {
      "Content-Type": "image/jpeg",
      "Content-Length": String(preview.byteLength),
      "Content-Disposition": `inline; filename="${upload.id}-${upload.version}.jpg"`,
      "Cache-Control": "private, max-age=31536000, immutable",
      "Content-Security-Policy": "default-src 'none'; sandbox",
    },
  });
}
