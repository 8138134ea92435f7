import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useLocation } from "@remix-run/react";
import { FilterBar, Notice } from "../../components/ui";
import { resourceLinks } from "../../components/backend/resource-styles";
import { activitiesPage } from "../../features/time-tracking/time-tracking-routes.server";
import { deTimeTracking as de } from "../../i18n/de-time-tracking";
import { staffPageMeta } from "../../components/backend/staff-page-meta";

/**
 * "Zeiterfassung" (decision 058): the working activities of the manager's branches for the chosen
 * days, the Arbeitszeitgesetz's findings above them, each activity with its correction page.
 */
export const links: LinksFunction = () => resourceLinks();

export const meta: MetaFunction = () => staffPageMeta(de.list.title);

export const loader = ({ request, context }: LoaderFunctionArgs) =>
  activitiesPage(request, context);

export default function WorkingActivities() {
  const { branches, form, problem, rows, violations, notice } = useLoaderData<typeof loader>();
  const location = useLocation();
  return (
    <section>
      <div className="backoffice-heading">
        <h1>{de.list.title}</h1>
        <Link to={`/backend/working-activities/new?tag=${form.von}`} className="ui-button">
          {de.add.link}
        </Link>
        <Link to="/backend/clock-credentials" className="ui-button ui-button-secondary">
          {de.credentials.link}
        </Link>
      </div>
      <FilterBar label={de.list.filter} resetHref={location.pathname} submitLabel={de.list.show}>
        <div className="ui-field">
          <label htmlFor="von">{de.list.from}</label>
          <input id="von" name="von" type="date" defaultValue={form.von} />
        </div>
        <div className="ui-field">
          <label htmlFor="bis">{de.list.to}</label>
          <input id="bis" name="bis" type="date" defaultValue={form.bis} />
        </div>
        <div className="ui-field">
          <label htmlFor="filiale">{de.list.branch}</label>
          <select id="filiale" name="filiale" defaultValue={form.filiale}>
            <option value="">{de.list.allBranches}</option>
            {branches.map((branch) => (
              <option key={branch.id} value={branch.id}>
                {branch.name}
              </option>
            ))}
          </select>
        </div>
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
        <div
          className="table-scroll"
          role="region"
          aria-label={de.list.title}
          // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
          tabIndex={0}
        >
          <table className="data-table">
            <caption className="visually-hidden">{de.list.title}</caption>
            <thead>
              <tr>
                <th scope="col">{de.list.person}</th>
                <th scope="col">{de.list.day}</th>
                <th scope="col">{de.list.start}</th>
                <th scope="col">{de.list.end}</th>
                <th scope="col">{de.list.pauses}</th>
                <th scope="col">{de.list.worked}</th>
                <th scope="col">{de.list.branch}</th>
                <th scope="col">
                  <span className="visually-hidden">{de.list.edit}</span>
                </th>
              </tr>
            </thead>
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
        </div>
      )}
    </section>
  );
}
