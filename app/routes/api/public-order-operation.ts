import type { Route } from "#app/server/route-types";
import { unknownKeysAnswer } from "#app/server/unknown-keys";
import {
  acceptCounterAppointment,
  submitQuestionnaire,
} from "#app/features/orders/order-status.server";
import type { z } from "zod";
import type { OrderChangeResult } from "#app/features/orders/order-status.server";
import { publicOrder } from "#app/features/orders/order-status-view.server";
import { questionnaireSchema } from "#app/features/orders/questionnaire-schema";
import { declineCounterAppointmentWithRefund } from "#app/features/orders/refund.server";
import { readSmallBody, readSmallJson } from "#app/features/shared/small-request.server";
import { deOrderStatus } from "#app/i18n/de-order-status";
import { problem, problemAnswer } from "#app/server/outcome";

/**
 * The public order API's answers (spec section 7): `{ data }`, or the one JSON error answer, the
 * same 404 for a wrong hash as for an unknown uid.
 */
const errors = deOrderStatus.errors;
const notFound = () => problem(404, errors.notFound);
const badRequest = () => problem(400, errors.badRequest);
const methodNotAllowed = (allow: string) =>
  problem(405, errors.methodNotAllowed, { headers: { Allow: allow } });

/** The order as it is now, or why the change was refused. */
function changeAnswer(result: OrderChangeResult): Response {
  if (result.ok) return Response.json({ data: publicOrder(result.record) });
  if (result.status === 404) return notFound();
  return problem(400, result.message, result.field ? { field: result.field } : {});
}

/** A zod failure: one problem per issue, named by its top-level field. */
function validationAnswer(error: z.ZodError): Response {
  return problemAnswer({
    status: 400,
    errors: error.issues.map((issue) =>
      issue.path[0] === undefined
        ? { message: issue.message }
        : { message: issue.message, field: String(issue.path[0]) },
    ),
  });
}

/**
 * `POST /api/orders/public/{uid}/{hash}/confirm-counter-appointment`, `…/reject-counter-appointment`
 * (empty body) and `…/questionnaire` (JSON: rating, foodRating, serviceRating, processRating,
 * comment). The same services as the status page's forms, so both behave alike.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  const address = { uid: params.uid ?? "", hash: params.hash ?? "" };
  switch (params.operation) {
    case "confirm-counter-appointment":
    case "reject-counter-appointment": {
      // The body is meant to be empty; it is read (within limits) and ignored.
      if ((await readSmallBody(request)) === null) return badRequest();
      return changeAnswer(
        params.operation === "confirm-counter-appointment"
          ? await acceptCounterAppointment(context.db, address)
          : await declineCounterAppointmentWithRefund(context, address),
      );
    }
    case "questionnaire": {
      const body = await readSmallJson(request);
      if (!body) return badRequest();
      const unknown = unknownKeysAnswer(body, { takes: Object.keys(questionnaireSchema.shape) });
      if (unknown) return unknown;
      const parsed = questionnaireSchema.safeParse({
        ...body,
        comment: body.comment === null ? undefined : body.comment,
      });
      if (!parsed.success) return validationAnswer(parsed.error);
      return changeAnswer(await submitQuestionnaire(context.db, address, parsed.data, new Date()));
    }
    default:
      return notFound();
  }
}

const OPERATIONS = new Set([
  "confirm-counter-appointment",
  "reject-counter-appointment",
  "questionnaire",
]);

export function loader({ params }: Route.LoaderArgs) {
  return OPERATIONS.has(params.operation ?? "") ? methodNotAllowed("POST") : notFound();
}
