import type { Route } from "#app/server/route-types";
import { epsonSdpRequest } from "#app/features/devices/epson-sdp.server";
import { de } from "#app/i18n/de";
import { problem } from "#app/server/outcome";

/**
 * Epson Server Direct Print (decision 063): the printer's own address, named by its device token
 * (no staff session). It only POSTs form data (GetRequest, SetResponse, SetStatus).
 */
export const loader = () =>
  problem(405, de.errors.methodNotAllowed, { headers: { Allow: "POST" } });

export const action = ({ request, context, params }: Route.ActionArgs) => {
  if (request.method !== "POST") return loader();
  return epsonSdpRequest(context.db, params.deviceToken, request, context.config);
};
