import type { Route } from "#app/server/route-types";
import { pairedDeviceId, recordHeartbeat } from "#app/features/signage/signage.server";
import { deSignage } from "#app/i18n/de-signage";
import { problem } from "#app/server/outcome";

/** A paired TV reports what it plays and which data it has (decision 060); 204. */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return problem(405, deSignage.events.method);
  const deviceId = await pairedDeviceId(context.db, request);
  if (deviceId === null) return problem(403, deSignage.events.forbidden);
  let body: unknown;
  try {
    body = JSON.parse((await request.text()).slice(0, 10_000));
  } catch {
    return problem(400, deSignage.events.badBody);
  }
  const record = (body ?? {}) as { playing?: unknown; version?: unknown };
  const text = (value: unknown) => (typeof value === "string" ? value : null);
  if (body === null || typeof body !== "object" || Array.isArray(body)) {
    return problem(400, deSignage.events.badBody);
  }
  await recordHeartbeat(
    context.db,
    deviceId,
    { playing: text(record.playing), version: text(record.version) },
    new Date(),
  );
  return new Response(null, { status: 204, headers: { "Cache-Control": "no-store" } });
}

export const loader = () => problem(405, deSignage.events.method);
