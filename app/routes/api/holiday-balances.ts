import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { balancesFor } from "../../features/time-tracking/plan-service.server";
import {
  jsonData,
  methodNotAllowed,
  requireManager,
} from "../../features/time-tracking/requests.server";
import { problemAnswer } from "../../server/outcome";

/** `GET /api/time-sheets/holiday-balances?year&branch&user` (issue 21, decision 059). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireManager(request, context);
  const balances = await balancesFor(context.db, user, new URL(request.url).searchParams);
  return balances.ok ? jsonData(balances.value) : problemAnswer(balances);
}

export async function action({ request, context }: ActionFunctionArgs) {
  await requireManager(request, context);
  return methodNotAllowed();
}
