import type { Route } from "#app/server/route-types";
import { requireStaff } from "#app/features/staff/staff-auth.server";

/** An unknown back-office address: staff see 404 in the frame, anyone else the sign-in. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(request, context);
  throw new Response(null, { status: 404, statusText: "Not Found" });
}

export async function action({ request, context }: Route.LoaderArgs) {
  await requireStaff(request, context);
  throw new Response(null, { status: 404, statusText: "Not Found" });
}

export default function NotFound() {
  return null;
}
