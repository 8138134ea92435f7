import type {
  ActionFunctionArgs,
  LinksFunction,
  LoaderFunctionArgs,
  MetaFunction,
} from "@remix-run/node";
import {
  Form,
  Link,
  useActionData,
  useLoaderData,
  type ShouldRevalidateFunction,
} from "@remix-run/react";
import { MenuEditor } from "#app/features/catalogue/menu-editor";
import { Button, Notice, SelectControl } from "#app/components/ui";
import { menuEditorAction, menuEditorLoader } from "#app/features/catalogue/menu-pages.server";
import { deCatalogue } from "#app/i18n/de-catalogue";
import stylesheet from "#app/styles/catalogue-menus.css?url";
import { staffPageMeta } from "#app/components/backend/staff-page-meta";

/** A menu's categories and products in order: `/backend/menus/{id}/catalogue` (issue 15). */
export const links: LinksFunction = () => [{ rel: "stylesheet", href: stylesheet }];

export const loader = ({ request, context, params }: LoaderFunctionArgs) =>
  menuEditorLoader(request, context, params);
export const action = ({ request, context, params }: ActionFunctionArgs) =>
  menuEditorAction(request, context, params);

const t = deCatalogue.menus;

export const meta: MetaFunction<typeof loader> = ({ data }) =>
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
