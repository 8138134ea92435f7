import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { Notice } from "../../components/backend/form-parts";
import { getSettings } from "../../db/queries/settings";
import { formatDateTime, formatTime } from "../../domain/format";
import { canManageUser } from "../../domain/staff-permissions";
import { de } from "../../i18n/de-staff";
import { noticeFrom } from "../../features/staff/backend-notices";
import { requireStaff } from "../../features/staff/staff-auth.server";
import { listVisibleUsers } from "../../features/staff/staff-users.server";

const texts = de.users;

export const meta: MetaFunction = () => [
  { title: `${texts.listTitle} - ${de.backOffice.title}` },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireStaff(request, context, { roles: ["ROLE_ADMIN", "ROLE_MANAGER"] });
  const now = new Date();
  const zone = (await getSettings(context.db)).businessTimeZone;
  const users = await listVisibleUsers(context.db, user, now);
  return {
    notice: noticeFrom(request),
    users: users.map((row) => ({
      id: row.id,
      name: row.name,
      email: row.email,
      isSelf: row.id === user.id,
      canEdit: canManageUser(user, { ...row, branchIds: row.branches.map((b) => b.id) }),
      roles: row.roles.map((role) => de.backOffice.roles[role]).join(", "),
      branches: row.roles.includes("ROLE_ADMIN")
        ? de.backOffice.allBranches
        : row.branches.map((branch) => branch.name).join(", ") || de.format.empty,
      status: row.isLocked
        ? texts.locked
        : row.blockedUntil
          ? texts.temporarilyBlocked(formatTime(new Date(row.blockedUntil), zone))
          : texts.active,
      lastLogin: row.lastLoginAt ? formatDateTime(new Date(row.lastLoginAt), zone) : texts.never,
    })),
  };
}

export default function UserList() {
  const { users, notice } = useLoaderData<typeof loader>();
  return (
    <section>
      <div className="backoffice-heading">
        <h1>{texts.listTitle}</h1>
        <Link to="/backend/users/new" className="button">
          {texts.newUser}
        </Link>
      </div>
      <Notice text={notice} />
      {users.length === 0 ? (
        <p>{texts.empty}</p>
      ) : (
        <div className="table-scroll">
          <table className="data-table">
            <thead>
              <tr>
                <th scope="col">{texts.name}</th>
                <th scope="col">{texts.email}</th>
                <th scope="col">{texts.roles}</th>
                <th scope="col">{texts.branches}</th>
                <th scope="col">{texts.status}</th>
                <th scope="col">{texts.lastLogin}</th>
              </tr>
            </thead>
            <tbody>
              {users.map((user) => (
                <tr key={user.id}>
                  <th scope="row">
                    {user.canEdit ? (
                      <Link to={`/backend/users/${user.id}`} aria-label={texts.edit(user.name)}>
                        {user.name}
                      </Link>
                    ) : (
                      user.name
                    )}
                    {user.isSelf ? ` ${texts.you}` : null}
                  </th>
                  <td>{user.email}</td>
                  <td>{user.roles}</td>
                  <td>{user.branches}</td>
                  <td>{user.status}</td>
                  <td>{user.lastLogin}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
