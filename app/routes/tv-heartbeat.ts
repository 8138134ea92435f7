import type { ActionFunctionArgs } from "@remix-run/node";
import { deviceTokenOf, hashToken, recordHeartbeat } from "../features/signage/signage.server";
import { deSignage } from "../i18n/de-signage";

const json = (body: unknown, status: number) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store" },
  });

/** A paired TV reports what it plays and which data it has (decision 060); 204. */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST")
    return json({ errors: [{ message: deSignage.events.method }] }, 405);
  const token = deviceTokenOf(request);
  const pairing = token
    ? await context.db
        .selectFrom("signagePairings")
        .select("deviceId")
        .where("tokenHash", "=", hashToken(token))
        .executeTakeFirst()
    : undefined;
  if (pairing?.deviceId == null) {
    return json({ errors: [{ message: deSignage.events.forbidden }] }, 403);
  }
  let body: unknown;
  try {
    body = JSON.parse((await request.text()).slice(0, 10_000));
  } catch {
    return json({ errors: [{ message: deSignage.events.badBody }] }, 400);
  }
  const record = (body ?? {}) as { playing?: unknown; version?: unknown };
  const text = (value: unknown) => (typeof value === "string" ? value : null);
  if (body === null || typeof body !== "object" || Array.isArray(body)) {
    return json({ errors: [{ message: deSignage.events.badBody }] }, 400);
  }
  await recordHeartbeat(
    context.db,
    pairing.deviceId,
    { playing: text(record.playing), version: text(record.version) },
    new Date(),
  );
  return new Response(null, { status: 204, headers: { "Cache-Control": "no-store" } });
}

export const loader = () => json({ errors: [{ message: deSignage.events.method }] }, 405);
