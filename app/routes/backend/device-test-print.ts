import { redirect } from "@remix-run/node";
import type { Route } from "#app/server/route-types";
import { mayUse } from "#app/features/backoffice/resource.server";
import { testPrint, visibleDevice } from "#app/features/devices/device-tests.server";
import { devicesResource } from "#app/features/devices/devices.resource";
import { forbidden, requireStaff } from "#app/features/staff/staff-auth.server";
import { parseId } from "#app/domain/values";

/** `POST /backend/devices/{id}/testdruck`: the "Testdruck" button of a device's page. */
export async function action({ request, context, params }: Route.ActionArgs) {
  const user = await requireStaff(request, context);
  if (!mayUse(devicesResource, user)) throw forbidden("page");
  const device = await visibleDevice(context.db, user, params.id);
  if (!device.ok && device.status === 404) {
    throw new Response(null, { status: 404, statusText: "Not Found" });
  }
  if (!device.ok) throw forbidden("page");
  const outcome = await testPrint(context.db, device.value);
  return redirect(`/backend/devices/${device.value.id}?hinweis=testdruck-${outcome.key}`);
}

/** A GET of the button's address: the device's own page. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = await requireStaff(request, context);
  if (!mayUse(devicesResource, user)) throw forbidden("page");
  return redirect(`/backend/devices/${parseId(params.id) ?? 0}`);
}
