import { Link, useLocation } from "@remix-run/react";
import { de } from "#app/i18n/de-staff";

/** The address of page `page`: the current one with `param` set (and dropped for page 1). */
export function pageHref(pathname: string, search: string, param: string, page: number) {
  const params = new URLSearchParams(search);
  if (page <= 1) params.delete(param);
  else params.set(param, String(page));
  const query = params.toString();
  return query ? `${pathname}?${query}` : pathname;
}

/** 'Seite 2 von 7' between previous and next links (`?seite=N` unless told otherwise). */
export function Pagination({
  page,
  pageCount,
  param = "seite",
  label = de.ui.pagination,
}: {
  page: number;
  pageCount: number;
  param?: string;
  label?: string;
}) {
  const location = useLocation();
  if (pageCount <= 1) return null;
  const href = (target: number) => pageHref(location.pathname, location.search, param, target);
  return (
    <nav aria-label={label} className="ui-pagination">
      {page > 1 ? (
        <Link to={href(page - 1)} rel="prev" className="ui-button ui-button-secondary">
          <span aria-hidden="true">‹ </span>
          {de.ui.previous}
        </Link>
      ) : null}
      <span>{de.ui.page(page, pageCount)}</span>
      {page < pageCount ? (
        <Link to={href(page + 1)} rel="next" className="ui-button ui-button-secondary">
          {de.ui.next}
          <span aria-hidden="true"> ›</span>
        </Link>
      ) : null}
    </nav>
  );
}
