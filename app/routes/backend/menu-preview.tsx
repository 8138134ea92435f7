import type { Route } from "#app/server/route-types";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { MenuPreviewDialog } from "#app/features/catalogue/menu-preview-dialog";
import { MenuList } from "#app/components/store/menu-list";
import { Button, SelectControl } from "#app/components/ui";
import { menuPreview } from "#app/features/catalogue/menu-preview.server";
import { requireStaff } from "#app/features/staff/staff-auth.server";
import { idParam, notFound } from "#app/server/route-params.server";
import { deCatalogue } from "#app/i18n/de-catalogue";
import stylesheet from "#app/styles/catalogue-menus.css?url";
import { staffPageMeta } from "#app/components/backend/staff-page-meta";

/** The storefront as a customer will see it on a date: `/backend/menus/{id}/preview` (issue 15). */
export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: stylesheet }];

/** `?date=YYYY-MM-DD&time=HH:mm&branch={id}&produkt={id}`; administrators only. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireStaff(request, context, { roles: ["ROLE_ADMIN"] });
  const menuId = idParam(params.id);
  const search = new URL(request.url).searchParams;
  const page = await menuPreview(context.db, menuId, {
    date: search.get("date"),
    time: search.get("time"),
    branch: search.get("branch"),
    product: search.get("produkt"),
  });
  if (!page) throw notFound();
  return page;
}

const t = deCatalogue.menus;

export const meta: Route.MetaFunction<typeof loader> = ({ data }) =>
  staffPageMeta(data ? t.previewTitle(data.menu.name) : "");

export default function MenuPreview() {
  const page = useLoaderData<typeof loader>();
  return (
    <section className="menu-preview-page">
      <p>
        <Link to={`/backend/menus/${page.menu.id}/catalogue`}>{t.editCatalogue}</Link>
      </p>
      <h1>{t.previewTitle(page.menu.name)}</h1>
      <Form method="get" className="menu-preview-choose">
        <div className="ui-field">
          <label htmlFor="vorschau-datum">{t.previewDate}</label>
          <input id="vorschau-datum" name="date" type="date" defaultValue={page.date} required />
        </div>
        <div className="ui-field">
          <label htmlFor="vorschau-zeit">{t.previewTime}</label>
          <input id="vorschau-zeit" name="time" type="time" defaultValue={page.time} required />
        </div>
        {page.branches.length ? (
          <div className="ui-field">
            <label htmlFor="vorschau-filiale">{t.previewBranch}</label>
            <SelectControl id="vorschau-filiale" name="branch" defaultValue={page.branchId}>
              {page.branches.map((branch) => (
                <option key={branch.value} value={branch.value}>
                  {branch.label}
                </option>
              ))}
            </SelectControl>
          </div>
        ) : null}
        <Button type="submit" variant="secondary">
          {t.previewShow}
        </Button>
      </Form>
      <div className="menu-preview-banner" role="status">
        <strong>{page.banner}</strong>
        {"branchName" in page && page.branchName ? ` · ${page.branchName}` : null}
        <p>{page.state}</p>
        <p>{t.previewHint}</p>
      </div>
      <div className="store-menu">
        <MenuList categories={page.categories} />
      </div>
      {page.dialog ? <MenuPreviewDialog dialog={page.dialog} closeTo={page.closePath} /> : null}
    </section>
  );
}
