/**
 * The version a client of the JSON API read before it changes something (decision 035): the
 * `If-Match` header, as a GET sends it in `ETag` (weak or strong, quoted or not), else the
 * version its body names; null when it names none (`*` names none). The service refuses a stale
 * one with 409.
 */
export function versionRead(request: Request, bodyVersion: unknown): string | null {
  const ifMatch = request.headers.get("If-Match");
  if (ifMatch && ifMatch !== "*") return ifMatch.replace(/^W\//, "").replace(/"/g, "").trim();
  return typeof bodyVersion === "string" || typeof bodyVersion === "number"
    ? String(bodyVersion)
    : null;
}
