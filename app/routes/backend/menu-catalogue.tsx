import { data, redirect } from "@remix-run/node";
import type { Route } from "#app/server/route-types";
import {
  Form,
  Link,
  useActionData,
  useLoaderData,
  type ShouldRevalidateFunction,
} from "@remix-run/react";
import { MenuEditor } from "#app/features/catalogue/menu-editor";
import { Button, Notice, SelectControl } from "#app/components/ui";
import {
  applyStep,
  copyMenu,
  loadEditor,
  parseStep,
} from "#app/features/catalogue/menu-editor.server";
import { readSmallForm } from "#app/features/shared/small-request.server";
import { requireStaff } from "#app/features/staff/staff-auth.server";
import { parseId } from "#app/domain/values";
import { idParam, notFound } from "#app/server/route-params.server";
import { deCatalogue } from "#app/i18n/de-catalogue";
import stylesheet from "#app/styles/catalogue-menus.css?url";
import { staffPageMeta } from "#app/components/backend/staff-page-meta";

/** A menu's categories and products in order: `/backend/menus/{id}/catalogue` (issue 15). */
export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: stylesheet }];

const t = deCatalogue.menus;

/** Guard (administrators, like the menus resource), parse, call the editor's service. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireStaff(request, context, { roles: ["ROLE_ADMIN"] });
  const search = new URL(request.url).searchParams;
  const editor = await loadEditor(context.db, idParam(params.id), new Date(), {
    category: parseId(search.get("kategorie")),
    text: search.get("suche") ?? "",
  });
  if (!editor) throw notFound();
  return {
    ...editor,
    /** The entry whose "verschieben nach" field is open (`?position=`, one row at a time). */
    moving: parseId(search.get("position")),
    notice: search.get("hinweis") === "gespeichert" ? t.saved : null,
  };
}

/**
 * A step redirects back to the row that changed; one sent by the page's script (`ajax=1`) gets a
 * small JSON answer instead of the redirect.
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  const user = await requireStaff(request, context, { roles: ["ROLE_ADMIN"] });
  const menuId = idParam(params.id);
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

export const meta: Route.MetaFunction<typeof loader> = ({ data }) =>
  staffPageMeta(data ? t.editorTitle(data.menu.name) : "");

/** A step saved by the page's script (drag and drop) changes nothing the page must reload. */
export const shouldRevalidate: ShouldRevalidateFunction = ({
  formData,
  defaultShouldRevalidate,
}) => (formData?.get("ajax") === "1" ? false : defaultShouldRevalidate);

export default function MenuCatalogue() {
  const page = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const base = `/backend/menus/${page.menu.id}`;
  return (
    <section className="menu-editor-page">
      <p>
        <Link to={base}>{t.backToMenu}</Link>
      </p>
      <div className="backoffice-heading">
        <h1>{t.editorTitle(page.menu.name)}</h1>
      </div>
      <p className="menu-editor-facts">
        {t.availableFrom}: {formatLocal(page.menu.availableFrom)}
        {page.branches.length
          ? ` · ${t.branches}: ${page.branches.map((b) => b.name).join(", ")}`
          : ""}
        {" · "}
        <Link to={`${base}/preview?date=${page.menu.availableFromDate ?? ""}`}>{t.preview}</Link>
      </p>
      <Notice>{page.notice}</Notice>
      {reply && !reply.ok ? <Notice tone="error">{reply.message}</Notice> : null}
      <MenuEditor
        menuId={page.menu.id}
        categories={page.categories}
        search={page.search}
        moving={page.moving}
      />
      {page.addable.length ? (
        <Form method="post" className="menu-editor-add" preventScrollReset>
          <div className="ui-field">
            <label htmlFor="neue-kategorie">{t.addCategoryLabel}</label>
            <SelectControl id="neue-kategorie" name="category" required>
              {page.addable.map((category) => (
                <option key={category.id} value={category.id}>
                  {category.name}
                </option>
              ))}
            </SelectControl>
          </div>
          <Button type="submit" name="intent" value="category-add">
            {t.addCategory}
          </Button>
        </Form>
      ) : (
        <p className="menu-editor-empty">{t.noCategoryLeft}</p>
      )}
    </section>
  );
}

function formatLocal(value: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}:\d{2})$/.exec(value);
  return match ? `${match[3]}.${match[2]}.${match[1]}, ${match[4]} Uhr` : value;
}
