import { data } from "@remix-run/node";
import type { Route } from "#app/server/route-types";
import { Link, useLoaderData, useLocation } from "@remix-run/react";
import { FilterBar, Notice, Select } from "#app/components/ui";
import { branchOptions, ColumnHeads, ScrollRegion } from "#app/components/backend/activity-fields";
import { resourceLinks } from "#app/components/backend/resource-styles";
import { activityList } from "#app/features/time-tracking/activities.server";
import { activityView, violationsView } from "#app/features/time-tracking/activity-views.server";
import { requireManager } from "#app/routes/time-tracking-requests.server";
import { ownBranches } from "#app/features/time-tracking/staff-scope.server";
import { firstMessage } from "#app/server/outcome";
import { deTimeTracking as de } from "#app/i18n/de-time-tracking";
import { staffPageMeta } from "#app/components/backend/staff-page-meta";
import { PageHeading } from "#app/components/backend/page-heading";

/**
 * "Zeiterfassung" (decision 058): the working activities of the manager's branches for the chosen
 * days, the Arbeitszeitgesetz's findings above them, each activity with its correction page.
 */
export const links: Route.LinksFunction = () => resourceLinks();

export const meta: Route.MetaFunction = () => staffPageMeta(de.list.title);

const NOTICES = {
  korrigiert: de.edit.saved,
  nachgetragen: de.add.saved,
  geloescht: de.edit.deleted,
};

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireManager(request, context);
  const search = new URL(request.url).searchParams;
  const branches = await ownBranches(context.db, user);
  const form = {
    von: search.get("von") ?? "",
    bis: search.get("bis") ?? "",
    filiale: search.get("filiale") ?? "",
  };
  const list = await activityList(context.db, user, search);
  if (!list.ok) {
    const page = { branches, form, problem: firstMessage(list), rows: [], violations: [] };
    return data({ ...page, notice: null }, { status: list.status });
  }
  const { filter, rows, violations } = list.value;
  const done = (Object.keys(NOTICES) as (keyof typeof NOTICES)[]).find(
    (key) => search.get(key) === "1",
  );
  return data({
    branches,
    form: { ...form, von: form.von || filter.from, bis: form.bis || filter.to },
    problem: null as string | null,
    rows: rows.map((row) => activityView(row, filter.zone)),
    violations: violationsView(violations),
    notice: done ? NOTICES[done] : null,
  });
}

export default function WorkingActivities() {
  const { branches, form, problem, rows, violations, notice } = useLoaderData<typeof loader>();
  const location = useLocation();
  return (
    <section>
      <PageHeading title={de.list.title}>
        <Link to={`/backend/working-activities/new?tag=${form.von}`} className="ui-button">
          {de.add.link}
        </Link>
        <Link to="/backend/clock-credentials" className="ui-button ui-button-secondary">
          {de.credentials.link}
        </Link>
      </PageHeading>
      <FilterBar label={de.list.filter} resetHref={location.pathname} submitLabel={de.list.show}>
        <div className="ui-field">
          <label htmlFor="von">{de.list.from}</label>
          <input id="von" name="von" type="date" defaultValue={form.von} />
        </div>
        <div className="ui-field">
          <label htmlFor="bis">{de.list.to}</label>
          <input id="bis" name="bis" type="date" defaultValue={form.bis} />
        </div>
        <Select
          id="filiale"
          name="filiale"
          label={de.list.branch}
          defaultValue={form.filiale}
          options={[{ value: "", label: de.list.allBranches }, ...branchOptions(branches)]}
        />
      </FilterBar>
      <Notice tone="success">{notice}</Notice>
      <Notice tone="error">{problem}</Notice>
      <section aria-labelledby="violations-title">
        <h2 id="violations-title">{de.list.violations}</h2>
        {violations.length === 0 ? (
          <p>{de.list.noViolations}</p>
        ) : (
          <ul data-testid="violations">
            {violations.map((person) =>
              person.items.map((item, index) => (
                <li key={`${person.userName}-${index}`}>
                  <strong>{person.userName}</strong>, {item.day}: {item.text}
                </li>
              )),
            )}
          </ul>
        )}
      </section>
      {rows.length === 0 ? (
        <p>{de.list.none}</p>
      ) : (
        <ScrollRegion label={de.list.title}>
          <table className="data-table">
            <caption className="visually-hidden">{de.list.title}</caption>
            <ColumnHeads
              labels={[
                de.list.person,
                de.list.day,
                de.list.start,
                de.list.end,
                de.list.pauses,
                de.list.worked,
                de.list.branch,
                <span key="edit" className="visually-hidden">
                  {de.list.edit}
                </span>,
              ]}
            />
            <tbody>
              {rows.map((row) => (
                <tr key={row.id}>
                  <td>{row.userName}</td>
                  <td>{row.date}</td>
                  <td>{row.start}</td>
                  <td>{row.end ?? de.list.running}</td>
                  <td>{row.pauses.join(", ")}</td>
                  <td>{row.worked}</td>
                  <td>{row.branchName}</td>
                  <td>
                    <Link
                      to={`/backend/working-activities/${row.id}`}
                      aria-label={`${de.list.edit}: ${row.userName}, ${row.date} ${row.start}`}
                    >
                      {de.list.edit}
                    </Link>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      )}
    </section>
  );
}
