import type { Route } from "#app/server/route-types";
import { unknownKeysAnswer } from "#app/server/unknown-keys";
import { requireStaff } from "#app/features/staff/staff-auth.server";
import { problems } from "#app/features/backoffice/resource-api.server";
import { readPairInput } from "#app/features/signage/pairing-input.server";
import { pairDevice } from "#app/features/signage/signage.server";
import { deSignage } from "#app/i18n/de-signage";

/**
 * `POST /api/digital-signage-devices/pair` `{ code, name, branchId, streamId }`: pairs the TV
 * showing the code as a new device (decision 060); 201 with the device, 400 for a wrong code,
 * 429 after too many.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireStaff(request, context, { roles: ["ROLE_MANAGER"] });
  if (request.method !== "POST") return problems(405, [{ message: deSignage.events.method }]);
  let body: unknown;
  try {
    body = JSON.parse(await request.text());
  } catch {
    return problems(400, [{ message: deSignage.events.badBody }]);
  }
  if (body === null || typeof body !== "object" || Array.isArray(body)) {
    return problems(400, [{ message: deSignage.events.badBody }]);
  }
  const unknown = unknownKeysAnswer(body as Record<string, unknown>, {
    takes: ["code", "name", "branchId", "streamId"],
  });
  if (unknown) return unknown;
  const input = readPairInput(body as Record<string, unknown>);
  if (!input.ok) return problems(400, input.errors);
  const outcome = await pairDevice(context.db, user, input.value, context.clientAddress);
  if (!outcome.ok) return problems(outcome.status, outcome.errors);
  return Response.json({ data: { id: outcome.deviceId } }, { status: 201 });
}

export async function loader({ request, context }: Route.ActionArgs) {
  await requireStaff(request, context, { roles: ["ROLE_MANAGER"] });
  return problems(405, [{ message: deSignage.events.method }]);
}
