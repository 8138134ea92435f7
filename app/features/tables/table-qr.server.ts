import QRCode from "qrcode";
import type { Db } from "#app/db/schema";
import { TABLE_PARAM } from "./table-visit";

/**
 * A table's QR code (issue 36, item 4; decision 076): the address of its branch's menu with the
 * table named (`/store/{branch}?tisch={table}`), built from the configured public origin, never
 * from the request's Host header (a code printed from a preview or an internal address would send
 * every guest there).
 */
export function tableMenuUrl(publicOrigin: string, branch: string, table: string): string {
  const path = `/store/${encodeURIComponent(branch)}`;
  return `${publicOrigin}${path}?${new URLSearchParams({ [TABLE_PARAM]: table })}`;
}

// Level M survives a scratch or a coffee ring on a printed code; 4 modules is the quiet zone the
// standard asks for around it.
const OPTIONS = { errorCorrectionLevel: "M", margin: 4 } as const;

/** The code as an SVG document (black on white, scales to any print size). */
export function tableQrSvg(url: string): Promise<string> {
  return QRCode.toString(url, { ...OPTIONS, type: "svg" });
}

/** The code as a PNG, 1,024 pixels square: sharp up to about 8 cm at 300 dpi. */
export function tableQrPng(url: string): Promise<Buffer> {
  return QRCode.toBuffer(url, { ...OPTIONS, type: "png", width: 1024 });
}

export interface TableForCode {
  id: number;
  name: string;
  identifier: string;
  branchId: number;
  branchIdentifier: string;
  branchName: string;
}

function tablesWithBranch(db: Db) {
  return db
    .selectFrom("tables")
    .innerJoin("branches", "branches.id", "tables.branchId")
    .select([
      "tables.id as id",
      "tables.name as name",
      "tables.identifier as identifier",
      "tables.branchId as branchId",
      "branches.identifier as branchIdentifier",
      "branches.name as branchName",
    ]);
}

export async function findTableForCode(db: Db, id: number): Promise<TableForCode | undefined> {
  return tablesWithBranch(db).where("tables.id", "=", id).executeTakeFirst();
}

/** The tables of the given branches (all when `branchIds` is "all"), by branch, then position. */
export async function tablesForSheet(
  db: Db,
  branchIds: "all" | readonly number[],
  limit: number,
): Promise<{ tables: TableForCode[]; total: number }> {
  if (branchIds !== "all" && branchIds.length === 0) return { tables: [], total: 0 };
  let query = tablesWithBranch(db);
  let count = db.selectFrom("tables").select((eb) => eb.fn.countAll<string>().as("total"));
  if (branchIds !== "all") {
    query = query.where("tables.branchId", "in", [...branchIds]);
    count = count.where("tables.branchId", "in", [...branchIds]);
  }
  const [tables, counted] = await Promise.all([
    query
      .orderBy("branches.position")
      .orderBy("branches.name")
      .orderBy("tables.position")
      .orderBy("tables.name")
      .orderBy("tables.id")
      .limit(limit)
      .execute(),
    count.executeTakeFirstOrThrow(),
  ]);
  return { tables, total: Number(counted.total) };
}
