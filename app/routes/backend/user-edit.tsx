import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "@remix-run/node";
import type { Route } from "#app/server/route-types";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import {
  AccessSection,
  DeleteSection,
  PasswordSection,
  SectionMessage,
  SessionsSection,
} from "#app/components/backend/user-account-sections";
import { UserForm } from "#app/components/backend/user-form";
import { Notice } from "#app/components/ui";
import { canManageUser } from "#app/domain/staff-permissions";
import { de } from "#app/i18n/de-staff";
import { noticeFrom } from "#app/features/staff/backend-notices";
import {
  MANAGER_ROLES,
  attemptSource,
  formChoices,
  refusalReply,
} from "#app/features/staff/user-requests.server";
import { readSmallForm } from "#app/features/shared/small-request.server";
import { setPasswordSchema, userSchema } from "#app/features/staff/staff-auth-schemas";
import { forbidden, requireStaff, type StaffUser } from "#app/features/staff/staff-auth.server";
import {
  deleteUser,
  loadUser,
  sendUserLoginLink,
  setUserLocked,
  signOutEverywhere,
  userView,
  userVersion,
  setUserPassword,
  updateUser,
} from "#app/features/staff/staff-users.server";
import { parseId } from "#app/domain/values";
import { firstMessage, type Refusal } from "#app/server/outcome";
import { staffPageMeta } from "#app/components/backend/staff-page-meta";

const texts = de.users;

export const meta: Route.MetaFunction<typeof loader> = ({ data }) =>
  staffPageMeta(data ? texts.editTitle(data.user.name) : texts.listTitle);

const notFound = () => new Response(null, { status: 404, statusText: "Not Found" });

function userIdOf(params: Route.LoaderArgs["params"]): number {
  const id = parseId(params.userId);
  if (id === null) throw notFound();
  return id;
}

/** The user behind the address, if the signed-in member may manage them (else 403 or 404). */
async function manageableUser(context: Route.LoaderArgs["context"], actor: StaffUser, id: number) {
  const loaded = await loadUser(context.db, actor, id);
  if (!loaded.ok) throw loaded.status === 404 ? notFound() : forbidden("page");
  if (!canManageUser(actor, loaded.value)) throw forbidden("page");
  return loaded.value;
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const actor = await requireStaff(request, context, { roles: MANAGER_ROLES });
  const user = await manageableUser(context, actor, userIdOf(params));
  const url = new URL(request.url);
  const hint = url.searchParams.get("hinweis");
  const { activeSessions } = await userView(context.db, user, new Date());
  const version = await userVersion(context.db, user.id, false);
  return {
    notice: hint === "link" ? texts.linkSent(user.email) : noticeFrom(request),
    activeSessions,
    version,
    /** "Überall abmelden" asks once more on the page itself (works without JavaScript). */
    confirmSignOut: url.searchParams.get("bestaetigen") === "abmelden",
    user: {
      id: user.id,
      name: user.name,
      email: user.email,
      isLocked: user.isLocked,
      roles: user.roles,
      branchIds: user.branchIds.map(String),
    },
    choices: await formChoices(context, actor),
  };
}

type Intent =
  "save" | "lock" | "unlock" | "set-password" | "send-link" | "sign-out-everywhere" | "delete";

export async function action({ request, params, context }: Route.ActionArgs) {
  const actor = await requireStaff(request, context, { roles: MANAGER_ROLES });
  const id = userIdOf(params);
  const form = await readSmallForm(request);
  if (!form) return data({ intent: null, result: null, message: de.staffAuth.badRequest }, 400);
  const intent = form.get("intent") as Intent | null;
  const source = attemptSource(context);
  const here = `/backend/users/${id}`;
  const refused = (refusal: Refusal) =>
    data(
      { intent, result: null, message: firstMessage(refusal) || texts.errors.update },
      refusal.status,
    );

  switch (intent) {
    case "save": {
      const submission = parseWithZod(form, { schema: userSchema });
      if (submission.status !== "success") {
        return data({ intent, result: submission.reply(), message: null }, 400);
      }
      const version = form.get("version");
      const updated = await updateUser(
        context.db,
        actor,
        id,
        submission.value,
        source,
        typeof version === "string" && version ? version : null,
      );
      if (!updated.ok) {
        return data(
          { intent, result: refusalReply(submission, updated), message: null },
          updated.status,
        );
      }
      return redirect(`${here}?hinweis=gespeichert`, 303);
    }
    case "lock":
    case "unlock": {
      const changed = await setUserLocked(context.db, actor, id, intent === "lock", source);
      if (!changed.ok) return refused(changed);
      return redirect(`${here}?hinweis=${intent === "lock" ? "gesperrt" : "entsperrt"}`, 303);
    }
    case "set-password": {
      const submission = parseWithZod(form, { schema: setPasswordSchema });
      if (submission.status !== "success") {
        return data(
          { intent, result: submission.reply({ hideFields: ["password"] }), message: null },
          400,
        );
      }
      const changed = await setUserPassword(
        context.db,
        actor,
        id,
        submission.value.password,
        source,
      );
      if (!changed.ok) return refused(changed);
      return redirect(`${here}?hinweis=passwort`, 303);
    }
    case "send-link": {
      const sent = await sendUserLoginLink(
        context.db,
        actor,
        id,
        context.config.publicOrigin,
        source,
      );
      if (!sent.ok) return refused(sent);
      if (!sent.value.sent) return data({ intent, result: null, message: texts.linkLimit }, 429);
      return redirect(`${here}?hinweis=link`, 303);
    }
    case "sign-out-everywhere": {
      if (form.get("confirm") !== "ja") {
        return data({ intent, result: null, message: texts.errors.confirmSignOut }, 400);
      }
      const ended = await signOutEverywhere(context.db, actor, id, source);
      if (!ended.ok) return refused(ended);
      return redirect(`${here}?hinweis=abgemeldet`, 303);
    }
    case "delete": {
      if (form.get("confirm") !== "ja") {
        return data({ intent, result: null, message: texts.errors.confirmDelete }, 400);
      }
      const deleted = await deleteUser(context.db, actor, id, source);
      if (!deleted.ok) return refused(deleted);
      return redirect("/backend/users?hinweis=geloescht", 303);
    }
    default:
      return data({ intent: null, result: null, message: texts.errors.unknownAction }, 400);
  }
}

export default function EditUser() {
  const { user, choices, notice, activeSessions, confirmSignOut, version } =
    useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const messageFor = (intents: Intent[]) =>
    actionData && intents.includes(actionData.intent as Intent) ? actionData.message : null;
  return (
    <section>
      <p>
        <Link to="/backend/users">{texts.backToList}</Link>
      </p>
      <h1>{texts.editTitle(user.name)}</h1>
      <Notice>{notice}</Notice>
      {actionData?.intent === null && actionData.message ? (
        <SectionMessage text={actionData.message} />
      ) : null}

      <div className="backoffice-panel">
        <SectionMessage text={messageFor(["save"])} />
        <UserForm
          mode="edit"
          choices={choices}
          defaultValue={user}
          lastResult={actionData?.intent === "save" ? actionData.result : null}
          version={version}
        />
      </div>
      <AccessSection
        isLocked={user.isLocked}
        message={messageFor(["lock", "unlock", "send-link"])}
      />
      <PasswordSection
        lastResult={actionData?.intent === "set-password" ? actionData.result : null}
        message={messageFor(["set-password"])}
      />
      <SessionsSection
        user={user}
        activeSessions={activeSessions}
        confirming={confirmSignOut}
        message={messageFor(["sign-out-everywhere"])}
      />
      <DeleteSection message={messageFor(["delete"])} />
    </section>
  );
}
