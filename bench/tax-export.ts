import pg from "pg";

/**
 * The tax adviser's export's target (issue 39 part 3, decision 116): a month with 3,000 orders
 * exports to DATEV in under 2 s. `fillTaxExportMonth` puts 3,000 orders of last month into the
 * last branch (two lines each, one at 7 % and one at 19 %, their rate groups, every fifth a
 * delivery, mixed payment methods) and the adviser's numbers into the settings; the scenario
 * then fetches the batch of that month and branch.
 */
export const TAX_EXPORT_ORDERS = Number(process.env.BENCH_TAX_EXPORT_ORDERS ?? 3000);

export async function fillTaxExportMonth(
  databaseUrl: string,
): Promise<{ month: string; branchId: number }> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const branch = await client.query<{ id: number }>(
      "select id from branches order by position desc, id desc limit 1",
    );
    const branchId = branch.rows[0]!.id;
    const zone = (
      await client.query<{ zone: string }>(
        "select business_time_zone as zone from settings where id = 1",
      )
    ).rows[0]!.zone;
    const month = (
      await client.query<{ month: string }>(
        `select to_char(date_trunc('month', now() at time zone $1) - interval '1 month', 'YYYY-MM')
           as month`,
        [zone],
      )
    ).rows[0]!.month;
    await client.query("begin");
    // Spread over the month's first 28 days, at the business's wall clock.
    await client.query(
      `insert into orders (hash, branch_id, business_date, ticket_number, name, payment_method,
                           is_delivery, net, tax, gross, delivery_net, delivery_tax,
                           delivery_gross, total_net, total_tax, total_gross, created_at,
                           updated_at)
       select md5('steuer' || n), $1, t::date, 20000 + n, 'Export-Bench ' || n,
              (array['cash', 'atm-card', 'paypal', 'stripe', 'voucher'])[n % 5 + 1],
              n % 5 = 0, 1070, 110, 1180, case when n % 5 = 0 then 294 else 0 end,
              case when n % 5 = 0 then 56 else 0 end, case when n % 5 = 0 then 350 else 0 end,
              1070 + case when n % 5 = 0 then 294 else 0 end,
              110 + case when n % 5 = 0 then 56 else 0 end,
              1180 + case when n % 5 = 0 then 350 else 0 end,
              (t at time zone $2), (t at time zone $2)
         from generate_series(1, $3::integer) as n,
              lateral (select ($4 || '-01')::timestamp + (n % 28) * interval '1 day'
                              + (n % 600) * interval '1 minute' + interval '6 hours' as t) as w`,
      [branchId, zone, TAX_EXPORT_ORDERS, month],
    );
    await client.query(
      `insert into order_items (order_id, position, name, amount, unit, unit_price, gross,
                                tax_rate)
       select o.id, p.position, p.name, 1, 'piece', p.gross, p.gross, p.rate
         from orders o
        cross join (values (0, 'Bauernbrot', 830, 7), (1, 'Kaffee', 350, 19))
              as p(position, name, gross, rate)
        where o.name like 'Export-Bench %'`,
    );
    await client.query(
      `insert into order_taxes (order_id, tax_rate, net, tax, gross)
       select o.id, 7, 776, 54, 830 from orders o where o.name like 'Export-Bench %'
       union all
       select o.id, 19, 294 + case when o.is_delivery then 294 else 0 end,
              56 + case when o.is_delivery then 56 else 0 end,
              350 + o.delivery_gross
         from orders o where o.name like 'Export-Bench %'`,
    );
    await client.query(
      `insert into tax_export_settings (id, consultant_number, client_number)
       values (1, 29098, 55003)
       on conflict (id) do update set consultant_number = 29098, client_number = 55003`,
    );
    await client.query("commit");
    await client.query("analyze orders, order_items, order_taxes");
    return { month, branchId };
  } finally {
    await client.end();
  }
}
