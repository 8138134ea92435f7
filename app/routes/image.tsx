import type { Route } from "#app/server/route-types";
import { chooseFormat, FORMAT_TYPES, isImageSize } from "#app/domain/image-sizes";
import { parseId } from "#app/domain/values";
import { sizedImage } from "#app/features/media/image-pipeline.server";
import { imageStores } from "#app/features/media/images.server";
import { imageMemory } from "#app/features/media/image-memory.server";
import { logServerError } from "#app/server/error-log.server";

/**
 * Stored images at `/image/{id}-{version}.{extension}` (the cleaned original) and
 * `/image/{size}/{id}-{version}.{extension}` (decision 038: made on first request, kept in the
 * "image-sizes" store, sent as AVIF or WebP when the browser takes them). The version is part of
 * the name, so a response never changes and may be cached for a year; an older version's address
 * is sent on to the current one. Never active content: nosniff and a sandboxing CSP.
 */
const NAME = /^(?:([a-z]+)\/)?(\d+)-(\d+)\.([a-z0-9]+)$/;

const RASTER = new Set(["jpg", "png", "webp"]);
const IMMUTABLE = "public, max-age=31536000, immutable";
// nosniff comes with every response from the security headers (app/server/security-headers).
const SAFE_HEADERS = {
  "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; sandbox",
  "Cross-Origin-Resource-Policy": "same-site",
};

const notFound = () =>
  new Response(null, { status: 404, headers: { "Cache-Control": "no-store", ...SAFE_HEADERS } });

export async function loader({ params, context, request }: Route.LoaderArgs) {
  const match = NAME.exec(params["*"] ?? "");
  if (!match) return notFound();
  const [, size, idText, versionText, extension] = match;
  if (size !== undefined && !isImageSize(size)) return notFound();
  const id = parseId(idText);
  const version = parseId(versionText);
  if (id === null || version === null) return notFound();
  const image = await context.db
    .selectFrom("images")
    .select([
      "id",
      "version",
      "extension",
      "mimeType",
      "width",
      "height",
      "focalX",
      "focalY",
      "storageKey",
    ])
    .where("id", "=", id)
    .executeTakeFirst();
  if (!image) return notFound();
  if (image.version !== version || image.extension !== extension) {
    // An old address (a page cached before the picture was replaced): the current picture.
    // A version still to come, or the current one under another extension, is no address.
    if (image.version <= version) return notFound();
    const name = `${image.id}-${image.version}.${image.extension}`;
    return new Response(null, {
      status: 302,
      headers: {
        Location: size ? `/image/${size}/${name}` : `/image/${name}`,
        "Cache-Control": "no-cache",
        ...SAFE_HEADERS,
      },
    });
  }
  // Only pictures the pipeline checked are served (an SVG stored before decision 038 is not).
  if (!RASTER.has(image.extension)) return notFound();
  const stores = imageStores(context.config);
  if (!size) {
    const body = await stores.originals.get(image.storageKey).catch(() => null);
    if (!body) return notFound();
    return new Response(body as Uint8Array<ArrayBuffer>, {
      headers: { "Content-Type": image.mimeType, "Cache-Control": IMMUTABLE, ...SAFE_HEADERS },
    });
  }
  const format = chooseFormat(request.headers.get("Accept"), image.extension);
  const body = await sizedImage(stores, image, size, format).catch((error: unknown) => {
    // A stored file that cannot be read or decoded: no picture, but never a server error page.
    // One line, the same at most once a minute: a broken picture is asked for again and again.
    logServerError(error, request);
    return null;
  });
  if (!body) return notFound();
  // The next request for this address is answered from memory before Remix (server.ts).
  imageMemory().remember(new URL(request.url).pathname, format, body);
  return new Response(body as Uint8Array<ArrayBuffer>, {
    headers: {
      "Content-Type": FORMAT_TYPES[format],
      "Cache-Control": IMMUTABLE,
      Vary: "Accept",
      ...SAFE_HEADERS,
    },
  });
}
