import type { Route } from "#app/server/route-types";
import { Link, useLoaderData } from "@remix-run/react";
import { ButtonLink, DataTable, Notice, Pagination } from "#app/components/ui";
import { ListSearch } from "#app/components/backend/list-search";
import { parseId } from "#app/domain/values";
import { de as backOffice } from "#app/i18n/de-backoffice";
import { getSettings } from "#app/db/queries/settings";
import { formatDateTime, formatTime } from "#app/domain/format";
import { canManageUser } from "#app/domain/staff-permissions";
import { de } from "#app/i18n/de-staff";
import { noticeFrom } from "#app/features/staff/backend-notices";
import { requireStaff } from "#app/features/staff/staff-auth.server";
import { listVisibleUsers } from "#app/features/staff/staff-users.server";
import { staffPageMeta } from "#app/components/backend/staff-page-meta";

const texts = de.users;
const list = backOffice.resources.list;
const SORTS = ["name", "email", "lastLogin"] as const;
type Sort = (typeof SORTS)[number];
const PAGE_SIZE = 25;

export const meta: Route.MetaFunction = () => staffPageMeta(texts.listTitle);

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireStaff(request, context, { roles: ["ROLE_ADMIN", "ROLE_MANAGER"] });
  const now = new Date();
  const zone = (await getSettings(context.db)).businessTimeZone;
  const visible = await listVisibleUsers(context.db, user, now);
  // Search, sorting and paging as on every list of the back office (decision 035); the visible
  // users are few enough to be filtered here.
  const url = new URL(request.url);
  const search = (url.searchParams.get("suche") ?? "").trim().slice(0, 100);
  const needle = search.toLocaleLowerCase("de-DE");
  const sort = SORTS.includes(url.searchParams.get("sort") as Sort)
    ? (url.searchParams.get("sort") as Sort)
    : "name";
  const dir = url.searchParams.get("dir") === "desc" ? "desc" : "asc";
  const found = visible
    .filter(
      (row) =>
        !needle ||
        row.name.toLocaleLowerCase("de-DE").includes(needle) ||
        row.email.toLowerCase().includes(needle),
    )
    .sort((a, b) => {
      const key = (row: typeof a) =>
        sort === "lastLogin" ? String(row.lastLoginAt ?? "") : row[sort].toLocaleLowerCase("de-DE");
      const order = key(a).localeCompare(key(b), "de-DE");
      return dir === "asc" ? order : -order;
    });
  const pageCount = Math.max(1, Math.ceil(found.length / PAGE_SIZE));
  const page = Math.min(Math.max(parseId(url.searchParams.get("seite")) ?? 1, 1), pageCount);
  const users = found.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE);
  return {
    notice: noticeFrom(request),
    search,
    sort: { key: sort, dir } as const,
    paging: { page, pageCount, total: found.length },
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
  const { users, notice, search, sort, paging } = useLoaderData<typeof loader>();
  return (
    <section>
      <div className="backoffice-heading">
        <h1>{texts.listTitle}</h1>
        <ButtonLink to="/backend/users/new">{texts.newUser}</ButtonLink>
      </div>
      <Notice>{notice}</Notice>
      <ListSearch label={list.searchLabel(texts.listTitle)} search={search} />
      {users.length === 0 ? (
        <p>{search ? list.noHits : texts.empty}</p>
      ) : (
        <DataTable
          label={texts.listTitle}
          sort={sort}
          columns={[
            { key: "name", label: texts.name, sort: "name" },
            { key: "email", label: texts.email, sort: "email" },
            { key: "roles", label: texts.roles },
            { key: "branches", label: texts.branches },
            { key: "status", label: texts.status },
            { key: "lastLogin", label: texts.lastLogin, sort: "lastLogin" },
          ]}
        >
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
        </DataTable>
      )}
      <p className="resource-total">{list.total(paging.total)}</p>
      <Pagination page={paging.page} pageCount={paging.pageCount} />
    </section>
  );
}
