import { data } from "@remix-run/node";
import type { Route } from "#app/server/route-types";
import { useLoaderData, useLocation } from "@remix-run/react";
import { buttonClass, FilterBar, Notice, Select } from "#app/components/ui";
import { formatNumber } from "#app/domain/format";
import { forbidden, requireStaff } from "#app/features/staff/staff-auth.server";
import { HoursCard, ListCard, SeriesCard } from "#app/features/statistics/statistics-cards";
import {
  mayReadStatistics,
  statisticsPageView,
} from "#app/features/statistics/statistics-views.server";
import { deStatistics as de } from "#app/i18n/de-statistics";
import { resourceLinks } from "#app/components/backend/resource-styles";
import statisticsStyles from "#app/styles/statistics.css?url";
import { staffPageMeta } from "#app/components/backend/staff-page-meta";
import { PageHeading } from "#app/components/backend/page-heading";

/**
 * The statistics (issue 19, decision 055): each figure of the chosen days as a chart drawn on
 * the server (inline SVG with title, description and the values as a table), compared with the
 * period of equal length before, and as a CSV download. A plain GET form chooses days and branch.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireStaff(request, context);
  if (!mayReadStatistics(user)) throw forbidden(user.surface);
  const search = new URL(request.url).searchParams;
  const { status, view } = await statisticsPageView(context.db, user, search, new Date());
  return data(view, { status });
}

export const links: Route.LinksFunction = () => [
  ...resourceLinks(),
  { rel: "stylesheet", href: statisticsStyles },
];

export const meta: Route.MetaFunction = () => staffPageMeta(de.page.title);

export default function Statistics() {
  const { form, branches, presets, problem, figures } = useLoaderData<typeof loader>();
  const location = useLocation();
  return (
    <section>
      <PageHeading title={de.page.title} />
      <FilterBar
        label={de.page.filterLabel}
        resetHref={location.pathname}
        submitLabel={de.page.show}
      >
        <div className="ui-field">
          <label htmlFor="von">{de.page.from}</label>
          <input id="von" name="von" type="date" defaultValue={form.von} required />
        </div>
        <div className="ui-field">
          <label htmlFor="bis">{de.page.to}</label>
          <input id="bis" name="bis" type="date" defaultValue={form.bis} required />
        </div>
        <Select
          id="filiale"
          name="filiale"
          label={de.page.branch}
          defaultValue={form.filiale}
          options={[{ value: "", label: de.page.allBranches }, ...branches]}
        />
      </FilterBar>
      <nav className="stats-presets" aria-labelledby="stats-presets">
        <h2 id="stats-presets">{de.page.presets}</h2>
        <ul>
          {presets.map((preset) => (
            <li key={preset.label}>
              <a href={preset.href} className={buttonClass("quiet")}>
                {preset.label}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      {problem ? <Notice tone="error">{problem}</Notice> : null}
      {figures ? (
        <>
          <p className="stats-period">
            {figures.rangeText} · {figures.previousText}
          </p>
          <div className="stats-grid">
            {figures.series.map((figure) => (
              <SeriesCard key={figure.metric} figure={figure} figures={figures} />
            ))}
            <HoursCard metric="order-times" hours={figures.orderHours} query={figures.csvQuery} />
            <HoursCard
              metric="visitor-times"
              hours={figures.visitorHours}
              query={figures.csvQuery}
            />
            <ListCard
              metric="popular-items"
              headings={[de.page.name, de.page.count, de.page.gross]}
              rows={figures.popular.map((row) => [
                row.name,
                formatNumber(row.count, 0),
                row.grossText,
              ])}
              query={figures.csvQuery}
            />
            <ListCard
              metric="pages"
              headings={[de.page.path, de.page.count]}
              rows={figures.pages.map((row) => [row.path, formatNumber(row.value, 0)])}
              query={figures.csvQuery}
            />
            <ListCard
              metric="events"
              headings={[de.page.type, de.page.name, de.page.count]}
              rows={figures.events.map((row) => [row.type, row.name, formatNumber(row.value, 0)])}
              query={figures.csvQuery}
            />
            <section className="stats-card" aria-labelledby="stats-working">
              <h2 id="stats-working">{de.metrics["working-activities"]}</h2>
              <p data-testid="stats-total-working-activities">
                {de.page.workingTime(figures.workedText)}
              </p>
              <p>
                <a href="/backend/working-activities">{de.page.workingTimeLink}</a>
              </p>
            </section>
          </div>
        </>
      ) : null}
    </section>
  );
}
