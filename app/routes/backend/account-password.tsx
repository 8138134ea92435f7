import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "@remix-run/node";
import type { Route } from "#app/server/route-types";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { FormMessage, TextField } from "#app/components/backend/form-parts";
import { Button, Notice } from "#app/components/ui";
import { de } from "#app/i18n/de-staff";
import { noticeFrom } from "#app/features/staff/backend-notices";
import { refusalReply } from "#app/features/staff/user-requests.server";
import { readSmallForm } from "#app/features/shared/small-request.server";
import { PASSWORD_MIN_LENGTH, passwordChangeSchema } from "#app/features/staff/staff-auth-schemas";
import { requireStaff } from "#app/features/staff/staff-auth.server";
import { signInSource, signedInHeaders } from "#app/features/staff/known-devices.server";
import { changeOwnPassword } from "#app/features/staff/staff-users.server";
import { staffPageMeta } from "#app/components/backend/staff-page-meta";

const texts = de.account;
const SECRET_FIELDS = ["currentPassword", "newPassword", "repeatPassword"];

export const meta: Route.MetaFunction = () => staffPageMeta(texts.passwordTitle);

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(request, context);
  return { notice: noticeFrom(request) };
}

/**
 * Every session of the user ends, this one too; this browser is signed in again with a new one
 * (docs/decisions/028).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireStaff(request, context);
  const form = await readSmallForm(request);
  if (!form) return data({ result: null, message: de.staffAuth.badRequest }, 400);
  const submission = parseWithZod(form, { schema: passwordChangeSchema });
  if (submission.status !== "success") {
    return data({ result: submission.reply({ hideFields: SECRET_FIELDS }), message: null }, 400);
  }
  const changed = await changeOwnPassword(
    context.db,
    user,
    submission.value,
    await signInSource(request, context),
  );
  if (!changed.ok) {
    return data(
      { result: refusalReply(submission, changed, SECRET_FIELDS), message: null },
      changed.status,
    );
  }
  const headers = await signedInHeaders(context, changed.value);
  return redirect("/backend/account/password?hinweis=geaendert", { status: 303, headers });
}

export default function ChangePassword() {
  const { notice } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "passwort-aendern",
    lastResult: actionData?.result,
    constraint: getZodConstraint(passwordChangeSchema),
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: passwordChangeSchema }),
  });
  return (
    <section>
      <h1>{texts.passwordTitle}</h1>
      <Notice>{notice}</Notice>
      <Notice tone="error">{actionData?.message}</Notice>
      <div className="backoffice-panel">
        <Form method="post" {...getFormProps(form)} className="form-stack">
          <FormMessage form={form} />
          <TextField
            field={fields.currentPassword}
            label={texts.currentPassword}
            type="password"
            autoComplete="current-password"
          />
          <TextField
            field={fields.newPassword}
            label={texts.newPassword}
            type="password"
            hint={de.users.passwordHint(PASSWORD_MIN_LENGTH)}
            autoComplete="new-password"
          />
          <TextField
            field={fields.repeatPassword}
            label={texts.repeatPassword}
            type="password"
            autoComplete="new-password"
          />
          <div>
            <Button type="submit" disabled={navigation.state === "submitting"}>
              {texts.submit}
            </Button>
          </div>
        </Form>
      </div>
    </section>
  );
}
