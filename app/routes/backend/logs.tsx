import type { Route } from "#app/server/route-types";
import { Link, useLoaderData, useLocation } from "@remix-run/react";
import { buttonClass, FilterBar, Select } from "#app/components/ui";
import { logListView } from "#app/features/logs/log-views.server";
import { logFiltersFrom, mayReadLogs } from "#app/features/logs/logs.server";
import { forbidden, requireStaff } from "#app/features/staff/staff-auth.server";
import { de } from "#app/i18n/de-backoffice";
import { de as staff } from "#app/i18n/de-staff";
import { resourceLinks } from "#app/components/backend/resource-styles";
import { staffPageMeta } from "#app/components/backend/staff-page-meta";

export const links = resourceLinks;

const texts = de.logs;

export const meta: Route.MetaFunction = () => staffPageMeta(texts.title);

/** Every audited staff action, newest first, with filters (decision 035). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireStaff(request, context);
  if (!mayReadLogs(user)) throw forbidden(user.surface);
  const filters = logFiltersFrom(new URL(request.url).searchParams);
  return logListView(context.db, user, filters);
}

function Choice({
  id,
  label,
  value,
  empty,
  options,
}: {
  id: string;
  label: string;
  value: string;
  empty: string;
  options: { value: string; label: string }[];
}) {
  return (
    <Select
      id={id}
      name={id}
      label={label}
      defaultValue={value}
      options={[{ value: "", label: empty }, ...options]}
    />
  );
}

export default function Logs() {
  const { filters, choices, entries, next, isFirstPage } = useLoaderData<typeof loader>();
  const location = useLocation();
  const withCursor = (cursor: string | null) => {
    const params = new URLSearchParams(location.search);
    if (cursor) params.set("vor", cursor);
    else params.delete("vor");
    return `?${params.toString()}`;
  };
  return (
    <section>
      <div className="backoffice-heading">
        <h1>{texts.title}</h1>
      </div>
      <FilterBar label={texts.filterLabel} resetHref={location.pathname}>
        <Choice
          id="wer"
          label={texts.who}
          value={filters.wer}
          empty={texts.anyone}
          options={choices.users}
        />
        <Choice
          id="was"
          label={texts.what}
          value={filters.was}
          empty={texts.anything}
          options={choices.types}
        />
        <Choice
          id="filiale"
          label={texts.branch}
          value={filters.filiale}
          empty={staff.backOffice.allBranches}
          options={choices.branches}
        />
        <div className="ui-field">
          <label htmlFor="von">{texts.from}</label>
          <input id="von" name="von" type="date" defaultValue={filters.von} />
        </div>
        <div className="ui-field">
          <label htmlFor="bis">{texts.to}</label>
          <input id="bis" name="bis" type="date" defaultValue={filters.bis} />
        </div>
      </FilterBar>
      {entries.length === 0 ? (
        <p>{texts.empty}</p>
      ) : (
        <div className="table-scroll">
          <table className="data-table">
            <caption className="visually-hidden">{texts.title}</caption>
            <thead>
              <tr>
                <th scope="col">{texts.when}</th>
                <th scope="col">{texts.who}</th>
                <th scope="col">{texts.action}</th>
                <th scope="col">{texts.record}</th>
                <th scope="col">{texts.branch}</th>
              </tr>
            </thead>
            <tbody>
              {entries.map((entry) => (
                <tr key={entry.id}>
                  <th scope="row">
                    <Link
                      to={`/backend/logs/${entry.id}`}
                      aria-label={texts.details(entry.when, entry.id)}
                    >
                      {entry.when}
                    </Link>
                  </th>
                  <td>{entry.who}</td>
                  <td>{entry.action}</td>
                  <td>{entry.what}</td>
                  <td>{entry.branch}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <nav className="pagination" aria-label={de.resources.list.pagination}>
        {!isFirstPage ? (
          <Link to={withCursor(null)} className={buttonClass("secondary")}>
            {texts.newest}
          </Link>
        ) : null}
        {next ? (
          <Link to={withCursor(next)} rel="next" className={buttonClass("secondary")}>
            {texts.older}
          </Link>
        ) : null}
      </nav>
    </section>
  );
}
