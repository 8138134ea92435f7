import {
  data,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { formatDateTime } from "../../domain/format";
import { canAccessBranch } from "../../domain/staff-permissions";
import { de } from "../../i18n/de-staff";
import {
  createBranchApiKey,
  listBranchApiKeys,
  revokeBranchApiKey,
} from "../../features/devices/branch-api-keys.server";
import { referenceBranches, referenceSettings } from "../../features/shared/reference-data.server";
import { audit, requireBranch, requireStaff } from "../../features/staff/staff-auth.server";
import { cleanLine, idSchema } from "../../domain/values";
import { deTimeTracking } from "../../i18n/de-time-tracking";
import { staffPageMeta } from "../../components/backend/staff-page-meta";

/**
 * Keys for the counter devices (frontdesk and backoffice views): made per branch by its managers
 * and the administrators, shown once, revocable.
 */
const texts = de.deviceKeys;

export const meta: MetaFunction = () => staffPageMeta(texts.title);

export async function loader({ request, context }: LoaderFunctionArgs) {
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

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireStaff(request, context, { roles: ["ROLE_MANAGER"] });
  let fields: Record<string, unknown>;
  try {
    fields = Object.fromEntries(await request.formData());
  } catch {
    return data({ error: texts.badRequest }, { status: 400 });
  }
  const parsed = actionSchema.safeParse(fields);
  if (!parsed.success) {
    return data({ error: parsed.error.issues[0]?.message ?? texts.badRequest }, { status: 400 });
  }
  const input = parsed.data;
  requireBranch(user, input.branchId);
  const branch = (await referenceBranches(context.db)).find((b) => b.id === input.branchId);
  if (!branch) return data({ error: texts.badRequest }, { status: 400 });
  if (input.intent === "create") {
    const made = await context.db.transaction().execute(async (trx) => {
      const created = await createBranchApiKey(trx, {
        branchId: branch.id,
        label: input.label,
        createdBy: user.id,
        purpose: input.purpose,
      });
      await audit(trx, {
        user,
        action: "device-key.create",
        entityType: "branch",
        entityId: branch.id,
        data: { keyId: created.id, label: input.label, purpose: input.purpose },
        context,
      });
      return created;
    });
    const origin = context.config.publicOrigin.replace(/\/+$/, "");
    if (input.purpose === "time_clock") {
      return {
        created: {
          label: input.label,
          timeClock: `${origin}/time-clock/${branch.id}/${made.key}`,
          frontdesk: null,
          backoffice: null,
        },
      };
    }
    return {
      created: {
        label: input.label,
        timeClock: null,
        frontdesk: `${origin}/orders/frontdesk/${branch.id}/${made.key}`,
        backoffice: `${origin}/orders/backoffice/${branch.id}/${made.key}`,
      },
    };
  }
  const revoked = await context.db.transaction().execute(async (trx) => {
    const done = await revokeBranchApiKey(trx, branch.id, input.keyId);
    await audit(trx, {
      user,
      action: "device-key.revoke",
      entityType: "branch",
      entityId: branch.id,
      data: { keyId: input.keyId, revoked: done },
      context,
    });
    return done;
  });
  return revoked ? { revoked: true } : data({ error: texts.notFound }, { status: 404 });
}

export default function DeviceKeys() {
  const { branches, isSwitchedOff } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  return (
    <section aria-labelledby="keys-title">
      <h1 id="keys-title">{texts.title}</h1>
      <p>{texts.intro}</p>
      {isSwitchedOff ? (
        <p className="notice notice-error" role="status">
          {texts.switchedOff}
        </p>
      ) : null}
      {result && "error" in result ? (
        <p role="alert" className="notice notice-error">
          {result.error}
        </p>
      ) : null}
      {result && "created" in result && result.created ? (
        <div role="status" className="notice">
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
      {result && "revoked" in result ? (
        <p role="status" className="notice">
          {texts.revoked}
        </p>
      ) : null}
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
                    <button type="submit" className="button secondary">
                      {texts.revoke(key.label)}
                    </button>
                  </Form>
                )}
              </li>
            ))}
          </ul>
          <Form method="post" className="action-form">
            <input type="hidden" name="intent" value="create" />
            <input type="hidden" name="branchId" value={branch.id} />
            <label htmlFor={`label-${branch.id}`}>{texts.label}</label>
            <input id={`label-${branch.id}`} name="label" required maxLength={100} />
            <label htmlFor={`purpose-${branch.id}`}>{deTimeTracking.deviceKeyPurpose}</label>
            <select id={`purpose-${branch.id}`} name="purpose" defaultValue="orders">
              <option value="orders">{deTimeTracking.purposes.orders}</option>
              <option value="time_clock">{deTimeTracking.purposes.time_clock}</option>
            </select>
            <button type="submit" className="button">
              {texts.create}
            </button>
          </Form>
        </section>
      ))}
    </section>
  );
}
