import { sql } from "kysely";
import type { Db } from "#app/db/schema";
import { branchChoicesWithin } from "#app/db/queries/branches";
import { csvDocument } from "#app/domain/csv";
import { formatDate, formatDateTime, formatNumber, formatTime } from "#app/domain/format";
import { dueAt } from "#app/domain/staff-order";
import { branchScope, canAccessBranch } from "#app/domain/staff-permissions";
import {
  printedRows,
  productionList,
  type PrintedRow,
  type ProductionLine,
  type ProductionList,
} from "#app/domain/production-list";
import {
  addDays,
  BUSINESS_TIME_ZONE,
  dateOf,
  readNearDay,
  startOfDate,
  type IsoDate,
} from "#app/domain/time";
import { de as unitsDe } from "#app/i18n/de";
import { deProduction as de } from "#app/i18n/de-production";
import type { StaffUser } from "#app/features/staff/staff-auth.server";
import { refused, succeeded, type Outcome } from "#app/server/outcome";
import type { ProductionTicket } from "#app/domain/production-ticket";
import {
  announceProductionTicket,
  queueProductionTicket,
  receiptPrintersOf,
  type ReceiptPrinter,
} from "#app/features/devices/production-printers.public";
import { parseId } from "#app/domain/values";

/**
 * The production list's services (issue 39 part 1, decision 103): which order lines are due on a
 * day in the branches the staff member works for, summed by the domain's `productionList`, and
 * the prints that the list compares itself with. The page `/backend/production`, its CSV and PDF
 * and `GET /api/production-lists` all come through `productionFor`.
 *
 * An order counts as the statistics count it (not canceled, rejected, failed or a mere quotation
 * request), on the day it is due in the business's time zone: its appointment, or when it came in.
 */

/** The groups: the menu's categories, or the products' departments (decision 106). */
export type Grouping = "kategorie" | "abteilung";
/** The API's names of the groupings (`groupBy=category|department`). */
const API_GROUPINGS: Record<string, Grouping> = {
  kategorie: "kategorie",
  abteilung: "abteilung",
  category: "kategorie",
  department: "abteilung",
};

export interface ProductionFilters {
  /** The day, YYYY-MM-DD. */
  tag: IsoDate;
  /** A branch id, or "" for every branch the member sees. */
  filiale: string;
  gruppe: Grouping;
}

export interface BranchChoice {
  value: string;
  label: string;
}

export interface ProductionView {
  filters: ProductionFilters;
  dayText: string;
  branchText: string;
  today: IsoDate;
  tomorrow: IsoDate;
  branches: BranchChoice[];
  list: ProductionList;
  lastPrint: { at: Date; by: string } | null;
}

/**
 * Reads `?tag=&filiale=&gruppe=` (the API: `?day=&branchId=&groupBy=`); a bad value is a German
 * 400 naming the page's field.
 */
export function productionFilters(
  search: URLSearchParams,
  now: Date,
): Outcome<{ day: IsoDate; branchId: number | null; grouping: Grouping }> {
  const today = dateOf(now);
  const dayText = (search.get("tag") ?? search.get("day") ?? "").trim();
  const branchText = (search.get("filiale") ?? search.get("branchId") ?? "").trim();
  const groupText = (search.get("gruppe") ?? search.get("groupBy") ?? "").trim();
  let grouping: Grouping = "kategorie";
  if (groupText !== "") {
    const known = Object.hasOwn(API_GROUPINGS, groupText) ? API_GROUPINGS[groupText] : undefined;
    if (!known) return refused(400, de.badGrouping, "gruppe");
    grouping = known;
  }
  let day = today;
  if (dayText !== "") {
    const read = readNearDay(dayText, today);
    if ("problem" in read) {
      return refused(400, read.problem === "bad" ? de.badDay : de.dayOutOfRange, "tag");
    }
    day = read.day;
  }
  if (branchText === "") return succeeded({ day, branchId: null, grouping });
  const branchId = parseId(branchText);
  if (branchId === null) return refused(400, de.badBranch, "filiale");
  return succeeded({ day, branchId, grouping });
}

/** The lines due on the day in these branches, each with its product's group and position. */
async function dueLines(
  db: Db,
  branchIds: readonly number[],
  day: IsoDate,
  grouping: Grouping,
): Promise<ProductionLine[]> {
  if (branchIds.length === 0) return [];
  const start = startOfDate(day, BUSINESS_TIME_ZONE).toJSDate();
  const end = startOfDate(addDays(day, 1), BUSINESS_TIME_ZONE).toJSDate();
  const due = sql<Date>`coalesce(o.appointment, o.created_at)`;
  const rows = await db
    .selectFrom("orders as o")
    .innerJoin("orderItems as i", "i.orderId", "o.id")
    .select([
      "o.id as orderId",
      "o.ticketNumber",
      "o.appointment",
      "o.createdAt",
      "o.branchId",
      "i.productId",
      "i.name",
      "i.amount",
      "i.unit",
      "i.parts",
      "i.position",
    ])
    .where("o.branchId", "in", [...branchIds])
    .where(due, ">=", start)
    .where(due, "<", end)
    .where("o.isCanceled", "=", false)
    .where("o.isRejected", "=", false)
    .where("o.isFailed", "=", false)
    .where("o.isQuotation", "=", false)
    .orderBy("o.id")
    .orderBy("i.position")
    .execute();
  const productIds = [
    ...new Set(rows.flatMap((row) => (row.productId === null ? [] : [row.productId]))),
  ];
  const menuPlaces = await productPlaces(db, branchIds, productIds);
  const places =
    grouping === "abteilung" ? await departmentPlaces(db, productIds, menuPlaces) : menuPlaces;
  const without = grouping === "abteilung" ? de.withoutDepartment : de.withoutGroup;
  return rows.map((row) => {
    const place = row.productId === null ? undefined : places.get(row.productId);
    return {
      orderId: row.orderId,
      ticketNumber: row.ticketNumber,
      due: dueAt(row),
      createdAt: row.createdAt,
      productId: row.productId,
      productName: row.name,
      groupName: place?.groupName ?? without,
      groupPosition: place?.groupPosition ?? Number.MAX_SAFE_INTEGER - 1,
      productPosition: place?.productPosition ?? Number.MAX_SAFE_INTEGER - 1,
      amount: Number(row.amount),
      unit: row.unit,
      parts: row.parts,
    };
  });
}

interface Place {
  groupName: string;
  groupPosition: number;
  productPosition: number;
}

/**
 * Where each product stands in the menus of these branches: its first category (by the menu's
 * order of categories), directly or through a product group. A product in no menu of theirs
 * (taken off since it was ordered) goes under "Ohne Kategorie".
 */
async function productPlaces(
  db: Db,
  branchIds: readonly number[],
  productIds: readonly number[],
): Promise<Map<number, Place>> {
  if (productIds.length === 0) return new Map();
  const rows = await db
    .selectFrom("menuEntries as e")
    .innerJoin("menuBranches as mb", "mb.menuId", "e.menuId")
    .innerJoin("menuCategories as mc", (join) =>
      join.onRef("mc.menuId", "=", "e.menuId").onRef("mc.categoryId", "=", "e.categoryId"),
    )
    .innerJoin("categories as c", "c.id", "e.categoryId")
    .leftJoin("productGroupProducts as gp", "gp.productGroupId", "e.productGroupId")
    .select([
      sql<number>`coalesce(e.product_id, gp.product_id)`.as("productId"),
      "c.name as groupName",
      "mc.position as groupPosition",
      sql<number>`e.position * 1000 + coalesce(gp.position, 0)`.as("productPosition"),
    ])
    .where("mb.branchId", "in", [...branchIds])
    .where(sql<number>`coalesce(e.product_id, gp.product_id)`, "in", [...productIds])
    .where("c.isBundleOnly", "=", false)
    .execute();
  const places = new Map<number, Place>();
  for (const row of rows) {
    const known = places.get(row.productId);
    const place = {
      groupName: row.groupName,
      groupPosition: Number(row.groupPosition),
      productPosition: Number(row.productPosition),
    };
    if (
      !known ||
      place.groupPosition < known.groupPosition ||
      (place.groupPosition === known.groupPosition && place.productPosition < known.productPosition)
    ) {
      places.set(row.productId, place);
    }
  }
  return places;
}

/**
 * Each product's department (decision 106), in the departments' order; within one the products
 * stand in menu order (by their category's place, then their own). A product without a
 * department is left out (it goes under "Ohne Abteilung").
 */
async function departmentPlaces(
  db: Db,
  productIds: readonly number[],
  menuPlaces: ReadonlyMap<number, Place>,
): Promise<Map<number, Place>> {
  if (productIds.length === 0) return new Map();
  const rows = await db
    .selectFrom("products as p")
    .innerJoin("departments as d", "d.id", "p.departmentId")
    .select(["p.id", "d.name", "d.position", "d.id as departmentId"])
    .where("p.id", "in", [...productIds])
    .execute();
  // Departments by their position, then name: one sort key each.
  const order = [...new Map(rows.map((row) => [row.departmentId, row])).values()].sort(
    (a, b) =>
      a.position - b.position ||
      a.name.localeCompare(b.name, "de") ||
      a.departmentId - b.departmentId,
  );
  const rank = new Map(order.map((row, index) => [row.departmentId, index]));
  const places = new Map<number, Place>();
  for (const row of rows) {
    const menu = menuPlaces.get(row.id);
    places.set(row.id, {
      groupName: row.name,
      groupPosition: rank.get(row.departmentId)!,
      // Within the department: the menu's order (category, then entry); off the menu last.
      productPosition: menu
        ? menu.groupPosition * 1_000_000 + menu.productPosition
        : Number.MAX_SAFE_INTEGER - 1,
    });
  }
  return places;
}

async function lastPrintOf(db: Db, branchId: number | null, day: IsoDate) {
  let query = db
    .selectFrom("productionListPrints as p")
    .leftJoin("users as u", "u.id", "p.printedBy")
    .select(["p.printedAt", "p.rows", "u.name as printedByName"])
    .where("p.day", "=", day)
    .orderBy("p.printedAt", "desc")
    .orderBy("p.id", "desc")
    .limit(1);
  query =
    branchId === null
      ? query.where("p.branchId", "is", null)
      : query.where("p.branchId", "=", branchId);
  return query.executeTakeFirst();
}

/** The list for `?tag=&filiale=` as this staff member may see it; 400/403 for bad choices. */
export async function productionFor(
  db: Db,
  user: StaffUser,
  search: URLSearchParams,
  now: Date = new Date(),
): Promise<Outcome<ProductionView>> {
  const filters = productionFilters(search, now);
  if (!filters.ok) return filters;
  const { day, branchId, grouping } = filters.value;
  const branches = await branchChoicesWithin(db, branchScope(user));
  if (branchId !== null) {
    const exists = await db
      .selectFrom("branches")
      .select("id")
      .where("id", "=", branchId)
      .executeTakeFirst();
    if (!exists) return refused(400, de.badBranch, "filiale");
    if (!canAccessBranch(user, branchId)) return refused(403, de.badBranch, "filiale");
  }
  const branchIds = branchId !== null ? [branchId] : branches.map((choice) => Number(choice.value));
  const [lines, print] = await Promise.all([
    dueLines(db, branchIds, day, grouping),
    lastPrintOf(db, branchId, day),
  ]);
  const lastPrint = print
    ? { at: print.printedAt, rows: print.rows as PrintedRow[], by: print.printedByName ?? "" }
    : null;
  const list = productionList(lines, lastPrint, de.files);
  const today = dateOf(now);
  return succeeded({
    filters: { tag: day, filiale: branchId === null ? "" : String(branchId), gruppe: grouping },
    dayText: formatDate(startOfDate(day, BUSINESS_TIME_ZONE)),
    branchText:
      branchId === null
        ? de.allBranches
        : (branches.find((choice) => choice.value === String(branchId))?.label ?? ""),
    today,
    tomorrow: addDays(today, 1),
    branches,
    list,
    lastPrint: lastPrint ? { at: lastPrint.at, by: lastPrint.by } : null,
  });
}

/**
 * A refusal when the address names a branch the member does not work for, else null: a wrong
 * method is told so only to those who may use the list at all.
 */
export function foreignBranch(user: StaffUser, search: URLSearchParams) {
  const branchId = parseId(search.get("filiale") ?? search.get("branchId") ?? "");
  return branchId !== null && !canAccessBranch(user, branchId)
    ? refused(403, de.badBranch, "filiale")
    : null;
}

/** Remembers what was printed, so that the list can show what changed since (decision 103). */
export async function recordPrint(
  db: Db,
  user: StaffUser,
  view: ProductionView,
  at: Date = new Date(),
): Promise<void> {
  await db
    .insertInto("productionListPrints")
    .values({
      branchId: view.filters.filiale === "" ? null : Number(view.filters.filiale),
      day: view.filters.tag,
      printedAt: at,
      printedBy: user.id,
      rows: JSON.stringify(printedRows(view.list)),
    })
    .execute();
}

/** `+2 Stk.`, `−250 g`, `entfällt` (all orders of the row canceled); "" when unchanged. */
export function changeText(row: ProductionList["groups"][number]["rows"][number]): string {
  if (row.change === 0) return "";
  if (row.amount === 0) return de.gone;
  const unit = unitsDe.units[row.unit];
  return de.changeText(row.change, Math.abs(row.change) === 1 ? unit.short : unit.shortPlural);
}

/** One row per product and variant; the notes joined, each with its ticket number. */
export function productionCsv(view: ProductionView): { body: string; filename: string } {
  const rows = view.list.groups.flatMap((group) =>
    group.rows.map((row) => [
      group.name,
      row.productName,
      row.variant,
      formatNumber(row.amount),
      unitsDe.units[row.unit].short,
      row.orders,
      row.firstDue ? formatTime(row.firstDue) : "",
      row.notes.map((note) => `${de.ticket(note.ticketNumber)}: ${note.text}`).join(" | "),
      changeText(row),
    ]),
  );
  const body = csvDocument([
    [
      de.group,
      de.product,
      de.variant,
      de.amount,
      de.unit,
      de.orders,
      de.firstDue,
      de.notes,
      de.change,
    ],
    ...rows,
  ]);
  const branch = view.filters.filiale === "" ? "alle" : `filiale-${view.filters.filiale}`;
  return { body, filename: `backliste-${view.filters.tag}-${branch}.csv` };
}

/** The JSON answer of `GET /api/production-lists` (section 7 style: data in `data`). */
export function productionJson(view: ProductionView) {
  return {
    day: view.filters.tag,
    branchId: view.filters.filiale === "" ? null : Number(view.filters.filiale),
    groupBy: view.filters.gruppe === "abteilung" ? "department" : "category",
    orderCount: view.list.orderCount,
    lastPrintedAt: view.lastPrint?.at.toISOString() ?? null,
    changedRows: view.list.changedRows,
    groups: view.list.groups.map((group) => ({
      name: group.name,
      rows: group.rows.map((row) => ({
        productName: row.productName,
        variant: row.variant,
        amount: row.amount,
        unit: row.unit,
        orders: row.orders,
        firstDue: row.firstDue?.toISOString() ?? null,
        printedAmount: row.printedAmount,
        change: row.change,
        notes: row.notes.map((note) => ({
          orderId: note.orderId,
          ticketNumber: note.ticketNumber,
          due: note.due.toISOString(),
          text: note.text,
          isNew: note.isNew,
        })),
      })),
    })),
  };
}

/** 'Zuletzt gedruckt am 19.12.2026, 18:05 von Anna Beispiel.' */
export function lastPrintText(view: ProductionView): string {
  if (!view.lastPrint) return de.neverPrinted;
  return de.printedAt(formatDateTime(view.lastPrint.at), view.lastPrint.by);
}

/** A note as the PDF and the receipt print it: 'Nr. 12, 11:00: Aufschrift: Anna (neu)'. */
export function noteText(note: ProductionList["groups"][number]["rows"][number]["notes"][number]) {
  return `${de.ticket(note.ticketNumber)}, ${formatTime(note.due)}: ${note.text}${note.isNew ? ` (${de.newNote})` : ""}`;
}

/**
 * The short list for the receipt printer (decision 107): the rows still to make (a row whose
 * orders were all canceled is left off), with what the night shift needs and no customer data.
 */
export function productionTicket(view: ProductionView, now: Date): ProductionTicket {
  return {
    title: de.title,
    day: view.dayText,
    branch: view.branchText,
    printedAt: de.printedOn(formatDateTime(now)),
    groups: view.list.groups
      .map((group) => ({
        name: group.name,
        rows: group.rows
          .filter((row) => row.amount > 0)
          .map((row) => ({
            product: row.productName,
            variant: row.variant,
            quantity: row.quantity,
            firstDue: row.firstDue ? formatTime(row.firstDue) : "",
            notes: row.notes.map(noteText),
          })),
      }))
      .filter((group) => group.rows.length > 0),
  };
}

/**
 * The receipt printers the list can go to: the branch's, or with "Alle Filialen" those of every
 * branch the member works for (the choice of printer then names the branch, decision 107).
 */
export async function printersFor(db: Db, view: ProductionView): Promise<ReceiptPrinter[]> {
  const branchIds =
    view.filters.filiale === ""
      ? view.branches.map((branch) => Number(branch.value))
      : [Number(view.filters.filiale)];
  return receiptPrintersOf(db, branchIds);
}

/**
 * Puts the short list on a receipt printer (decision 107). `search` holds the page's fields
 * (`tag`, `filiale`, `gruppe`), `printerText` the chosen printer, which may be left out when the
 * branch has one. With "Alle Filialen" no single printer serves every branch: a printer must be
 * chosen, and its branch's list is printed. The job and the print's record are one transaction.
 * A 400 names a missing or foreign printer (or a bad field), a 409 says there is nothing to print
 * or no printer.
 */
export async function printOnReceiptPrinter(
  db: Db,
  user: StaffUser,
  search: URLSearchParams,
  printerText: string,
  now: Date = new Date(),
): Promise<Outcome<{ jobId: number; printer: ReceiptPrinter; view: ProductionView }>> {
  const first = await productionFor(db, user, search, now);
  if (!first.ok) return first;
  const printers = await printersFor(db, first.value);
  const allBranches = first.value.filters.filiale === "";
  let printer: ReceiptPrinter | undefined;
  if (printerText.trim() === "") {
    if (printers.length === 0) return refused(409, de.noPrinter, "drucker");
    if (allBranches) return refused(400, de.receiptNeedsBranch, "drucker");
    if (printers.length > 1) return refused(400, de.badPrinter, "drucker");
    printer = printers[0];
  } else {
    const id = parseId(printerText.trim());
    printer = printers.find((candidate) => candidate.id === id);
  }
  if (!printer) {
    return printers.length === 0
      ? refused(409, de.noPrinter, "drucker")
      : refused(400, de.badPrinter, "drucker");
  }
  const chosen = printer;
  let view = first.value;
  if (allBranches) {
    const branchSearch = new URLSearchParams(search);
    branchSearch.set("filiale", String(chosen.branchId));
    const own = await productionFor(db, user, branchSearch, now);
    if (!own.ok) return own;
    view = own.value;
  }
  if (view.list.groups.every((group) => group.rows.every((row) => row.amount === 0))) {
    return refused(409, de.nothingForPdf);
  }
  const ticket = productionTicket(view, now);
  const jobId = await db.transaction().execute(async (trx) => {
    const id = await queueProductionTicket(trx, chosen.id, ticket);
    await recordPrint(trx, user, view, now);
    return id;
  });
  announceProductionTicket();
  return succeeded({ jobId, printer: chosen, view });
}
