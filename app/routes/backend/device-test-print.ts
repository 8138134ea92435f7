import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import {
  testPrintPageAction,
  testPrintPageLoader,
} from "../../features/devices/devices-api.server";

/** `POST /backend/devices/{id}/testdruck`: the "Testdruck" button of a device's page. */
export const loader = ({ request, context, params }: LoaderFunctionArgs) =>
  testPrintPageLoader(request, context, params);
export const action = ({ request, context, params }: ActionFunctionArgs) =>
  testPrintPageAction(request, context, params);
