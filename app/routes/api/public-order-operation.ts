import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import {
  acceptCounterAppointment,
  submitQuestionnaire,
} from "../../features/orders/order-status.server";
import {
  apiBadRequest,
  apiMethodNotAllowed,
  apiNotFound,
  changeResponse,
  validationErrors,
} from "../../features/orders/public-order-api.server";
import { questionnaireSchema } from "../../features/orders/questionnaire-schema";
import { declineCounterAppointmentWithRefund } from "../../features/orders/refund.server";
import { readSmallBody, readSmallJson } from "../../features/shared/small-request.server";

/**
 * `POST /api/orders/public/{uid}/{hash}/confirm-counter-appointment`, `…/reject-counter-appointment`
 * (empty body) and `…/questionnaire` (JSON: rating, foodRating, serviceRating, processRating,
 * comment). The same services as the status page's forms, so both behave alike.
 */
export async function action({ request, params, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return apiMethodNotAllowed("POST");
  const address = { uid: params.uid ?? "", hash: params.hash ?? "" };
  switch (params.operation) {
    case "confirm-counter-appointment":
    case "reject-counter-appointment": {
      // The body is meant to be empty; it is read (within limits) and ignored.
      if ((await readSmallBody(request)) === null) return apiBadRequest();
      return changeResponse(
        params.operation === "confirm-counter-appointment"
          ? await acceptCounterAppointment(context.db, address)
          : await declineCounterAppointmentWithRefund(context, address),
      );
    }
    case "questionnaire": {
      const body = await readSmallJson(request);
      if (!body) return apiBadRequest();
      const parsed = questionnaireSchema.safeParse({
        ...body,
        comment: body.comment === null ? undefined : body.comment,
      });
      if (!parsed.success) return validationErrors(parsed.error);
      return changeResponse(
        await submitQuestionnaire(context.db, address, parsed.data, new Date()),
      );
    }
    default:
      return apiNotFound();
  }
}

const OPERATIONS = new Set([
  "confirm-counter-appointment",
  "reject-counter-appointment",
  "questionnaire",
]);

export function loader({ params }: LoaderFunctionArgs) {
  return OPERATIONS.has(params.operation ?? "") ? apiMethodNotAllowed("POST") : apiNotFound();
}
