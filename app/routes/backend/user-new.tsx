import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "@remix-run/node";
import type { Route } from "#app/server/route-types";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { UserForm } from "#app/components/backend/user-form";
import { de } from "#app/i18n/de-staff";
import {
  MANAGER_ROLES,
  attemptSource,
  formChoices,
  refusalReply,
} from "#app/features/staff/user-requests.server";
import { readSmallForm } from "#app/features/shared/small-request.server";
import { newUserSchema } from "#app/features/staff/staff-auth-schemas";
import { requireStaff } from "#app/features/staff/staff-auth.server";
import { createUser } from "#app/features/staff/staff-users.server";
import { staffPageMeta } from "#app/components/backend/staff-page-meta";

const texts = de.users;

export const meta: Route.MetaFunction = () => staffPageMeta(texts.newUser);

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireStaff(request, context, { roles: MANAGER_ROLES });
  return { choices: await formChoices(context, user) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireStaff(request, context, { roles: MANAGER_ROLES });
  const form = await readSmallForm(request);
  if (!form) return data({ result: null, message: de.staffAuth.badRequest }, 400);
  const submission = parseWithZod(form, { schema: newUserSchema });
  if (submission.status !== "success") {
    return data({ result: submission.reply({ hideFields: ["password"] }), message: null }, 400);
  }
  const created = await createUser(context.db, user, submission.value, attemptSource(context));
  if (!created.ok) {
    return data(
      { result: refusalReply(submission, created, ["password"]), message: null },
      created.status,
    );
  }
  return redirect(`/backend/users/${created.value.id}?hinweis=angelegt`, 303);
}

export default function NewUser() {
  const { choices } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <section>
      <p>
        <Link to="/backend/users">{texts.backToList}</Link>
      </p>
      <h1>{texts.newUser}</h1>
      {actionData?.message ? (
        <p className="form-error" role="alert">
          {actionData.message}
        </p>
      ) : null}
      <div className="backoffice-panel">
        <UserForm mode="create" choices={choices} lastResult={actionData?.result} />
      </div>
    </section>
  );
}
