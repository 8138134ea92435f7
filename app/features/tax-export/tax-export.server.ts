import { sql } from "kysely";
import { DateTime } from "luxon";
import type { Db } from "#app/db/schema";
import { branchChoicesWithin } from "#app/db/queries/branches";
import { getSettings } from "#app/db/queries/settings";
import { csvDocument } from "#app/domain/csv";
import {
  accountsOf,
  ACCOUNT_KEYS,
  CHARTS,
  datevDocumentText,
  encodeWindows1252,
  paymentAccountOf,
  revenueAccountOf,
  switchChart,
  TAX_KEY_KEYS,
  type Accounts,
  type Chart,
  type DatevBooking,
  type DatevSettings,
} from "#app/domain/datev";
import { PAYMENT_METHODS, type PaymentMethod } from "#app/domain/checkout";
import { formatNumber } from "#app/domain/format";
import { formatMoney } from "#app/domain/money";
import { branchScope, canAccessBranch, type StaffMember } from "#app/domain/staff-permissions";
import { rateKey, taxesByRate, taxRows, type TaxAmounts } from "#app/domain/tax";
import { apportionTax, deliveryRateOf, type GrossLine } from "#app/domain/tax-apportion";
import { parseId } from "#app/domain/values";
import { de as unitsDe } from "#app/i18n/de";
import { deTaxExport as de } from "#app/i18n/de-tax-export";
import { refused, refusedWith, succeeded, type Outcome, type Problem } from "#app/server/outcome";

/**
 * The tax adviser's export (issue 39 part 3, decision 116): a month of one branch or all of
 * them, its revenue per tax rate and per payment method, the DATEV Buchungsstapel and the CSV of
 * every order line. The page `/backend/exports`, its files and `GET /api/exports/*` all come
 * through `taxExportFor`.
 *
 * Revenue is what the statistics count as revenue (`rollups.server.ts`): the orders created in
 * the month (the business's time zone) that are not canceled, rejected, failed or a quotation
 * request, with their total gross (goods and delivery). Donations are the shop's own gift and
 * no part of the customer's total; refunds of orders that still count are booked back apart.
 */

/** The signed-in staff member as the export needs them (the guard's user fits). */
type StaffUser = StaffMember & { isAdmin: boolean; isManager: boolean };

// ——— Settings ———

export function mayExport(user: Pick<StaffUser, "isAdmin" | "isManager">): boolean {
  return user.isAdmin || user.isManager;
}

export interface TaxExportSettings extends DatevSettings {
  /** Berater- and Mandantennummer are set: DATEV refuses a batch without them. */
  configured: boolean;
}

export async function taxExportSettings(db: Db): Promise<TaxExportSettings> {
  const row = await db
    .selectFrom("taxExportSettings")
    .selectAll()
    .where("id", "=", 1)
    .executeTakeFirst();
  const chart: Chart = row?.chart === "SKR04" ? "SKR04" : "SKR03";
  const stored = (row?.accounts ?? {}) as Record<string, unknown>;
  return {
    chart,
    consultantNumber: row?.consultantNumber ?? null,
    clientNumber: row?.clientNumber ?? null,
    fiscalYearStartMonth: row?.fiscalYearStartMonth ?? 1,
    accountLength: row?.accountLength ?? 4,
    accounts: accountsOf(chart, stored),
    configured: row?.consultantNumber != null && row?.clientNumber != null,
  };
}

type FormFields = { get(name: string): unknown };

const field = (form: FormFields, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value.trim() : "";
};

const wholeNumber = (text: string, min: number, max: number): number | null =>
  /^\d{1,9}$/.test(text) && Number(text) >= min && Number(text) <= max ? Number(text) : null;

/** Reads and stores the settings form (administrators); the German problems per field. */
export async function saveTaxExportSettings(
  db: Db,
  user: StaffUser,
  form: FormFields,
): Promise<Outcome<TaxExportSettings>> {
  const t = de.settings;
  const problems: Problem[] = [];
  const chartText = field(form, "kontenrahmen");
  const chart = CHARTS.find((candidate) => candidate === chartText);
  if (!chart) problems.push({ message: t.badChart, field: "kontenrahmen" });
  const consultantNumber = wholeNumber(field(form, "beraternummer"), 1001, 9_999_999);
  if (consultantNumber === null) {
    problems.push({ message: t.badConsultant, field: "beraternummer" });
  }
  const clientNumber = wholeNumber(field(form, "mandantennummer"), 1, 99_999);
  if (clientNumber === null) problems.push({ message: t.badClient, field: "mandantennummer" });
  const month = wholeNumber(field(form, "wirtschaftsjahr"), 1, 12);
  if (month === null) problems.push({ message: t.badMonth, field: "wirtschaftsjahr" });
  const length = wholeNumber(field(form, "sachkontenlaenge"), 4, 8);
  if (length === null) problems.push({ message: t.badLength, field: "sachkontenlaenge" });
  const accounts = {} as Accounts;
  for (const key of ACCOUNT_KEYS) {
    const value = field(form, key);
    const longest = length ?? 8;
    if (!new RegExp(`^\\d{4,${longest}}$`).test(value)) {
      problems.push({ message: t.badAccount(t.accounts[key]!, longest), field: key });
    }
    accounts[key] = value;
  }
  for (const key of TAX_KEY_KEYS) {
    const value = field(form, key);
    if (!/^\d{0,4}$/.test(value))
      problems.push({ message: t.badTaxKey(t.accounts[key]!), field: key });
    accounts[key] = value;
  }
  if (problems.length > 0 || !chart) return refusedWith(400, problems);
  const before = await taxExportSettings(db);
  const next = switchChart(before.chart, chart, accounts);
  const values = {
    chart,
    consultantNumber,
    clientNumber,
    fiscalYearStartMonth: month!,
    accountLength: length!,
    accounts: JSON.stringify(next),
    updatedBy: user.id,
    updatedAt: new Date(),
  };
  await db
    .insertInto("taxExportSettings")
    .values({ id: 1, ...values })
    .onConflict((c) => c.column("id").doUpdateSet(values))
    .execute();
  return succeeded(await taxExportSettings(db));
}

// ——— The month and the branches ———

export interface Choice {
  value: string;
  label: string;
}

export interface TaxExportFilters {
  /** YYYY-MM. */
  month: string;
  /** A branch id, or null for all branches (administrators only). */
  branchId: number | null;
  branches: Choice[];
  zone: string;
  /** The month's first instant and the next month's. */
  start: Date;
  end: Date;
}

/**
 * `?monat=YYYY-MM&filiale=` (the API: `?month=&branchId=`): the month (the last complete one by
 * default) and the branch; no branch means all of them for an administrator and the first own
 * one for a manager.
 */
export async function taxExportFilters(
  db: Db,
  user: StaffUser,
  search: URLSearchParams,
  now: Date,
): Promise<Outcome<TaxExportFilters>> {
  const zone = (await getSettings(db)).businessTimeZone;
  const today = DateTime.fromJSDate(now, { zone });
  const monthText = (search.get("monat") ?? search.get("month") ?? "").trim();
  let month = today.minus({ months: 1 }).toFormat("yyyy-MM");
  if (monthText !== "") {
    if (!/^\d{4}-\d{2}$/.test(monthText) || !DateTime.fromISO(`${monthText}-01`).isValid) {
      return refused(400, de.badMonth, "monat");
    }
    const year = Number(monthText.slice(0, 4));
    if (year < 2000 || year > today.year + 1) return refused(400, de.monthOutOfRange, "monat");
    month = monthText;
  }
  const branches = await branchChoicesWithin(db, branchScope(user));
  const branchText = (search.get("filiale") ?? search.get("branchId") ?? "").trim();
  let branchId: number | null = null;
  if (branchText === "") {
    if (!user.isAdmin) {
      const first = branches[0];
      if (!first) return refused(403, de.noBranches, "filiale");
      branchId = Number(first.value);
    }
  } else {
    branchId = parseId(branchText);
    if (branchId === null) return refused(400, de.badBranch, "filiale");
    const exists = await db
      .selectFrom("branches")
      .select("id")
      .where("id", "=", branchId)
      .executeTakeFirst();
    if (!exists) return refused(400, de.badBranch, "filiale");
    if (!canAccessBranch(user, branchId)) return refused(403, de.foreignBranch, "filiale");
  }
  const first = DateTime.fromISO(`${month}-01`, { zone }).startOf("day");
  return succeeded({
    month,
    branchId,
    branches,
    zone,
    start: first.toJSDate(),
    end: first.plus({ months: 1 }).toJSDate(),
  });
}

/** A refusal when the address names a branch the member does not work for, else null. */
export function foreignBranch(user: StaffUser, search: URLSearchParams) {
  const branchId = parseId(search.get("filiale") ?? search.get("branchId") ?? "");
  return branchId !== null && !canAccessBranch(user, branchId)
    ? refused(403, de.foreignBranch, "filiale")
    : null;
}

// ——— The month's orders ———

export interface ExportOrder {
  id: number;
  branchId: number;
  branchName: string;
  createdAt: Date;
  /** YYYY-MM-DD in the business's time zone. */
  day: string;
  ticketNumber: number;
  paymentMethod: PaymentMethod;
  orderType: "takeaway" | "delivery" | "dine-in";
  isRefunded: boolean;
  totals: TaxAmounts;
  delivery: TaxAmounts;
  /** Per tax rate, goods and delivery together, ascending. */
  taxes: { rate: number; net: number; tax: number; gross: number }[];
}

export interface MonthFigures {
  /** The orders that count as revenue, by creation. */
  orders: ExportOrder[];
  canceled: { orders: number; gross: number };
  donations: { orders: number; amount: number };
}

function monthOrders(db: Db, filters: TaxExportFilters) {
  let query = db
    .selectFrom("orders as o")
    .where("o.createdAt", ">=", filters.start)
    .where("o.createdAt", "<", filters.end)
    .where("o.isQuotation", "=", false);
  if (filters.branchId !== null) query = query.where("o.branchId", "=", filters.branchId);
  return query;
}

const counted = sql<boolean>`not (o.is_canceled or o.is_rejected or o.is_failed)`;

export async function monthFigures(db: Db, filters: TaxExportFilters): Promise<MonthFigures> {
  const [rows, taxes, apart] = await Promise.all([
    monthOrders(db, filters)
      .innerJoin("branches as b", "b.id", "o.branchId")
      .select([
        "o.id",
        "o.branchId",
        "b.name as branchName",
        "o.createdAt",
        sql<string>`to_char(o.created_at at time zone ${filters.zone}, 'YYYY-MM-DD')`.as("day"),
        "o.ticketNumber",
        "o.paymentMethod",
        "o.isDelivery",
        "o.isDineIn",
        "o.isRefunded",
        "o.totalNet",
        "o.totalTax",
        "o.totalGross",
        "o.deliveryNet",
        "o.deliveryTax",
        "o.deliveryGross",
      ])
      .where(counted)
      .orderBy("o.createdAt")
      .orderBy("o.id")
      .execute(),
    monthOrders(db, filters)
      .innerJoin("orderTaxes as t", "t.orderId", "o.id")
      .select(["t.orderId", "t.taxRate", "t.net", "t.tax", "t.gross"])
      .where(counted)
      .execute(),
    monthOrders(db, filters)
      .select([
        sql<string>`count(*) filter (where not ${counted})`.as("canceledOrders"),
        sql<string>`coalesce(sum(o.total_gross) filter (where not ${counted}), 0)`.as(
          "canceledGross",
        ),
        sql<string>`count(*) filter (where ${counted} and o.donation_amount > 0)`.as(
          "donationOrders",
        ),
        sql<string>`coalesce(sum(o.donation_amount) filter (where ${counted}), 0)`.as(
          "donationAmount",
        ),
      ])
      .executeTakeFirstOrThrow(),
  ]);
  const taxesOf = new Map<number, ExportOrder["taxes"]>();
  for (const row of taxes) {
    const list = taxesOf.get(row.orderId) ?? [];
    list.push({ rate: Number(row.taxRate), net: row.net, tax: row.tax, gross: row.gross });
    taxesOf.set(row.orderId, list);
  }
  // An order stored without its tax rows (none should be) is split from its lines.
  const missing = rows.filter((row) => !taxesOf.has(row.id)).map((row) => row.id);
  if (missing.length > 0) {
    const items = await db
      .selectFrom("orderItems")
      .select(["orderId", "gross", "taxRate"])
      .where("orderId", "in", missing)
      .execute();
    for (const id of missing) {
      const row = rows.find((candidate) => candidate.id === id)!;
      const lines: GrossLine[] = items
        .filter((item) => item.orderId === id)
        .map((item) => ({ gross: item.gross, taxRate: Number(item.taxRate) }));
      if (row.deliveryGross !== 0) {
        const delivery = { net: row.deliveryNet, tax: row.deliveryTax, gross: row.deliveryGross };
        lines.push({ gross: row.deliveryGross, taxRate: deliveryRateOf(delivery, [7, 19], 19) });
      }
      taxesOf.set(id, taxRows(taxesByRate(lines)));
    }
  }
  const orders = rows.map((row): ExportOrder => ({
    id: row.id,
    branchId: row.branchId,
    branchName: row.branchName,
    createdAt: new Date(row.createdAt),
    day: row.day,
    ticketNumber: row.ticketNumber,
    paymentMethod: row.paymentMethod,
    orderType: row.isDelivery ? "delivery" : row.isDineIn ? "dine-in" : "takeaway",
    isRefunded: row.isRefunded,
    totals: { net: row.totalNet, tax: row.totalTax, gross: row.totalGross },
    delivery: { net: row.deliveryNet, tax: row.deliveryTax, gross: row.deliveryGross },
    taxes: [...(taxesOf.get(row.id) ?? [])].sort((a, b) => a.rate - b.rate),
  }));
  return {
    orders,
    canceled: { orders: Number(apart.canceledOrders), gross: Number(apart.canceledGross) },
    donations: { orders: Number(apart.donationOrders), amount: Number(apart.donationAmount) },
  };
}

// ——— Totals ———

export interface TotalRow extends TaxAmounts {
  key: string;
  orders: number;
}

const add = (a: TaxAmounts, b: TaxAmounts): TaxAmounts => ({
  net: a.net + b.net,
  tax: a.tax + b.tax,
  gross: a.gross + b.gross,
});
const ZERO: TaxAmounts = { net: 0, tax: 0, gross: 0 };

export interface MonthTotals {
  byRate: (TotalRow & { rate: number })[];
  byPayment: (TotalRow & { method: PaymentMethod })[];
  total: TaxAmounts & { orders: number };
  refunded: TaxAmounts & { orders: number };
}

export function monthTotals(figures: MonthFigures): MonthTotals {
  const byRate = new Map<string, TotalRow & { rate: number }>();
  const byPayment = new Map<PaymentMethod, TotalRow & { method: PaymentMethod }>();
  let total = ZERO;
  let refunded = { ...ZERO, orders: 0 };
  for (const order of figures.orders) {
    for (const group of order.taxes) {
      const key = rateKey(group.rate);
      const row = byRate.get(key) ?? { key, rate: group.rate, orders: 0, ...ZERO };
      byRate.set(key, { ...row, ...add(row, group), orders: row.orders + 1 });
    }
    const payment = byPayment.get(order.paymentMethod) ?? {
      key: order.paymentMethod,
      method: order.paymentMethod,
      orders: 0,
      ...ZERO,
    };
    byPayment.set(order.paymentMethod, {
      ...payment,
      ...add(payment, order.totals),
      orders: payment.orders + 1,
    });
    total = add(total, order.totals);
    if (order.isRefunded) {
      refunded = { ...add(refunded, order.totals), orders: refunded.orders + 1 };
    }
  }
  return {
    byRate: [...byRate.values()].sort((a, b) => a.rate - b.rate),
    byPayment: PAYMENT_METHODS.flatMap((method) => {
      const row = byPayment.get(method);
      return row ? [row] : [];
    }),
    total: { ...total, orders: figures.orders.length },
    refunded,
  };
}

// ——— The view ———

export interface TaxExportView {
  filters: TaxExportFilters;
  branchText: string;
  monthText: string;
  settings: TaxExportSettings;
  figures: MonthFigures;
  totals: MonthTotals;
}

export async function taxExportFor(
  db: Db,
  user: StaffUser,
  search: URLSearchParams,
  now: Date = new Date(),
): Promise<Outcome<TaxExportView>> {
  const filters = await taxExportFilters(db, user, search, now);
  if (!filters.ok) return filters;
  const [settings, figures] = await Promise.all([
    taxExportSettings(db),
    monthFigures(db, filters.value),
  ]);
  const { branchId, branches } = filters.value;
  return succeeded({
    filters: filters.value,
    branchText:
      branchId === null
        ? de.allBranches
        : (branches.find((choice) => choice.value === String(branchId))?.label ?? ""),
    monthText: DateTime.fromISO(`${filters.value.month}-01`).toFormat("MM.yyyy"),
    settings,
    figures,
    totals: monthTotals(figures),
  });
}

const scopeName = (view: TaxExportView) =>
  view.filters.branchId === null ? "alle" : `filiale-${view.filters.branchId}`;

// ——— DATEV ———

/** The month's bookings: per order and tax rate from the payment's account to the revenue's. */
export function datevBookings(view: TaxExportView): DatevBooking[] {
  const { accounts } = view.settings;
  const bookings: DatevBooking[] = [];
  for (const order of view.figures.orders) {
    for (const group of order.taxes) {
      if (group.gross === 0) continue;
      const revenue = revenueAccountOf(accounts, group.rate);
      const booking = {
        amount: Math.abs(group.gross),
        account: paymentAccountOf(accounts, order.paymentMethod),
        contraAccount: revenue.account,
        taxKey: revenue.key,
        day: order.day,
        document: String(order.id),
      };
      bookings.push({
        ...booking,
        debitCredit: group.gross > 0 ? "S" : "H",
        text: de.bookingText(order.ticketNumber, order.branchName),
      });
      if (order.isRefunded) {
        bookings.push({
          ...booking,
          debitCredit: group.gross > 0 ? "H" : "S",
          text: de.refundText(order.ticketNumber, order.branchName),
        });
      }
    }
  }
  return bookings;
}

export function datevFile(
  view: TaxExportView,
  now: Date,
): Outcome<{ body: Uint8Array<ArrayBuffer>; filename: string }> {
  if (!view.settings.configured) return refused(409, de.notConfigured);
  const [year, month] = view.filters.month.split("-");
  const first = DateTime.fromISO(`${view.filters.month}-01`);
  const text = datevDocumentText({
    settings: view.settings,
    from: first.toISODate()!,
    to: first.endOf("month").toISODate()!,
    createdAt: DateTime.fromJSDate(now, { zone: view.filters.zone }).toFormat("yyyyMMddHHmmssSSS"),
    label: de.batchLabel(`${month}/${year}`),
    bookings: datevBookings(view),
  });
  return succeeded({
    body: encodeWindows1252(text),
    filename: `EXTF_Buchungsstapel_${view.filters.month}_${scopeName(view)}.csv`,
  });
}

// ——— Every order line ———

export interface ExportLine {
  day: string;
  orderId: number;
  ticketNumber: number;
  branchName: string;
  product: string;
  amount: number;
  unit: string;
  taxRate: number;
  net: number;
  tax: number;
  gross: number;
  paymentMethod: PaymentMethod;
  orderType: ExportOrder["orderType"];
  isRefunded: boolean;
}

/** Every line of the month's orders (and a delivery charge as a line of its own). */
export async function exportLines(db: Db, view: TaxExportView): Promise<ExportLine[]> {
  const items = await monthOrders(db, view.filters)
    .innerJoin("orderItems as i", "i.orderId", "o.id")
    .select(["i.orderId", "i.name", "i.amount", "i.unit", "i.gross", "i.taxRate"])
    .where(counted)
    .orderBy("i.orderId")
    .orderBy("i.position")
    .execute();
  const itemsOf = new Map<number, typeof items>();
  for (const item of items) {
    const list = itemsOf.get(item.orderId) ?? [];
    list.push(item);
    itemsOf.set(item.orderId, list);
  }
  const lines: ExportLine[] = [];
  for (const order of view.figures.orders) {
    const goods = itemsOf.get(order.id) ?? [];
    const gross: GrossLine[] = goods.map((item) => ({
      gross: item.gross,
      taxRate: Number(item.taxRate),
    }));
    const rates = order.taxes.map((group) => group.rate);
    if (order.delivery.gross !== 0) {
      gross.push({
        gross: order.delivery.gross,
        taxRate: deliveryRateOf(order.delivery, rates, rates[rates.length - 1] ?? 19),
      });
    }
    const split = apportionTax(gross, order.taxes);
    const common = {
      day: order.day,
      orderId: order.id,
      ticketNumber: order.ticketNumber,
      branchName: order.branchName,
      paymentMethod: order.paymentMethod,
      orderType: order.orderType,
      isRefunded: order.isRefunded,
    };
    gross.forEach((line, index) => {
      const item = goods[index];
      lines.push({
        ...common,
        product: item ? item.name : de.deliveryCharge,
        amount: item ? Number(item.amount) : 1,
        unit: item ? unitsDe.units[item.unit].short : "",
        taxRate: line.taxRate,
        ...split[index]!,
      });
    });
  }
  return lines;
}

const euros = (cents: number) => (cents / 100).toFixed(2).replace(".", ",");

export function orderLinesCsv(view: TaxExportView, lines: readonly ExportLine[]) {
  const c = de.columns;
  const body = csvDocument([
    [
      c.date,
      c.order,
      c.ticket,
      c.branch,
      c.product,
      c.quantity,
      c.unit,
      c.net,
      c.taxRate,
      c.tax,
      c.gross,
      c.paymentMethod,
      c.orderType,
      c.refunded,
    ],
    ...lines.map((line) => [
      DateTime.fromISO(line.day).toFormat("dd.MM.yyyy"),
      String(line.orderId),
      String(line.ticketNumber),
      line.branchName,
      line.product,
      formatNumber(line.amount),
      line.unit,
      euros(line.net),
      formatNumber(line.taxRate),
      euros(line.tax),
      euros(line.gross),
      de.paymentMethods[line.paymentMethod] ?? line.paymentMethod,
      de.orderTypes[line.orderType],
      line.isRefunded ? de.yes : de.no,
    ]),
  ]);
  return { body, filename: `bestellpositionen-${view.filters.month}-${scopeName(view)}.csv` };
}

// ——— The API's JSON ———

export function taxExportJson(view: TaxExportView) {
  const { totals } = view;
  return {
    month: view.filters.month,
    branchId: view.filters.branchId,
    orders: totals.total.orders,
    byTaxRate: totals.byRate.map(({ rate, orders, net, tax, gross }) => ({
      taxRate: rate,
      orders,
      net,
      tax,
      gross,
      account: revenueAccountOf(view.settings.accounts, rate).account,
    })),
    byPaymentMethod: totals.byPayment.map(({ method, orders, net, tax, gross }) => ({
      paymentMethod: method,
      orders,
      net,
      tax,
      gross,
      account: paymentAccountOf(view.settings.accounts, method),
    })),
    total: { net: totals.total.net, tax: totals.total.tax, gross: totals.total.gross },
    refunded: totals.refunded,
    canceled: view.figures.canceled,
    donations: view.figures.donations,
    datevReady: view.settings.configured,
  };
}

/** Money as the page shows it: `1.234,50 €`. */
export const money = (cents: number) => formatMoney(cents);

// ——— The downloads ———

export type ExportKind = "datev" | "order-lines";

/** One of the two files for `?monat=&filiale=` (the API: `?month=&branchId=`). */
export async function taxExportDownload(
  db: Db,
  user: StaffUser,
  kind: ExportKind,
  search: URLSearchParams,
  now: Date = new Date(),
): Promise<
  Outcome<{ body: string | Uint8Array<ArrayBuffer>; contentType: string; filename: string }>
> {
  const view = await taxExportFor(db, user, search, now);
  if (!view.ok) return view;
  if (kind === "datev") {
    const file = datevFile(view.value, now);
    if (!file.ok) return file;
    return succeeded({ ...file.value, contentType: "text/csv; charset=windows-1252" });
  }
  const file = orderLinesCsv(view.value, await exportLines(db, view.value));
  return succeeded({ ...file, contentType: "text/csv; charset=utf-8" });
}
