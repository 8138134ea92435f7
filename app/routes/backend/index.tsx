import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { listBranchChoices } from "../../db/queries/users";
import { de } from "../../i18n/de-staff";
import { requireStaff } from "../../features/staff/staff-auth.server";

const texts = de.backOffice;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireStaff(request, context);
  const branches = await listBranchChoices(context.db);
  return {
    name: user.name,
    roles: user.roles.map((role) => texts.roles[role]),
    branches: user.isAdmin
      ? null
      : branches.filter((branch) => user.branchIds.includes(branch.id)).map((b) => b.name),
  };
}

export default function BackOfficeHome() {
  const { name, roles, branches } = useLoaderData<typeof loader>();
  return (
    <section>
      <h1>{texts.welcome(name)}</h1>
      <p>{texts.intro}</p>
      <dl className="backoffice-facts">
        <dt>{texts.yourRoles}</dt>
        <dd>{roles.join(", ")}</dd>
        <dt>{texts.yourBranches}</dt>
        <dd>{branches ? branches.join(", ") || de.format.empty : texts.allBranches}</dd>
      </dl>
    </section>
  );
}
