import type { Transaction } from "kysely";
import type { z } from "zod";
import type { Db } from "#app/db/schema";
import type { StaffRole } from "#app/domain/staff-permissions";
import type { ResourceTexts } from "#app/i18n/de-backoffice";
import type { StaffUser } from "#app/features/staff/staff-auth.server";
import type { Field } from "./fields";

/**
 * What a standard resource is (decision 035): the description an area gives in its
 * `<name>.resource.ts`, and the records and answers of the engine (`resource.server.ts`).
 */

export type Row = Record<string, unknown> & { id: number; version: string };
/** Records as this service returns them, with the version a later update must name. */
export type Problem = { message: string; field?: string };
export type Outcome<T> =
  { ok: true; value: T } | { ok: false; status: 400 | 403 | 404 | 409; errors: Problem[] };

/** Tables whose rows join two records (a branch's tags). */
export interface LinkTable {
  /** The reference field (multiple) it stores. */
  field: string;
  table: string;
  /** Column pointing at this resource's row. */
  own: string;
  /** Column pointing at the referenced row. */
  other: string;
  /** Column keeping the order of the list (a branch's images), written as 0, 1, 2 … */
  position?: string;
}

export interface ListColumn {
  /** A field or column name. */
  name: string;
  label: string;
  sortable?: boolean;
  /** Sorted by `lower(column)` (a text column with an index on it, such as products' name). */
  caseInsensitive?: boolean;
}

/**
 * A small form beside a record in the list (sold out today, say): one button posting `fields` to
 * `action`. Rendered by the list page; with JavaScript it posts by a fetcher with `mode=fetch`
 * (the endpoint may answer data then, and the list reloads), without it as a plain form whose
 * endpoint redirects back to the list (`returnTo`, given to `rowActions`).
 */
export interface RowAction {
  /** Unique within the row. */
  key: string;
  label: string;
  /** The button's name for screen readers: the record's name in it. */
  accessibleLabel: string;
  /** The form's target, a back-office path. */
  action: string;
  fields: Record<string, string>;
  variant?: "primary" | "secondary" | "danger" | "quiet";
}

export interface ListFilter {
  name: string;
  param: string;
  label: string;
  /** The first option is "all" (value ""). */
  options: readonly { value: string; label: string }[];
}

export interface ListNotice {
  message: string;
  link: { label: string; href: string };
}

/**
 * The JSON API's name of a value that is no registry field (a list of child rows in
 * `extraSchema`), where the spec names it otherwise (decision 097).
 */
export interface ApiNaming {
  /** The spec's name; a dotted one is a key of an object (`config.parts`: `{ config: { parts } }`). */
  name?: string;
  /** The keys of each row of the list: the project's name → the spec's (`taxRate` → `tax`). */
  rows?: Readonly<Record<string, string>>;
}

export interface ResourceDefinition {
  /** The URL's name: /backend/<name>, /api/<name>. */
  name: string;
  /** The audit log's entity type. */
  entityType: string;
  table: string;
  texts: ResourceTexts;
  fields: readonly Field[];
  listColumns: readonly ListColumn[];
  /** Columns a search looks in (case-insensitive substring). */
  searchColumns: readonly string[];
  defaultSort: { column: string; direction: "asc" | "desc" };
  /**
   * Columns the list may be narrowed by, as query parameters of the same name
   * (`/api/tasks?state=open&assigneeId=4`): `id` for a reference, `text` for a fixed value.
   */
  filterColumns?: Readonly<Record<string, "id" | "text" | "date" | "number">>;
  /**
   * Filters the list page offers as a choice (a product's dine-in rate), each a `filterColumns`
   * name read from the query parameter `param`; a value not among the options means "all".
   */
  listFilters?: readonly ListFilter[];
  /** A standing remark above the list with a link (food still taxed at 19 % eaten in), or null. */
  listNotice?(db: Db): Promise<ListNotice | null>;
  /** The record's name in titles and confirmations. */
  titleOf(row: Record<string, unknown>): string;
  /**
   * Who may use it: shop-wide resources need an administrator; branch resources name the column
   * holding the branch (`id` for branches themselves) and admit the roles given for their branches.
   */
  access: { roles: readonly StaffRole[]; branchColumn?: string };
  links?: readonly LinkTable[];
  /** Why the record cannot go (orders still point at it), or null. */
  inUse?(db: Db, id: number): Promise<string | null>;
  /** Checks across records the schema cannot make (a rule about two fields, say). */
  check?(db: Db, input: Record<string, unknown>, id: number | null): Promise<Problem[]>;
  /** Child rows and other writes besides the table's own columns. */
  afterWrite?(trx: Transaction<any>, id: number, input: Record<string, unknown>): Promise<void>;
  /**
   * Columns worked out from the input inside the write's transaction, beside the fields stored as
   * they are (a menu's `availableFrom`, typed in the shop's time zone, stored as an instant).
   */
  storedColumns?(
    trx: Transaction<any>,
    input: Record<string, unknown>,
  ): Promise<Record<string, unknown>>;
  /** Rows of a list as the records read them (an instant shown in the shop's zone). */
  listRows?(db: Db, rows: Row[]): Promise<Row[]>;
  /** Child rows read with one record (opening hours, delivery areas). */
  loadExtra?(db: Db, id: number): Promise<Record<string, unknown>>;
  /**
   * `GET /api/<name>` (and so `GET /api/init`) shows each row with its `loadExtra` too, as
   * `GET /api/<name>/{id}` does (decision 099): for few rows a client needs whole at start.
   */
  listsExtra?: boolean;
  /** The table has `updated_at`, set on every update. */
  touchesUpdatedAt?: boolean;
  /** What the edit page shows beside the form (a preview), from the stored record. */
  pageExtras?(db: Db, row: Row, site: { publicOrigin: string }): Promise<Record<string, unknown>>;
  /** Turns an editor's row buttons (add, remove) into conform's list intents, before parsing. */
  prepareForm?(form: FormData): FormData;
  /** Schemas of the fields handled by `afterWrite` (lists of child rows), beside the registry's. */
  extraSchema?: z.ZodRawShape;
  /** Fields handled by `afterWrite` and `loadExtra` rather than stored as columns. */
  extraFields?: readonly string[];
  /**
   * The JSON API's names of `extraSchema` lists the spec names otherwise, by their project name
   * (decision 097; a field says its own with `apiName`). Both names are accepted.
   */
  extraApiNames?: Readonly<Record<string, ApiNaming>>;
  /**
   * Rules across fields and child rows (a minimum above the maximum), as issues with the field's
   * path: the form shows them beside the field, the API names it, like any schema error.
   */
  refine?(input: Record<string, unknown>, context: z.RefinementCtx): void;
  /** Notices after a redirect beyond the shared ones, by their word (`?hinweis=kopiert`). */
  notices?: Readonly<Record<string, string>>;
  /**
   * Buttons of a stored record's edit page besides saving and deleting, each a plain POST form to
   * `/backend/<name>/<id>/<path>` (a product's "Kopieren").
   */
  pageActions?: readonly { label: string; path: string }[];
  /** Choices the child-row editors offer (a bundle's products), by name, for the edit page. */
  extraChoices?(db: Db): Promise<Record<string, { value: string; label: string }[]>>;
  /**
   * Per-row actions of the list page (small forms beside each record), for the rows of one page
   * at once (one query, not one per row), by row id. `returnTo` is the list's address.
   */
  rowActions?(
    db: Db,
    rows: readonly Row[],
    user: StaffUser,
    context: { returnTo: string },
  ): Promise<ReadonlyMap<number, readonly RowAction[]>>;
}
