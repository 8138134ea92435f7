import type { Route } from "#app/server/route-types";
import {
  findNotifierByToken,
  parseSubscription,
  storeSubscription,
} from "#app/features/devices/notifier.server";
import { readSmallJson } from "#app/features/shared/small-request.server";
import { deDevices } from "#app/i18n/de-devices";

/**
 * `POST /melder/{token}/abo`: stores the browser's Web Push subscription (`PushSubscription.
 * toJSON()`: endpoint and keys) for the notifier; 400 with a German message for a bad one.
 */
const texts = deDevices.notifier;

function answer(status: number, message: string) {
  return Response.json({ message }, { status, headers: { "Cache-Control": "no-store" } });
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const device = await findNotifierByToken(context.db, params.token);
  if (!device) return answer(404, texts.notFound);
  return new Response(null, { status: 405, headers: { Allow: "POST" } });
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const device = await findNotifierByToken(context.db, params.token);
  if (!device) return answer(404, texts.notFound);
  if (request.method !== "POST") {
    return new Response(null, { status: 405, headers: { Allow: "POST" } });
  }
  const body = await readSmallJson(request);
  if (!body) return answer(400, texts.subscription.badBody);
  const parsed = await parseSubscription(body, context.config.pushEndpoints);
  if (!parsed.ok) return answer(400, parsed.message);
  await storeSubscription(context.db, device.id, parsed.value);
  return answer(201, texts.subscription.stored);
}
