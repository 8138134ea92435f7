import type { LoaderFunctionArgs } from "@remix-run/node";
import { templateImage } from "#app/features/templates/templates-routes.server";

/** `/backend/image-templates/{id}/bild.png?product=`: the rendered template (decision 041). */
export const loader = ({ request, context, params }: LoaderFunctionArgs) =>
  templateImage(request, context, params);
