import type { ActionFunctionArgs } from "@remix-run/node";
import { epsonSdpRequest } from "../../features/devices/epson-sdp.server";

/**
 * Epson Server Direct Print (decision 063): the printer's own address, named by its device token
 * (no staff session). It only POSTs form data (GetRequest, SetResponse, SetStatus).
 */
export const loader = () =>
  Response.json(
    { errors: [{ message: "Diese Methode ist hier nicht erlaubt." }] },
    { status: 405, headers: { Allow: "POST" } },
  );

export const action = ({ request, context, params }: ActionFunctionArgs) => {
  if (request.method !== "POST") return loader();
  return epsonSdpRequest(context.db, params.deviceToken, request, context.config);
};
