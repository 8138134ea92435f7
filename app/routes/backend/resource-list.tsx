import type { Route } from "#app/server/route-types";
import { Link, useLoaderData, useLocation } from "@remix-run/react";
import {
  ButtonLink,
  DataTable,
  FilterBar,
  Notice,
  Pagination,
  Select,
  TextInput,
} from "#app/components/ui";
import { resourceListLoader } from "#app/features/backoffice/resource-pages.server";
import { resourceAt } from "#app/features/resources.server";
import { RowActions } from "#app/components/backend/row-actions";
import { useLiveList } from "#app/components/backend/use-live-list";
import { deCatalogue } from "#app/i18n/de-catalogue";
import { de } from "#app/i18n/de-backoffice";
import { de as staff } from "#app/i18n/de-staff";
import { deTables } from "#app/i18n/de-tables";
import { resourceLinks } from "#app/components/backend/resource-styles";
import { staffPageMeta } from "#app/components/backend/staff-page-meta";

export const links = resourceLinks;

/** The list page of every back-office resource: `/backend/<resource>` (decision 035). */
export const loader = ({ request, context }: Route.LoaderArgs) =>
  resourceListLoader(request, context, resourceAt(request));

export const meta: Route.MetaFunction<typeof loader> = ({ data }) =>
  staffPageMeta(data?.texts.plural ?? "");

const texts = de.resources.list;

export default function ResourceList() {
  const {
    name,
    texts: names,
    canCreate,
    notice,
    search,
    branchFilter,
    branchChoices,
    filters,
    standingNotice,
    columns,
    rows,
    paging,
    hasRowActions,
  } = useLoaderData<typeof loader>();
  const location = useLocation();
  // The task list follows every change of a task (spec section 4, decision 061).
  useLiveList(name === "tasks" ? "/backend/tasks/events" : null);
  return (
    <section className="resource-list">
      <div className="backoffice-heading">
        <h1>{names.plural}</h1>
        {canCreate ? <ButtonLink to={`/backend/${name}/new`}>{names.newTitle}</ButtonLink> : null}
        {name === "tables" ? (
          <ButtonLink
            variant="secondary"
            to={`/backend/tables/qr-codes${branchFilter ? `?filiale=${branchFilter}` : ""}`}
          >
            {deTables.sheetLink}
          </ButtonLink>
        ) : null}
      </div>
      <Notice>{notice}</Notice>
      {standingNotice ? (
        <Notice tone="info" announce={false}>
          {standingNotice.message}{" "}
          <Link to={standingNotice.link.href}>{standingNotice.link.label}</Link>
        </Notice>
      ) : null}
      <FilterBar label={texts.searchLabel(names.plural)} resetHref={location.pathname}>
        <TextInput
          id="suche"
          name="suche"
          type="search"
          label={texts.searchLabel(names.plural)}
          defaultValue={search}
          maxLength={100}
        />
        {branchChoices ? (
          <Select
            id="filiale"
            name="filiale"
            label={texts.branch}
            defaultValue={branchFilter}
            options={[{ value: "", label: staff.backOffice.allBranches }, ...branchChoices]}
          />
        ) : null}
        {filters.map((filter) => (
          <Select
            key={filter.param}
            id={filter.param}
            name={filter.param}
            label={filter.label}
            defaultValue={filter.value}
            options={filter.options}
          />
        ))}
      </FilterBar>
      {rows.length === 0 ? (
        <p>
          {search || branchFilter || filters.some((filter) => filter.value)
            ? texts.noHits
            : names.empty}
        </p>
      ) : (
        <DataTable
          label={names.plural}
          columns={[
            ...columns.map((column) => ({
              key: column.name,
              label: column.label,
              ...(column.sortable ? { sort: column.name } : {}),
            })),
            ...(hasRowActions ? [{ key: "actions", label: deCatalogue.soldOut.listActions }] : []),
          ]}
          sort={{ key: paging.sort, dir: paging.direction }}
        >
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
              {hasRowActions ? (
                <td>
                  <RowActions actions={row.actions} />
                </td>
              ) : null}
            </tr>
          ))}
        </DataTable>
      )}
      <p className="resource-total">{texts.total(paging.total)}</p>
      <Pagination page={paging.page} pageCount={paging.pageCount} />
    </section>
  );
}
