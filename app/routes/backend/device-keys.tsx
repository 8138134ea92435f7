import { data } from "@remix-run/node";
import type { Route } from "#app/server/route-types";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { formatDateTime } from "#app/domain/format";
import { canAccessBranch } from "#app/domain/staff-permissions";
import { de } from "#app/i18n/de-staff";
import {
  listBranchApiKeys,
  makeDeviceKey,
  revokeDeviceKey,
} from "#app/features/devices/branch-api-keys.server";
import { readSmallForm } from "#app/features/shared/small-request.server";
import { Button, Notice, Select, TextInput } from "#app/components/ui";
import { firstMessage } from "#app/server/outcome";
import { referenceBranches, referenceSettings } from "#app/features/shared/reference-data.server";
import { requireBranch, requireStaff } from "#app/features/staff/staff-auth.server";
import { cleanLine, idSchema } from "#app/domain/values";
import { deTimeTracking } from "#app/i18n/de-time-tracking";
import { staffPageMeta } from "#app/components/backend/staff-page-meta";

/**
 * Keys for the counter devices (frontdesk and backoffice views): made per branch by its managers
 * and the administrators, shown once, revocable.
 */
const texts = de.deviceKeys;

export const meta: Route.MetaFunction = () => staffPageMeta(texts.title);

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireStaff(request, context, { roles: ["ROLE_MANAGER"] });
  const [branches, settings] = await Promise.all([
    referenceBranches(context.db).then((all) =>
      all.filter((branch) => canAccessBranch(user, branch.id)),
    ),
    referenceSettings(context.db),
  ]);
  const zone = settings.businessTimeZone;
  return {
    /** The counter views answer 404 while the shop's switch is off (decision 033). */
    isSwitchedOff: !settings.enablePluginFrontdesk,
    branches: await Promise.all(
      branches.map(async (branch) => ({
        id: branch.id,
        name: branch.name,
        keys: (await listBranchApiKeys(context.db, branch.id)).map((key) => ({
          id: key.id,
          label: key.label,
          purpose: key.purpose,
          createdAt: formatDateTime(key.createdAt, zone),
          lastUsedAt: key.lastUsedAt ? formatDateTime(key.lastUsedAt, zone) : null,
          revokedAt: key.revokedAt ? formatDateTime(key.revokedAt, zone) : null,
        })),
      })),
    ),
  };
}

const actionSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("create"),
    branchId: idSchema,
    label: z
      .string()
      .transform(cleanLine)
      .pipe(z.string().min(1, texts.labelMissing).max(100, texts.labelTooLong)),
    /** A key opens the counter views or the branch's time clock (decision 058), never both. */
    purpose: z.enum(["orders", "time_clock"]).default("orders"),
  }),
  z.object({
    intent: z.literal("revoke"),
    branchId: idSchema,
    keyId: idSchema,
  }),
]);

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireStaff(request, context, { roles: ["ROLE_MANAGER"] });
  const form = await readSmallForm(request);
  if (!form) return data({ error: texts.badRequest }, { status: 400 });
  const parsed = actionSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) {
    return data({ error: parsed.error.issues[0]?.message ?? texts.badRequest }, { status: 400 });
  }
  const input = parsed.data;
  requireBranch(user, input.branchId);
  const branch = (await referenceBranches(context.db)).find((b) => b.id === input.branchId);
  if (!branch) return data({ error: texts.badRequest }, { status: 400 });
  const actor = { user, clientAddress: context.clientAddress };
  if (input.intent === "create") {
    const origin = context.config.publicOrigin;
    return { created: await makeDeviceKey(context.db, actor, branch.id, input, origin) };
  }
  const revoked = await revokeDeviceKey(context.db, actor, branch.id, input.keyId);
  if (!revoked.ok) return data({ error: firstMessage(revoked) }, { status: revoked.status });
  return { revoked: true };
}

export default function DeviceKeys() {
  const { branches, isSwitchedOff } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  return (
    <section aria-labelledby="keys-title">
      <h1 id="keys-title">{texts.title}</h1>
      <p>{texts.intro}</p>
      {isSwitchedOff ? <Notice tone="error">{texts.switchedOff}</Notice> : null}
      <Notice tone="error">{result && "error" in result ? result.error : null}</Notice>
      {result && "created" in result && result.created ? (
        <div role="status" className="ui-notice ui-notice-success">
          <p>{texts.createdOnce(result.created.label)}</p>
          {result.created.timeClock ? (
            <dl>
              <dt>{deTimeTracking.clock.title}</dt>
              <dd>
                <code>{result.created.timeClock}</code>
              </dd>
            </dl>
          ) : (
            <dl>
              <dt>{texts.frontdesk}</dt>
              <dd>
                <code>{result.created.frontdesk}</code>
              </dd>
              <dt>{texts.backoffice}</dt>
              <dd>
                <code>{result.created.backoffice}</code>
              </dd>
            </dl>
          )}
        </div>
      ) : null}
      <Notice>{result && "revoked" in result ? texts.revoked : null}</Notice>
      {branches.map((branch) => (
        <section key={branch.id} aria-labelledby={`branch-${branch.id}`}>
          <h2 id={`branch-${branch.id}`}>{branch.name}</h2>
          {branch.keys.length === 0 ? <p>{texts.none}</p> : null}
          <ul className="key-list">
            {branch.keys.map((key) => (
              <li key={key.id}>
                <strong>{key.label}</strong>
                {key.purpose === "time_clock" ? ` (${deTimeTracking.clock.title})` : null} ·{" "}
                {texts.created(key.createdAt)}
                {key.lastUsedAt ? ` · ${texts.lastUsed(key.lastUsedAt)}` : null}
                {key.revokedAt ? (
                  ` · ${texts.revokedAt(key.revokedAt)}`
                ) : (
                  <Form method="post" className="inline-form">
                    <input type="hidden" name="intent" value="revoke" />
                    <input type="hidden" name="branchId" value={branch.id} />
                    <input type="hidden" name="keyId" value={key.id} />
                    <Button type="submit" variant="secondary">
                      {texts.revoke(key.label)}
                    </Button>
                  </Form>
                )}
              </li>
            ))}
          </ul>
          <Form method="post" className="action-form">
            <input type="hidden" name="intent" value="create" />
            <input type="hidden" name="branchId" value={branch.id} />
            <TextInput
              id={`label-${branch.id}`}
              name="label"
              label={texts.label}
              required
              maxLength={100}
            />
            <Select
              id={`purpose-${branch.id}`}
              name="purpose"
              label={deTimeTracking.deviceKeyPurpose}
              defaultValue="orders"
              options={[
                { value: "orders", label: deTimeTracking.purposes.orders },
                { value: "time_clock", label: deTimeTracking.purposes.time_clock },
              ]}
            />
            <Button type="submit">{texts.create}</Button>
          </Form>
        </section>
      ))}
    </section>
  );
}
