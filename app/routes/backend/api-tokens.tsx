import { data } from "@remix-run/node";
import type { Route } from "#app/server/route-types";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import {
  Badge,
  Button,
  Checkbox,
  ConfirmAction,
  DataTable,
  Notice,
  TextInput,
} from "#app/components/ui";
import { FieldError } from "#app/components/ui/field";
import { staffPageMeta } from "#app/components/backend/staff-page-meta";
import { listApiTokens } from "#app/db/queries/api-tokens";
import type { Role } from "#app/db/schema";
import { formatDate, formatDateTime } from "#app/domain/format";
import { assignableRoles } from "#app/domain/staff-permissions";
import { cleanLine, idSchema } from "#app/domain/values";
import {
  API_TOKEN_MAX_DAYS,
  createApiToken,
  defaultExpiryDay,
  revokeApiToken,
} from "#app/features/staff/api-tokens.server";
import { requireStaff } from "#app/features/staff/staff-auth.server";
import { readSmallForm } from "#app/features/shared/small-request.server";
import { referenceBranches, referenceSettings } from "#app/features/shared/reference-data.server";
import { deApiTokens } from "#app/i18n/de-api-tokens";
import { de as deStaff } from "#app/i18n/de-staff";
import type { Problem } from "#app/server/outcome";

/**
 * "API-Zugänge" (issue 38, decisions 095 and 096): an administrator makes personal tokens for
 * themselves, sees each token once, and lists and revokes every token of the shop. Plain forms;
 * revoking asks once more (a page without JavaScript, a dialog with it).
 */
const texts = deApiTokens;
const roleNames = deStaff.backOffice.roles;

export const meta: Route.MetaFunction = () => staffPageMeta(texts.title);

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireStaff(request, context, { roles: ["ROLE_ADMIN"] });
  const now = new Date();
  const [settings, branches, tokens] = await Promise.all([
    referenceSettings(context.db),
    referenceBranches(context.db),
    listApiTokens(context.db),
  ]);
  const zone = settings.businessTimeZone;
  const branchName = new Map(branches.map((branch) => [branch.id, branch.name]));
  return {
    roles: assignableRoles(user).map((role) => ({ value: role, label: roleNames[role] })),
    branches: branches.map((branch) => ({ id: branch.id, name: branch.name })),
    defaultExpiry: defaultExpiryDay(now, zone),
    maxDays: API_TOKEN_MAX_DAYS,
    tokens: tokens.map((token) => ({
      id: token.id,
      name: token.name,
      owner: token.userId === user.id ? `${token.ownerName} ${deStaff.users.you}` : token.ownerName,
      scope: [
        token.roles.map((role) => roleNames[role]).join(", "),
        token.branchIds.length === 0
          ? texts.allBranches
          : token.branchIds.map((id) => branchName.get(id) ?? `#${id}`).join(", "),
      ].join(" · "),
      // The last day it works: the expiry is the start of the next day.
      expires: formatDate(new Date(token.expiresAt.getTime() - 1), zone),
      lastUsed: token.lastUsedAt ? formatDateTime(token.lastUsedAt, zone) : texts.never,
      status: token.revokedAt
        ? ("revoked" as const)
        : token.expiresAt <= now
          ? ("expired" as const)
          : ("active" as const),
    })),
  };
}

const createSchema = z.object({
  intent: z.literal("create"),
  name: z
    .string()
    .transform(cleanLine)
    .pipe(z.string().min(1, texts.errors.nameMissing).max(100, texts.errors.nameTooLong)),
  roles: z.array(z.enum(["ROLE_ADMIN", "ROLE_MANAGER", "ROLE_EMPLOYEE"])).max(3),
  branchIds: z.array(idSchema).max(1000),
  expiresOn: z.string().max(20),
});

const revokeSchema = z.object({ intent: z.literal("revoke"), tokenId: idSchema });

type ActionResult =
  { created: { name: string; token: string } } | { revoked: string } | { problems: Problem[] };

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireStaff(request, context, { roles: ["ROLE_ADMIN"] });
  const form = await readSmallForm(request);
  const bad = () =>
    data<ActionResult>({ problems: [{ message: texts.errors.badRequest }] }, { status: 400 });
  if (!form) return bad();
  const actor = { user, clientAddress: context.clientAddress };
  if (form.get("intent") === "revoke") {
    const parsed = revokeSchema.safeParse({ intent: "revoke", tokenId: form.get("tokenId") });
    if (!parsed.success) return bad();
    const revoked = await revokeApiToken(context.db, actor, parsed.data.tokenId);
    if (!revoked.ok) {
      return data<ActionResult>({ problems: [...revoked.errors] }, { status: revoked.status });
    }
    return data<ActionResult>({ revoked: revoked.value.name });
  }
  const parsed = createSchema.safeParse({
    intent: form.get("intent"),
    name: form.get("name") ?? "",
    roles: form.getAll("roles"),
    branchIds: form.getAll("branchIds"),
    expiresOn: form.get("expiresOn") ?? "",
  });
  if (!parsed.success) {
    return data<ActionResult>(
      {
        problems: parsed.error.issues.map((issue) => ({
          message: issue.message,
          field: String(issue.path[0] ?? ""),
        })),
      },
      { status: 400 },
    );
  }
  const zone = (await referenceSettings(context.db)).businessTimeZone;
  const made = await createApiToken(
    context.db,
    actor,
    {
      name: parsed.data.name,
      roles: [...new Set(parsed.data.roles)] as Role[],
      branchIds: [...new Set(parsed.data.branchIds)],
      expiresOn: parsed.data.expiresOn,
    },
    { zone },
  );
  if (!made.ok) {
    return data<ActionResult>({ problems: [...made.errors] }, { status: made.status });
  }
  return data<ActionResult>({ created: { name: made.value.name, token: made.value.token } });
}

const STATUS_TONES = { active: "success", expired: "neutral", revoked: "danger" } as const;

export default function ApiTokens() {
  const { roles, branches, defaultExpiry, maxDays, tokens } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const problems = result && "problems" in result ? result.problems : [];
  const fieldError = (field: string) =>
    problems.find((problem) => problem.field === field)?.message ?? null;
  return (
    <section aria-labelledby="tokens-title">
      <h1 id="tokens-title">{texts.title}</h1>
      <p>{texts.intro}</p>
      <Notice tone="error">{problems[0]?.message ?? null}</Notice>
      {result && "created" in result ? (
        <div role="status" className="ui-notice ui-notice-success">
          <p>{texts.createdOnce(result.created.name)}</p>
          <dl>
            <dt>{texts.tokenLabel}</dt>
            <dd>
              <code data-testid="api-token">{result.created.token}</code>
            </dd>
          </dl>
          <p>{texts.copyHint}</p>
        </div>
      ) : null}
      <Notice>{result && "revoked" in result ? texts.revoked(result.revoked) : null}</Notice>

      <h2>{texts.listTitle}</h2>
      {tokens.length === 0 ? (
        <p>{texts.none}</p>
      ) : (
        <DataTable
          label={texts.listTitle}
          columns={[
            { key: "name", label: texts.columns.name },
            { key: "owner", label: texts.columns.owner },
            { key: "scope", label: texts.columns.scope },
            { key: "expires", label: texts.columns.expires },
            { key: "lastUsed", label: texts.columns.lastUsed },
            { key: "status", label: texts.columns.status },
            { key: "actions", label: texts.columns.actions },
          ]}
        >
          {tokens.map((token) => (
            <tr key={token.id}>
              <th scope="row">{token.name}</th>
              <td>{token.owner}</td>
              <td>{token.scope}</td>
              <td>{token.expires}</td>
              <td>{token.lastUsed}</td>
              <td>
                <Badge tone={STATUS_TONES[token.status]}>{texts.status[token.status]}</Badge>
              </td>
              <td>
                {token.status === "active" ? (
                  <ConfirmAction
                    name={`widerrufen-${token.id}`}
                    label={texts.revoke}
                    question={texts.revokeQuestion(token.name)}
                    text={texts.revokeText}
                    confirmLabel={texts.revokeConfirm}
                    variant="secondary"
                  >
                    <input type="hidden" name="intent" value="revoke" />
                    <input type="hidden" name="tokenId" value={token.id} />
                  </ConfirmAction>
                ) : null}
              </td>
            </tr>
          ))}
        </DataTable>
      )}

      <h2 id="new-token-title">{texts.createTitle}</h2>
      <Form method="post" className="action-form" aria-labelledby="new-token-title">
        <input type="hidden" name="intent" value="create" />
        <TextInput
          id="token-name"
          name="name"
          label={texts.name}
          help={texts.nameHint}
          error={fieldError("name")}
          required
          maxLength={100}
        />
        <fieldset className="checkbox-group">
          <legend>{texts.roles}</legend>
          <p className="ui-field-help">{texts.rolesHint}</p>
          {roles.map((role) => (
            <Checkbox
              key={role.value}
              id={`token-role-${role.value}`}
              name="roles"
              value={role.value}
              label={role.label}
            />
          ))}
          <FieldError>{fieldError("roles")}</FieldError>
        </fieldset>
        <fieldset className="checkbox-group">
          <legend>{texts.branches}</legend>
          <p className="ui-field-help">{texts.branchesHint}</p>
          {branches.map((branch) => (
            <Checkbox
              key={branch.id}
              id={`token-branch-${branch.id}`}
              name="branchIds"
              value={String(branch.id)}
              label={branch.name}
            />
          ))}
          <FieldError>{fieldError("branchIds")}</FieldError>
        </fieldset>
        <TextInput
          id="token-expires"
          name="expiresOn"
          type="date"
          label={texts.expiresOn}
          help={texts.expiresHint(maxDays)}
          error={fieldError("expiresOn")}
          defaultValue={defaultExpiry}
          required
        />
        <Button type="submit">{texts.create}</Button>
      </Form>
    </section>
  );
}
