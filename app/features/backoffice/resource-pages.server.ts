import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type AppLoadContext } from "@remix-run/node";
import type { Kysely } from "kysely";
import type { Db } from "#app/db/schema";
import { isAdmin } from "#app/domain/staff-permissions";
import { parseId } from "#app/domain/values";
import { de } from "#app/i18n/de-backoffice";
import { forbidden, requireStaff, type StaffUser } from "#app/features/staff/staff-auth.server";
import { idParam } from "#app/server/route-params.server";
import { formValue, type Field } from "./fields";
import { imagePreviews, readResourceForm, withoutRemoved } from "./resource-images.server";
import {
  checkNamedUploads,
  keepChosen,
  readStaged,
  withStagedFiles,
  writeWithFiles,
} from "./staged-images.server";
import {
  createRecord,
  deleteRecord,
  getRecord,
  listRecords,
  mayCreate,
  mayUse,
  resourceNamed,
  schemaFor,
  updateRecord,
  type Outcome,
  type ResourceDefinition,
  type Row,
} from "./resource.server";

/**
 * The HTML side of every back-office resource (decision 035): a list page with search, sorting
 * and paging (`?suche=&sort=&richtung=&seite=`), and an edit page that is a plain form (conform
 * without JavaScript), with a version check and a confirmation step before deleting
 * (`?bestaetigen=loeschen`). Notices after a redirect travel as a word (`?hinweis=gespeichert`).
 */

const texts = de.resources;
const PAGE_SIZE = 25;

export type Choice = { value: string; label: string };

async function guardPage(
  request: Request,
  context: AppLoadContext,
  definition: ResourceDefinition,
) {
  const user = await requireStaff(request, context);
  if (!mayUse(definition, user)) throw forbidden("page");
  return { definition, user };
}

const any = (db: Db) => db as unknown as Kysely<any>;

/** The choices of every reference field: names by id, within the user's branches. */
async function referenceChoices(db: Db, definition: ResourceDefinition, user: StaffUser) {
  const choices: Record<string, Choice[]> = {};
  for (const field of definition.fields) {
    if (field.type !== "reference") continue;
    let query = any(db)
      .selectFrom(resourceNamed(field.resource)?.table ?? field.resource)
      .select(["id", "name"])
      .orderBy("name")
      .limit(1_000);
    // A record of a branch (a branch itself, a task's project): a manager chooses among those of
    // their own branches; the list named every branch's projects.
    const branchColumn = resourceNamed(field.resource)?.access.branchColumn;
    if (branchColumn && !isAdmin(user)) {
      query = query.where(branchColumn, "in", user.branchIds.length ? [...user.branchIds] : [-1]);
    }
    // People (a task's assignee): a manager chooses among the staff of their own branches.
    if (field.resource === "users" && !isAdmin(user)) {
      query = query.where((eb: any) =>
        eb.exists(
          eb
            .selectFrom("user_branches")
            .select("user_branches.user_id")
            .whereRef("user_branches.user_id", "=", "users.id")
            .where(
              "user_branches.branch_id",
              "in",
              user.branchIds.length ? [...user.branchIds] : [-1],
            ),
        ),
      );
    }
    const rows = (await query.execute()) as { id: number; name: string }[];
    choices[field.name] = rows.map((row) => ({ value: String(row.id), label: row.name }));
  }
  return choices;
}

function noticeOf(request: Request, definition: ResourceDefinition): string | null {
  const word = new URL(request.url).searchParams.get("hinweis");
  if (word && definition.notices && Object.hasOwn(definition.notices, word)) {
    return definition.notices[word] ?? null;
  }
  switch (word) {
    case "angelegt":
      return definition.texts.created;
    case "gespeichert":
      return definition.texts.updated;
    case "geloescht":
      return definition.texts.deleted;
    default:
      return null;
  }
}

/** How a value shows in a list cell. */
function cellText(field: Field | undefined, value: unknown, choices: Choice[] | undefined) {
  if (value === null || value === undefined || value === "") return "–";
  if (field?.type === "boolean") return value ? "ja" : "nein";
  if (field?.type === "money" && typeof value === "number") {
    return `${(value / 100).toLocaleString("de-DE", { minimumFractionDigits: 2 })} €`;
  }
  if (field?.type === "reference") {
    const ids = Array.isArray(value) ? value : [value];
    return ids.map((id) => choices?.find((c) => c.value === String(id))?.label ?? id).join(", ");
  }
  if (field?.type === "date" && typeof value === "string") {
    // 'YYYY-MM-DD', 'HH:mm' or 'YYYY-MM-DDTHH:mm' (in the shop's zone), shown the German way.
    const match = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}:\d{2}))?$/.exec(value);
    if (match) return `${match[3]}.${match[2]}.${match[1]}${match[4] ? `, ${match[4]} Uhr` : ""}`;
  }
  if (field?.type === "select") {
    return field.options.find((option) => option.value === value)?.label ?? String(value);
  }
  return String(value);
}

export async function resourceListLoader(
  request: Request,
  context: AppLoadContext,
  definition: ResourceDefinition,
) {
  const { user } = await guardPage(request, context, definition);
  const url = new URL(request.url);
  const search = (url.searchParams.get("suche") ?? "").slice(0, 100);
  const branchFilter = parseId(url.searchParams.get("filiale"));
  // A choice filter's value counts only when it is one of its options; otherwise all rows.
  const filters = (definition.listFilters ?? []).map((filter) => {
    const raw = url.searchParams.get(filter.param) ?? "";
    const value = filter.options.some((option) => option.value === raw) ? raw : "";
    return { ...filter, value };
  });
  const listed = await listRecords(context.db, definition, user, {
    filters: Object.fromEntries(filters.map((filter) => [filter.name, filter.value])),
    search,
    sort: url.searchParams.get("sort") ?? undefined,
    direction: url.searchParams.get("dir") === "desc" ? "desc" : "asc",
    page: parseId(url.searchParams.get("seite")) ?? 1,
    pageSize: PAGE_SIZE,
    branchId: branchFilter ?? undefined,
  });
  if (!listed.ok) throw forbidden("page");
  const choices = await referenceChoices(context.db, definition, user);
  const fields = new Map(definition.fields.map((field) => [field.name, field]));
  const { rows, ...paging } = listed.value;
  const actions = definition.rowActions
    ? await definition.rowActions(context.db, rows, user, {
        returnTo: `${url.pathname}${url.search}`,
      })
    : null;
  return {
    name: definition.name,
    texts: definition.texts,
    canCreate: mayCreate(definition, user),
    notice: noticeOf(request, definition),
    search,
    branchFilter: branchFilter ? String(branchFilter) : "",
    filters: filters.map(({ param, label, options, value }) => ({ param, label, options, value })),
    standingNotice: definition.listNotice ? await definition.listNotice(context.db) : null,
    branchChoices:
      definition.access.branchColumn && definition.access.branchColumn !== "id"
        ? (choices[definition.access.branchColumn] ?? [])
        : null,
    columns: definition.listColumns.map(({ name, label, sortable }) => ({
      name,
      label,
      sortable: Boolean(sortable),
    })),
    rows: rows.map((row) => ({
      id: row.id,
      title: definition.titleOf(row),
      cells: definition.listColumns.map((column) =>
        cellText(fields.get(column.name), row[column.name], choices[column.name]),
      ),
      actions: actions?.get(row.id) ?? [],
    })),
    hasRowActions: actions !== null,
    paging,
  };
}

// ——— Edit page ———

/** The edit page's guard, and which record it is: none for the new page, 404 for a bad id. */
async function guardEdit(
  request: Request,
  context: AppLoadContext,
  params: { id?: string },
  definition: ResourceDefinition,
) {
  const { user } = await guardPage(request, context, definition);
  const isNew = params.id === undefined;
  return { user, isNew, id: isNew ? null : idParam(params.id) };
}

export function formDefaults(definition: ResourceDefinition, row: Row | null) {
  if (!row) return {};
  return Object.fromEntries(
    definition.fields.map((field) => [field.name, formValue(field, row[field.name])]),
  );
}

export async function resourceEditLoader(
  request: Request,
  context: AppLoadContext,
  params: { id?: string },
  definition: ResourceDefinition,
) {
  const { user, isNew, id } = await guardEdit(request, context, params, definition);
  if (isNew && !mayCreate(definition, user)) throw forbidden("page");
  let row: Row | null = null;
  if (id !== null) {
    const loaded = await getRecord(context.db, definition, user, id);
    if (!loaded.ok) throw outcomeResponse(loaded);
    row = loaded.value;
  }
  return {
    name: definition.name,
    texts: definition.texts,
    title: row ? definition.titleOf(row) : definition.texts.newTitle,
    isNew,
    id: row?.id ?? null,
    version: row?.version ?? null,
    defaults: formDefaults(definition, row),
    fields: definition.fields,
    choices: {
      ...(await referenceChoices(context.db, definition, user)),
      // The child-row editors' choices (a bundle's products): the edit page only, not the list.
      ...(definition.extraChoices ? await definition.extraChoices(context.db) : {}),
    },
    images: await imagePreviews(context.db, definition.fields, row),
    notice: noticeOf(request, definition),
    canDelete: mayCreate(definition, user),
    actions:
      row && mayCreate(definition, user)
        ? (definition.pageActions ?? []).map(({ label, path }) => ({
            label,
            action: `/backend/${definition.name}/${row.id}/${path}`,
          }))
        : [],
    confirmDelete: !isNew && new URL(request.url).searchParams.get("bestaetigen") === "loeschen",
    /** The lists and values edited beside the registry's fields (a branch's hours). */
    extras: Object.fromEntries(
      (definition.extraFields ?? []).map((name) => [name, row?.[name] ?? null]),
    ) as Record<string, unknown>,
    pageExtras:
      row && definition.pageExtras
        ? await definition.pageExtras(context.db, row, {
            publicOrigin: context.config.publicOrigin,
          })
        : null,
  };
}

function outcomeResponse(outcome: Exclude<Outcome<unknown>, { ok: true }>) {
  if (outcome.status === 404) return new Response(null, { status: 404, statusText: "Not Found" });
  if (outcome.status === 403) return forbidden("page");
  return new Response(outcome.errors[0]?.message ?? null, { status: outcome.status });
}

/** The stored fields that differ from what the editor sent, for a refused stale save. */

export function conflicts(
  definition: ResourceDefinition,
  current: Row,
  sent: Record<string, unknown>,
) {
  return definition.fields
    .filter((field) => {
      const stored = formValue(field, current[field.name]) ?? "";
      const typed = sent[field.name] ?? "";
      return JSON.stringify(stored) !== JSON.stringify(typed);
    })
    .map((field) => ({
      label: field.label,
      current: String(formValue(field, current[field.name]) ?? "–"),
    }));
}

/**
 * The version an editor's form was read at. A page that keeps what was typed (a row added or
 * removed, a refusal, a preview) answers with it, never with the version the loader reads again:
 * that would let the next save overwrite, unseen, whatever someone else saved meanwhile.
 */
export function postedVersion(form: { get(name: string): unknown }): string | null {
  const posted = form.get("version");
  return typeof posted === "string" && posted !== "" ? posted : null;
}

export async function resourceEditAction(
  request: Request,
  context: AppLoadContext,
  params: { id?: string },
  definition: ResourceDefinition,
) {
  const { user, isNew, id } = await guardEdit(request, context, params, definition);
  const read = await readResourceForm(request);
  const form = read?.form;
  const base = `/backend/${definition.name}`;
  if (!read || !form) {
    return data(
      { result: null, message: texts.edit.badRequest, conflict: null, version: null, staged: null },
      400,
    );
  }
  const writer = { user, clientAddress: context.clientAddress };
  const typedVersion = postedVersion(form);

  if (form.get("intent") === "delete" && id !== null) {
    const deleted = await deleteRecord(context.db, definition, writer, id);
    if (!deleted.ok) {
      if (deleted.status === 404 || deleted.status === 403) throw outcomeResponse(deleted);
      return data(
        {
          result: null,
          message: deleted.errors[0]?.message ?? null,
          conflict: null,
          version: null,
          staged: null,
        },
        deleted.status,
      );
    }
    return redirect(`${base}?hinweis=geloescht`);
  }

  const { formData, staged, submission } = await readSubmission(
    context.db,
    definition,
    user.id,
    form,
  );
  /** The page again with every typed value: chosen pictures are staged, not dropped. */
  const again = async (
    result: SubmissionResult<string[]>,
    status: number,
    extra: {
      message?: string | null;
      conflict?: ReturnType<typeof conflicts>;
      version?: string;
    } = {},
  ) => {
    const { staged: shown, errors } = await keepChosen(
      context.db,
      context,
      user.id,
      definition.fields,
      read,
      staged,
      formData,
    );
    return data(
      {
        result: errors.length ? withFieldErrors(result, errors) : result,
        message: extra.message ?? null,
        conflict: extra.conflict ?? null,
        version: extra.version ?? typedVersion,
        staged: shown,
      },
      errors.length && status === 200 ? 400 : status,
    );
  };
  if (submission.status === undefined) {
    // A row was added or removed (no JavaScript): the page again, with every typed value. A new
    // row is not checked yet: its empty fields say nothing until the user saves (issue 36).
    return again({ ...submission.reply(), error: undefined }, 200);
  }
  if (submission.status !== "success") {
    return again(submission.reply(), 400);
  }
  const checked = await checkNamedUploads(definition.fields, read);
  if (!checked.ok) return again(submission.reply(), 400);
  const files = await withStagedFiles(context, staged, checked.files, formData);
  if (!files.ok) {
    return again(refusedReply(submission, [{ field: files.field, message: files.message }]), 400);
  }
  const outcome: Outcome<Row> = await writeWithFiles(context, files.files, staged, (uploads) =>
    id === null
      ? createRecord(context.db, definition, { ...writer, uploads }, submission.value)
      : updateRecord(
          context.db,
          definition,
          { ...writer, uploads },
          id,
          submission.value,
          String(form.get("version") ?? ""),
        ),
  );
  if (outcome.ok) {
    return redirect(`${base}/${outcome.value.id}?hinweis=${isNew ? "angelegt" : "gespeichert"}`);
  }
  if (outcome.status === 404 || outcome.status === 403) throw outcomeResponse(outcome);
  if (outcome.status === 409 && id !== null) {
    // Someone saved in between: keep what this editor typed, show what is stored now, and take
    // the new version, so that saving again is a conscious choice to overwrite.
    const current = await getRecord(context.db, definition, user, id);
    if (!current.ok) throw outcomeResponse(current);
    return again(submission.reply(), 409, {
      message: outcome.errors[0]?.message ?? texts.edit.stale,
      conflict: conflicts(definition, current.value, submission.payload),
      version: current.value.version,
    });
  }
  return again(refusedReply(submission, outcome.errors), outcome.status);
}

/** Upload refusals added beside their fields to a reply that may already hold errors. */
export function withFieldErrors(
  result: SubmissionResult<string[]>,
  errors: readonly { message: string; field: string }[],
): SubmissionResult<string[]> {
  const error: Record<string, string[] | null> = { ...(result.error ?? {}) };
  for (const entry of errors) error[entry.field] = [...(error[entry.field] ?? []), entry.message];
  return { ...result, error };
}

/** A service's refusal as the form's reply: each message beside its field, the rest on top. */
export function refusedReply(
  submission: {
    reply: (options: {
      fieldErrors: Record<string, string[]>;
      formErrors: string[];
    }) => SubmissionResult<string[]>;
  },
  errors: readonly { message: string; field?: string }[],
) {
  const fieldErrors: Record<string, string[]> = {};
  const formErrors: string[] = [];
  for (const error of errors) {
    if (error.field) (fieldErrors[error.field] ??= []).push(error.message);
    else formErrors.push(error.message);
  }
  return submission.reply({ fieldErrors, formErrors });
}

/**
 * A posted resource form as the schema reads it: the pictures ticked for removal left out, the
 * pictures chosen on an earlier round trip of the page (decision 080), and the parsed submission.
 * The edit pages and the settings page read their forms alike.
 */
export async function readSubmission(
  db: Db,
  definition: ResourceDefinition,
  userId: number,
  form: FormData | URLSearchParams,
) {
  const formData = withoutRemoved(definition.fields, form);
  const staged = await readStaged(db, definition.fields, userId, formData);
  const submission = parseWithZod(definition.prepareForm?.(formData) ?? formData, {
    schema: schemaFor(definition),
    disableAutoCoercion: true,
  });
  return { formData, staged, submission };
}
