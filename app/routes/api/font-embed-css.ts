import type { Route } from "#app/server/route-types";
import { problems } from "#app/features/backoffice/resource-api.server";
import { embedCss } from "#app/features/templates/fonts.server";
import { deTemplates } from "#app/i18n/de-templates";
import { apiMethodNotAllowed } from "#app/server/api-methods.server";

/**
 * `GET /api/fonts/google/{family}/style-{variant}.embed.css` (decision 041): @font-face rules
 * with the fonts inlined; public, cached for good.
 */
async function fontEmbedCss({ request, params }: Route.LoaderArgs | Route.ActionArgs) {
  if (request.method !== "GET" && request.method !== "HEAD") return apiMethodNotAllowed("GET");
  const variant = /^style-([0-9a-z]{1,20})\.embed\.css$/i.exec(params.file ?? "")?.[1];
  const css = variant ? embedCss((params.family ?? "").slice(0, 100), variant) : null;
  if (!css) return problems(404, [{ message: deTemplates.fonts.unknown }]);
  const { css: text, etag } = await css;
  const headers = {
    "Content-Type": "text/css; charset=utf-8",
    "Cache-Control": "public, max-age=31536000, immutable",
    ETag: etag,
    "Access-Control-Allow-Origin": "*",
  };
  const matches = request.headers
    .get("If-None-Match")
    ?.split(",")
    .some((tag) => tag.trim().replace(/^W\//, "") === etag);
  if (matches) return new Response(null, { status: 304, headers });
  return new Response(text, { headers });
}

export const loader = fontEmbedCss;
export const action = fontEmbedCss;
