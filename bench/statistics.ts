/**
 * The statistics' speed target of issue 19 (decision 055): with 10 million page views (spread
 * over 18 months and six branches, some without a branch), 500,000 events and 500,000 orders of
 * two items each in PostgreSQL, after the rollups, every statistics call for a one-year range
 * answers in < 200 ms p50. Prints the fill and rollup times and p50/p90/p99 per call, for all
 * branches (an administrator) and for one branch (a manager).
 *
 *   npm run bench:statistics
 *   BENCH_STATISTICS_PAGE_VIEWS=1000000 npm run bench:statistics      # a smaller trial
 *
 * It creates its own database `bench_statistics_<pid>` on BENCH_STATISTICS_SERVER (default
 * postgres://postgres@127.0.0.1:5432) and drops it at the end, so the 10 million rows do not
 * stay. The calls go through the service behind `GET /api/statistics/{metric}` (`statistics`),
 * with the range checks and branch scope of the route around it costing microseconds.
 */
import pg from "pg";
import { sql } from "kysely";
import { DateTime } from "luxon";
import { openDatabase } from "#app/db/connection.server";
import { migrateToLatest } from "#app/db/migrate.server";
import { runRollups } from "#app/features/statistics/rollups.server";
import { METRICS, statistics } from "#app/features/statistics/statistics.server";
import { createTimings } from "./timings";

const serverUrl = process.env.BENCH_STATISTICS_SERVER ?? "postgres://postgres@127.0.0.1:5432";
const pageViews = Number(process.env.BENCH_STATISTICS_PAGE_VIEWS ?? 10_000_000);
const orders = Number(process.env.BENCH_STATISTICS_ORDERS ?? 500_000);
const events = Number(process.env.BENCH_STATISTICS_EVENTS ?? 500_000);
const runs = Number(process.env.BENCH_STATISTICS_RUNS ?? 20);
const ZONE = "Europe/Berlin";
const DAYS = 548; // 18 months

const name = `bench_statistics_${process.pid}`;
const admin = new pg.Client({ connectionString: `${serverUrl}/postgres` });

async function seconds<T>(label: string, work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const result = await work();
  console.log(`${label}: ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return result;
}

async function main() {
  await admin.connect();
  await admin.query(`create database ${name}`);
  const handle = await openDatabase({
    databaseUrl: `${serverUrl}/${name}`,
    dataDir: "",
    maxConnections: 4,
  });
  const db = handle.db;
  try {
    await migrateToLatest(db);
    const branchIds = (
      await db
        .insertInto("branches")
        .values(
          Array.from({ length: 6 }, (_, index) => ({
            identifier: `filiale-${index + 1}`,
            name: `Filiale ${index + 1}`,
            position: index + 1,
          })),
        )
        .returning("id")
        .execute()
    ).map((row) => row.id);
    const [first, last] = [Math.min(...branchIds), Math.max(...branchIds)];
    const span = `${DAYS} days`;

    await seconds(`${pageViews.toLocaleString("de-DE")} Seitenaufrufe`, () =>
      sql`
        insert into page_views (viewed_at, branch_id, path, visitor)
        select now() - random() * ${span}::interval,
               case when i % 10 = 0 then null else ${first} + i % ${last - first + 1} end,
               '/store/filiale-' || (i % 6 + 1) || '/product/' || (i % 47),
               md5((i % 40000)::text)
          from generate_series(1, ${pageViews}) as i`.execute(db),
    );
    await seconds(`${events.toLocaleString("de-DE")} Ereignisse`, () =>
      sql`
        insert into analytics_events (occurred_at, branch_id, visitor, type, name)
        select now() - random() * ${span}::interval, ${first} + i % ${last - first + 1},
               md5((i % 40000)::text),
               (array['page_view', 'add_to_cart', 'initiate_checkout', 'purchase'])[i % 4 + 1],
               'Artikel ' || (i % 30)
          from generate_series(1, ${events}) as i`.execute(db),
    );
    await seconds(
      `${orders.toLocaleString("de-DE")} Bestellungen mit je 2 Positionen`,
      async () => {
        await sql`alter table orders disable trigger user`.execute(db);
        await sql`
        insert into orders (hash, branch_id, business_date, ticket_number, name, payment_method,
                            net, tax, gross, total_net, total_tax, total_gross, is_canceled,
                            created_at, updated_at)
        select md5(i::text), ${first} + i % ${last - first + 1}, (t at time zone ${ZONE})::date, i,
               'Kunde ' || i, 'cash', 1000, 70, 1070, 1000, 70, 1070, i % 25 = 0, t, t
          from (select i, now() - random() * ${span}::interval as t
                  from generate_series(1, ${orders}) as i) as o`.execute(db);
        await sql`alter table orders enable trigger user`.execute(db);
        await sql`
        insert into order_items (order_id, position, name, amount, unit, unit_price, gross, tax_rate)
        select o.id, p.position, 'Artikel ' || ((o.id + p.position * 7) % 60), 1, 'piece', 535, 535, 7
          from orders o cross join (values (0), (1)) as p(position)`.execute(db);
        await sql`analyze`.execute(db);
      },
    );

    // The raw rows stay for the calls (the purge past the retention is the job's own concern).
    await db.updateTable("settings").set({ analyticsRetentionDays: 3650 }).execute();
    const rolled = await seconds("Zusammenfassen (alle Tage)", () =>
      runRollups(db, { zone: ZONE, maxDays: DAYS + 10 }),
    );
    console.log(`  ${rolled.visitorDays} Besuchertage, ${rolled.orderDays} Bestelltage`);
    const again = await seconds("Zweiter Lauf (nichts zu tun)", () =>
      runRollups(db, { zone: ZONE }),
    );
    console.log(`  ${again.visitorDays} Besuchertage, ${again.orderDays} Bestelltage`);

    const today = DateTime.now().setZone(ZONE);
    const range = { from: today.minus({ days: 364 }).toISODate()!, to: today.toISODate()! };
    const { figures, measure } = createTimings({ maxWarmUp: 3 });
    for (const metric of METRICS) {
      await measure(`${metric} (alle Filialen)`, runs, () =>
        statistics(db, metric, { range, branches: "all", zone: ZONE }),
      );
      await measure(`${metric} (eine Filiale)`, runs, () =>
        statistics(db, metric, { range, branches: [first], zone: ZONE }),
      );
    }
    console.table(figures);
    const slow = figures.filter((figure) => figure.p50 >= 200);
    console.log(
      slow.length === 0
        ? "Alle Aufrufe unter 200 ms (p50)."
        : `Über 200 ms (p50): ${slow.map((figure) => figure.case).join(", ")}`,
    );
    process.exitCode = slow.length === 0 ? 0 : 1;
  } finally {
    await handle.close();
    await admin.query(`drop database if exists ${name}`);
    await admin.end();
  }
}

await main();
