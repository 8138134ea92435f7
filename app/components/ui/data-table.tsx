import { Link, useLocation } from "@remix-run/react";
import type { ReactNode } from "react";

export interface Column {
  key: string;
  label: string;
  /** The value of `?sort=` for this column; the header becomes a sort link. */
  sort?: string;
  numeric?: boolean;
}

export interface SortState {
  key: string | null;
  dir: "asc" | "desc";
}

/** The address that sorts by `key`: ascending first, descending when it already is ascending. */
export function sortHref(
  pathname: string,
  search: string,
  key: string,
  current: SortState,
  params = { sort: "sort", dir: "dir", page: "seite" },
) {
  const query = new URLSearchParams(search);
  const dir = current.key === key && current.dir === "asc" ? "desc" : "asc";
  query.set(params.sort, key);
  query.set(params.dir, dir);
  query.delete(params.page);
  return `${pathname}?${query}`;
}

function SortHeader({
  column,
  sort,
  pageParam,
}: {
  column: Column & { sort: string };
  sort: SortState;
  pageParam: string;
}) {
  const location = useLocation();
  const active = sort.key === column.sort;
  const href = sortHref(location.pathname, location.search, column.sort, sort, {
    sort: "sort",
    dir: "dir",
    page: pageParam,
  });
  return (
    <th
      scope="col"
      className={column.numeric ? "ui-numeric" : undefined}
      aria-sort={active ? (sort.dir === "asc" ? "ascending" : "descending") : undefined}
    >
      <Link to={href} className="ui-sort-link">
        {column.label}
        <span aria-hidden="true" className="ui-sort-mark">
          {active ? (sort.dir === "asc" ? "▲" : "▼") : "↕"}
        </span>
      </Link>
    </th>
  );
}

/**
 * A table of the design system: the back office's look (`ui-table`) or the page's own class
 * (`look="store"`: the storefront's tax table, a calendar). With a label it sits in a region that
 * scrolls sideways inside itself on a phone and takes the keyboard focus.
 */
export function Table({
  label,
  look = "office",
  className,
  children,
  ...rest
}: {
  label?: string;
  look?: "office" | "store";
  className?: string;
  children: ReactNode;
  "data-testid"?: string;
  id?: string;
}) {
  const classes = [look === "office" ? "ui-table" : null, className].filter(Boolean).join(" ");
  const table = (
    <table className={classes || undefined} {...rest}>
      {children}
    </table>
  );
  if (!label) return table;
  return (
    // A scrolling region must be reachable by keyboard (axe: scrollable-region-focusable).
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
    <div className="ui-table-scroll" role="region" aria-label={label} tabIndex={0}>
      {table}
    </div>
  );
}

/**
 * A table that scrolls sideways inside itself on a phone (the page never does). Headers with a
 * `sort` key are links `?sort=<key>&dir=asc|desc` and carry aria-sort when active.
 */
export function DataTable({
  label,
  columns,
  sort = { key: null, dir: "asc" },
  pageParam = "seite",
  children,
  footer,
}: {
  label: string;
  columns: readonly Column[];
  sort?: SortState;
  pageParam?: string;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <Table label={label}>
      <thead>
        <tr>
          {columns.map((column) =>
            column.sort ? (
              <SortHeader
                key={column.key}
                column={{ ...column, sort: column.sort }}
                sort={sort}
                pageParam={pageParam}
              />
            ) : (
              <th
                key={column.key}
                scope="col"
                className={column.numeric ? "ui-numeric" : undefined}
              >
                {column.label}
              </th>
            ),
          )}
        </tr>
      </thead>
      <tbody>{children}</tbody>
      {footer ? <tfoot>{footer}</tfoot> : null}
    </Table>
  );
}
