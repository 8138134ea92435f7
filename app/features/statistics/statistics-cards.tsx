import { useId } from "react";
import { buttonClass } from "#app/components/ui";
import { formatNumber } from "#app/domain/format";
import { deStatistics as de } from "#app/i18n/de-statistics";
import type { statisticsPageView } from "./statistics-views.server";

/** The statistics page's cards: a chart drawn on the server, its table and its CSV link. */

type Figures = NonNullable<Awaited<ReturnType<typeof statisticsPageView>>["view"]["figures"]>;

const WIDTH = 320;
const HEIGHT = 120;
const BOTTOM = 16;

function BarChart({
  title,
  description,
  bars,
  firstLabel,
  lastLabel,
}: {
  title: string;
  description: string;
  bars: { value: number }[];
  firstLabel: string;
  lastLabel: string;
}) {
  const id = useId();
  const max = Math.max(1, ...bars.map((bar) => bar.value));
  const step = WIDTH / Math.max(1, bars.length);
  const gap = step > 4 ? 1 : 0;
  const plot = HEIGHT - BOTTOM;
  return (
    <svg
      className="stats-chart"
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      role="img"
      aria-labelledby={`${id}-t`}
      aria-describedby={`${id}-d`}
    >
      <title id={`${id}-t`}>{title}</title>
      <desc id={`${id}-d`}>{description}</desc>
      {bars.map((bar, index) => {
        const height = bar.value === 0 ? 0 : Math.max(1, (bar.value / max) * (plot - 4));
        return (
          <rect
            key={index}
            className="bar"
            x={index * step + gap / 2}
            y={plot - height}
            width={Math.max(0.5, step - gap)}
            height={height}
          />
        );
      })}
      <line className="axis" x1={0} y1={plot} x2={WIDTH} y2={plot} />
      <text x={0} y={HEIGHT - 3}>
        {firstLabel}
      </text>
      <text x={WIDTH} y={HEIGHT - 3} textAnchor="end">
        {lastLabel}
      </text>
    </svg>
  );
}

function Change({ change, previous }: { change: number | null; previous: string }) {
  if (change === null) {
    return (
      <p className="stats-change">
        {de.page.previous}: {previous} ({de.page.noComparison})
      </p>
    );
  }
  const text =
    change === 0
      ? de.page.noChange
      : `${change > 0 ? "+" : "−"}${formatNumber(Math.abs(change), 0)} %`;
  const tone = change > 0 ? "stats-change-up" : change < 0 ? "stats-change-down" : "";
  return (
    <p className="stats-change">
      <span className={tone}>{text}</span> · {de.page.previous}: {previous}
    </p>
  );
}

function CsvLink({ metric, title, query }: { metric: string; title: string; query: string }) {
  return (
    <p className="stats-actions">
      <a
        href={`/backend/statistics/${metric}.csv?${query}`}
        className={buttonClass("secondary")}
        download
        aria-label={de.page.csvOf(title)}
      >
        {de.page.csv}
      </a>
    </p>
  );
}

export function SeriesCard({
  figure,
  figures,
}: {
  figure: Figures["series"][number];
  figures: Figures;
}) {
  const first = figure.points[0];
  const last = figure.points[figure.points.length - 1];
  return (
    <section className="stats-card" aria-labelledby={`stats-${figure.metric}`}>
      <h2 id={`stats-${figure.metric}`}>{figure.title}</h2>
      <p className="stats-total" data-testid={`stats-total-${figure.metric}`}>
        {figure.totalText}
      </p>
      <Change change={figure.change} previous={figure.previousTotalText} />
      <BarChart
        title={figure.title}
        description={de.page.chartDescription(
          figure.title,
          first?.label ?? "",
          last?.label ?? "",
          figure.totalText,
        )}
        bars={figure.points}
        firstLabel={first?.label ?? ""}
        lastLabel={last?.label ?? ""}
      />
      <details>
        <summary>{de.page.table}</summary>
        <TableRegion label={figure.title}>
          <table className="data-table">
            <caption className="visually-hidden">{figure.title}</caption>
            <thead>
              <tr>
                <th scope="col">{de.page.day}</th>
                <th scope="col">{de.page.value}</th>
              </tr>
            </thead>
            <tbody>
              {figure.points.map((point) => (
                <tr key={point.date}>
                  <th scope="row">{point.label}</th>
                  <td>{point.text}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableRegion>
      </details>
      <CsvLink metric={figure.metric} title={figure.title} query={figures.csvQuery} />
    </section>
  );
}

export function HoursCard({
  metric,
  hours,
  query,
}: {
  metric: "order-times" | "visitor-times";
  hours: { hour: number; value: number }[];
  query: string;
}) {
  const title = de.metrics[metric];
  return (
    <section className="stats-card" aria-labelledby={`stats-${metric}`}>
      <h2 id={`stats-${metric}`}>{title}</h2>
      <BarChart
        title={title}
        description={de.page.timesDescription(title)}
        bars={hours}
        firstLabel="0 Uhr"
        lastLabel="23 Uhr"
      />
      <details>
        <summary>{de.page.table}</summary>
        <TableRegion label={title}>
          <table className="data-table">
            <caption className="visually-hidden">{title}</caption>
            <thead>
              <tr>
                <th scope="col">{de.page.hour}</th>
                <th scope="col">{de.page.count}</th>
              </tr>
            </thead>
            <tbody>
              {hours.map((row) => (
                <tr key={row.hour}>
                  <th scope="row">{`${String(row.hour).padStart(2, "0")}:00`}</th>
                  <td>{formatNumber(row.value, 0)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableRegion>
      </details>
      <CsvLink metric={metric} title={title} query={query} />
    </section>
  );
}

export function ListCard({
  metric,
  headings,
  rows,
  query,
}: {
  metric: "popular-items" | "pages" | "events";
  headings: string[];
  rows: string[][];
  query: string;
}) {
  const title = de.metrics[metric];
  return (
    <section className="stats-card" aria-labelledby={`stats-${metric}`}>
      <h2 id={`stats-${metric}`}>{title}</h2>
      {rows.length === 0 ? (
        <p>{de.page.empty}</p>
      ) : (
        <TableRegion label={title}>
          <table className="data-table">
            <caption className="visually-hidden">{title}</caption>
            <thead>
              <tr>
                {headings.map((heading) => (
                  <th scope="col" key={heading}>
                    {heading}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row, index) => (
                <tr key={index}>
                  <th scope="row">{row[0]}</th>
                  {row.slice(1).map((cell, cellIndex) => (
                    <td key={cellIndex}>{cell}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </TableRegion>
      )}
      <CsvLink metric={metric} title={title} query={query} />
    </section>
  );
}

/** A table that scrolls when long: a labelled region that takes the focus (as ui/data-table). */
function TableRegion({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div
      className="table-scroll"
      role="region"
      aria-label={`${label}: ${de.page.table}`}
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
      tabIndex={0}
    >
      {children}
    </div>
  );
}
