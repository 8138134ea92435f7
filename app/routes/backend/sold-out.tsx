import { data } from "@remix-run/node";
import type { Route } from "#app/server/route-types";
import { useLoaderData } from "@remix-run/react";
import { SoldOutToggle } from "#app/components/backend/sold-out-toggle";
import { Badge, DataTable, FilterBar, Select, TextInput } from "#app/components/ui";
import { soldOutPage } from "#app/features/catalogue/sold-out-view.server";
import { forbidden, requireStaff } from "#app/features/staff/staff-auth.server";
import { firstMessage } from "#app/server/outcome";
import { deCatalogue } from "#app/i18n/de-catalogue";
import soldOutStyles from "#app/styles/sold-out.css?url";
import { staffPageMeta } from "#app/components/backend/staff-page-meta";

/** "Heute ausverkauft" for one branch (decision 036), linked from the order board. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireStaff(request, context);
  const url = new URL(request.url);
  const page = await soldOutPage(context.db, user, {
    branch: url.searchParams.get("branch"),
    search: url.searchParams.get("suche"),
    returnTo: `${url.pathname}${url.search}`,
  });
  if (page.ok) return page.value;
  if (page.status === 403) throw forbidden("page", firstMessage(page));
  throw data({ message: firstMessage(page) }, { status: page.status });
}

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: soldOutStyles }];

const texts = deCatalogue.soldOut;

export const meta: Route.MetaFunction = () => staffPageMeta(texts.title);

export default function SoldOutPage() {
  const page = useLoaderData<typeof loader>();
  const branch = page.branch;
  return (
    <section className="sold-out-page" aria-labelledby="sold-out-title">
      <h1 id="sold-out-title">
        {texts.title}
        {branch ? ` – ${branch.name}` : null}
      </h1>
      <p>{texts.intro}</p>
      <FilterBar label={texts.search} resetHref="/backend/sold-out" submitLabel={texts.show}>
        {page.branches.length > 1 ? (
          <Select
            id="sold-out-branch"
            name="branch"
            label={texts.branch}
            defaultValue={branch ? String(branch.id) : ""}
            options={page.branches}
          />
        ) : branch ? (
          <input type="hidden" name="branch" value={branch.id} />
        ) : null}
        <TextInput
          id="sold-out-search"
          name="suche"
          type="search"
          label={texts.search}
          defaultValue={page.search}
          maxLength={100}
        />
      </FilterBar>
      {!branch || !page.hasMenu ? (
        <p>{texts.noMenu}</p>
      ) : page.rows.length === 0 ? (
        <p>{texts.noHits}</p>
      ) : (
        <>
          <p className="sold-out-count">{texts.count(page.total, page.soldOutCount)}</p>
          <DataTable
            label={texts.tableLabel}
            columns={[
              { key: "product", label: texts.columns.product },
              { key: "state", label: texts.columns.state },
              { key: "action", label: texts.columns.action },
            ]}
            sort={{ key: null, dir: "asc" }}
          >
            {page.rows.map((row) => (
              <tr key={row.id} className={row.soldOut ? "sold-out-row" : undefined}>
                <th scope="row">{row.name}</th>
                <td>
                  {row.soldOut ? (
                    <>
                      <Badge tone="danger">{texts.badge}</Badge>{" "}
                      <span className="sold-out-until">
                        {row.soldOut === "all"
                          ? texts.soldOutEverywhere(row.until ?? "")
                          : texts.soldOutHere(row.until ?? "")}
                      </span>
                    </>
                  ) : (
                    texts.available
                  )}
                </td>
                <td>
                  <div className="sold-out-actions">
                    {row.soldOut === "all" ? (
                      page.isAdmin ? (
                        <SoldOutToggle
                          productId={row.id}
                          branchId={null}
                          soldOut={false}
                          returnTo={page.returnTo}
                          label={texts.clear}
                          accessibleLabel={texts.clearAllLabel(row.name)}
                        />
                      ) : (
                        <span className="sold-out-until">{texts.onlyAdmins}</span>
                      )
                    ) : row.soldOut === "branch" ? (
                      <SoldOutToggle
                        productId={row.id}
                        branchId={branch.id}
                        soldOut={false}
                        returnTo={page.returnTo}
                        label={texts.clear}
                        accessibleLabel={texts.clearLabel(row.name, branch.name)}
                      />
                    ) : (
                      <>
                        <SoldOutToggle
                          productId={row.id}
                          branchId={branch.id}
                          soldOut
                          returnTo={page.returnTo}
                          label={texts.mark}
                          accessibleLabel={texts.markLabel(row.name, branch.name)}
                          variant="primary"
                        />
                        {page.isAdmin ? (
                          <SoldOutToggle
                            productId={row.id}
                            branchId={null}
                            soldOut
                            returnTo={page.returnTo}
                            label={texts.markAll}
                            accessibleLabel={texts.markAllLabel(row.name)}
                            variant="quiet"
                          />
                        ) : null}
                      </>
                    )}
                  </div>
                </td>
              </tr>
            ))}
          </DataTable>
        </>
      )}
    </section>
  );
}
