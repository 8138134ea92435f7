import { data, redirect } from "@remix-run/node";
import type { Route } from "#app/server/route-types";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { Button } from "#app/components/ui/button";
import { Notice } from "#app/components/ui/notice";
import { Select, TextInput } from "#app/components/ui/field";
import { canAccessBranch } from "#app/domain/staff-permissions";
import { de as deBackOffice } from "#app/i18n/de-backoffice";
import { deSignage } from "#app/i18n/de-signage";
import { referenceBranches } from "#app/features/shared/reference-data.server";
import { requireStaff } from "#app/features/staff/staff-auth.server";
import { readPairInput } from "#app/features/signage/pairing-input.server";
import { pairDevice } from "#app/features/signage/signage.server";
import { staffPageMeta } from "#app/components/backend/staff-page-meta";

/** "TV koppeln" (decision 060): the code from the screen, a name, the branch and the stream. */
const texts = deSignage.pairing;

export const meta: Route.MetaFunction = () => staffPageMeta(texts.title);

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireStaff(request, context, { roles: ["ROLE_MANAGER"] });
  const [branches, streams] = await Promise.all([
    referenceBranches(context.db).then((all) =>
      all.filter((branch) => canAccessBranch(user, branch.id)),
    ),
    context.db.selectFrom("signageStreams").select(["id", "name"]).orderBy("name").execute(),
  ]);
  return {
    branches: branches.map((branch) => ({ value: String(branch.id), label: branch.name })),
    streams: streams.map((stream) => ({ value: String(stream.id), label: stream.name })),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireStaff(request, context, { roles: ["ROLE_MANAGER"] });
  const form = await request.formData();
  const body = Object.fromEntries(
    ["code", "name", "branchId", "streamId"].map((name) => [name, form.get(name) ?? undefined]),
  );
  const input = readPairInput(body);
  const values = Object.fromEntries(
    Object.entries(body).map(([key, value]) => [key, typeof value === "string" ? value : ""]),
  );
  if (!input.ok) return data({ errors: input.errors, values }, { status: 400 });
  const outcome = await pairDevice(context.db, user, input.value, context.clientAddress);
  if (!outcome.ok) return data({ errors: outcome.errors, values }, { status: outcome.status });
  return redirect(`/backend/digital-signage-devices?hinweis=gekoppelt`, { status: 303 });
}

export default function SignagePairPage() {
  const { branches, streams } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const errorOf = (field: string) =>
    answer?.errors.find((problem) => problem.field === field)?.message ?? null;
  const values = answer?.values ?? {};
  return (
    <section className="resource-page">
      <h1>{texts.title}</h1>
      <p>{texts.intro}</p>
      {answer ? <Notice tone="error">{answer.errors[0]?.message}</Notice> : null}
      <Form method="post" className="resource-form">
        <TextInput
          id="code"
          name="code"
          label={texts.code}
          error={errorOf("code")}
          required
          maxLength={20}
          autoComplete="off"
          autoCapitalize="characters"
          defaultValue={values.code}
        />
        <TextInput
          id="name"
          name="name"
          label={texts.name}
          error={errorOf("name")}
          required
          maxLength={80}
          defaultValue={values.name}
        />
        <Select
          id="branchId"
          name="branchId"
          label={texts.branch}
          error={errorOf("branchId")}
          options={branches}
          defaultValue={values.branchId}
        />
        <Select
          id="streamId"
          name="streamId"
          label={texts.stream}
          error={errorOf("streamId")}
          options={[{ value: "", label: deBackOffice.fields.none }, ...streams]}
          defaultValue={values.streamId}
        />
        <Button type="submit">{texts.submit}</Button>
      </Form>
    </section>
  );
}
