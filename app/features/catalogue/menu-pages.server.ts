import { data, redirect, type AppLoadContext } from "@remix-run/node";
import { parseId } from "#app/domain/values";
import { readSmallForm } from "#app/features/shared/small-request.server";
import { requireStaff } from "#app/features/staff/staff-auth.server";
import { deCatalogue } from "#app/i18n/de-catalogue";
import { applyStep, copyMenu, loadEditor, parseStep } from "./menu-editor.server";

/**
 * The catalogue editor's page (`/backend/menus/{id}/catalogue`): guard (administrators, like the
 * menus resource), parse, call the editor's service, redirect back to the row that changed.
 * A step sent by the page's script (`ajax=1`) gets a small JSON answer instead of the redirect.
 */
const t = deCatalogue.menus;

const notFound = () => new Response(null, { status: 404, statusText: "Not Found" });

function menuIdOf(params: { id?: string }): number {
  const id = parseId(params.id);
  if (id === null) throw notFound();
  return id;
}

export async function menuEditorLoader(
  request: Request,
  context: AppLoadContext,
  params: { id?: string },
) {
  await requireStaff(request, context, { roles: ["ROLE_ADMIN"] });
  const url = new URL(request.url);
  const editor = await loadEditor(context.db, menuIdOf(params), new Date(), {
    category: parseId(url.searchParams.get("kategorie")),
    text: url.searchParams.get("suche") ?? "",
  });
  if (!editor) throw notFound();
  return {
    ...editor,
    /** The entry whose "verschieben nach" field is open (`?position=`, one row at a time). */
    moving: parseId(url.searchParams.get("position")),
    notice: url.searchParams.get("hinweis") === "gespeichert" ? t.saved : null,
  };
}

export async function menuEditorAction(
  request: Request,
  context: AppLoadContext,
  params: { id?: string },
) {
  const user = await requireStaff(request, context, { roles: ["ROLE_ADMIN"] });
  const menuId = menuIdOf(params);
  const form = await readSmallForm(request);
  if (!form) return data({ ok: false as const, message: t.errors.badIntent }, 400);
  const writer = { user, clientAddress: context.clientAddress };
  if (form.get("intent") === "copy") {
    const copy = await copyMenu(context.db, menuId, writer);
    if (copy === null) throw notFound();
    return redirect(`/backend/menus/${copy}?hinweis=angelegt`);
  }
  const step = parseStep(form);
  if (!step) return data({ ok: false as const, message: t.errors.badIntent }, 400);
  const outcome = await applyStep(context.db, menuId, step, writer);
  if (outcome === null) throw notFound();
  if (!outcome.ok) return data({ ok: false as const, message: outcome.message }, 400);
  if (form.get("ajax") === "1") return { ok: true as const, message: t.saved };
  return redirect(`/backend/menus/${menuId}/catalogue?hinweis=gespeichert#${outcome.anchor}`);
}
