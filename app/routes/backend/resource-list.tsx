import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useLocation } from "@remix-run/react";
import { Notice } from "../../components/backend/form-parts";
import { resourceListLoader } from "../../features/backoffice/resource-pages.server";
import { de } from "../../i18n/de-backoffice";
import { de as staff } from "../../i18n/de-staff";
import { resourceLinks } from "../../components/backend/resource-styles";

export const links = resourceLinks;

/** The list page of every back-office resource: `/backend/<resource>` (decision 035). */
export const loader = ({ request, context }: LoaderFunctionArgs) =>
  resourceListLoader(request, context);

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.texts.plural ?? ""} - ${staff.backOffice.title}` },
  { name: "robots", content: "noindex" },
];

const texts = de.resources.list;

export default function ResourceList() {
  const {
    name,
    texts: names,
    notice,
    search,
    branchFilter,
    branchChoices,
    columns,
    canCreate,
    rows,
    paging,
  } = useLoaderData<typeof loader>();
  const location = useLocation();
  const hrefWith = (changes: Record<string, string | null>) => {
    const params = new URLSearchParams(location.search);
    params.delete("hinweis");
    for (const [key, value] of Object.entries(changes)) {
      if (value === null) params.delete(key);
      else params.set(key, value);
    }
    const query = params.toString();
    return query ? `?${query}` : location.pathname;
  };
  return (
    <section className="resource-list">
      <div className="backoffice-heading">
        <h1>{names.plural}</h1>
        {canCreate ? (
          <Link to={`/backend/${name}/new`} className="button">
            {names.newTitle}
          </Link>
        ) : null}
      </div>
      <Notice text={notice} />
      <Form method="get" className="filter-bar" role="search">
        <div className="field">
          <label htmlFor="suche">{texts.searchLabel(names.plural)}</label>
          <input id="suche" name="suche" type="search" defaultValue={search} maxLength={100} />
        </div>
        {branchChoices ? (
          <div className="field">
            <label htmlFor="filiale">{texts.branch}</label>
            <select id="filiale" name="filiale" defaultValue={branchFilter}>
              <option value="">{staff.backOffice.allBranches}</option>
              {branchChoices.map((choice) => (
                <option key={choice.value} value={choice.value}>
                  {choice.label}
                </option>
              ))}
            </select>
          </div>
        ) : null}
        <div className="filter-actions">
          <button type="submit" className="button">
            {texts.filter}
          </button>
          {search || branchFilter ? (
            <Link to={location.pathname} className="button secondary">
              {texts.reset}
            </Link>
          ) : null}
        </div>
      </Form>
      {rows.length === 0 ? (
        <p>{search || branchFilter ? texts.noHits : names.empty}</p>
      ) : (
        <div className="table-scroll">
          <table className="data-table">
            <caption className="visually-hidden">{names.plural}</caption>
            <thead>
              <tr>
                {columns.map((column) => {
                  const active = paging.sort === column.name;
                  const next = active && paging.direction === "asc" ? "desc" : "asc";
                  return (
                    <th
                      key={column.name}
                      scope="col"
                      aria-sort={
                        active
                          ? paging.direction === "asc"
                            ? "ascending"
                            : "descending"
                          : undefined
                      }
                    >
                      {column.sortable ? (
                        <Link to={hrefWith({ sort: column.name, richtung: next, seite: null })}>
                          {column.label}
                          {active ? (paging.direction === "asc" ? " ▲" : " ▼") : null}
                        </Link>
                      ) : (
                        column.label
                      )}
                    </th>
                  );
                })}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.id}>
                  {row.cells.map((cell, index) =>
                    index === 0 ? (
                      <th key={index} scope="row">
                        <Link to={`/backend/${name}/${row.id}`} aria-label={texts.edit(row.title)}>
                          {cell}
                        </Link>
                      </th>
                    ) : (
                      <td key={index}>{cell}</td>
                    ),
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <nav className="pagination" aria-label={texts.pagination}>
        <span>{texts.total(paging.total)}</span>
        {paging.pageCount > 1 ? (
          <>
            {paging.page > 1 ? (
              <Link to={hrefWith({ seite: String(paging.page - 1) })} rel="prev">
                {texts.previous}
              </Link>
            ) : null}
            <span aria-current="page">{texts.page(paging.page, paging.pageCount)}</span>
            {paging.page < paging.pageCount ? (
              <Link to={hrefWith({ seite: String(paging.page + 1) })} rel="next">
                {texts.next}
              </Link>
            ) : null}
          </>
        ) : null}
      </nav>
    </section>
  );
}
