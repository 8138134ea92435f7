import type { Route } from "#app/server/route-types";
import { data, redirect } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { Button, FilterBar, Notice, Select, TextInput } from "#app/components/ui";
import { resourceLinks } from "#app/components/backend/resource-styles";
import { staffPageMeta } from "#app/components/backend/staff-page-meta";
import { SLOT_LENGTHS } from "#app/domain/capacities";
import {
  capacitiesFilters,
  capacitiesView,
  changeCapacities,
  mayManageCapacities,
} from "#app/features/capacities/capacity-limits.server";
import { readSmallForm } from "#app/features/shared/small-request.server";
import { forbidden, requireStaff } from "#app/features/staff/staff-auth.server";
import { deCapacities as de } from "#app/i18n/de-capacities";
import { firstMessage } from "#app/server/outcome";
import capacitiesStyles from "#app/styles/capacities.css?url";

export const links: Route.LinksFunction = () => [
  ...resourceLinks(),
  { rel: "stylesheet", href: capacitiesStyles },
];

export const meta: Route.MetaFunction = () => staffPageMeta(de.title);

const MESSAGES: Record<string, string> = { gespeichert: de.saved, entfernt: de.removed };

/**
 * `/backend/capacities?tag=&filiale=` (issue 39 part 2, decision 113): a branch's limits with the
 * day's load beside each and the day's busy slots; the forms post here and come back (303).
 * Administrators and branch managers, for the branches they work for.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireStaff(request, context);
  if (!mayManageCapacities(user)) throw forbidden(user.surface);
  const search = new URL(request.url).searchParams;
  const outcome = await capacitiesView(context.db, user, search);
  if (!outcome.ok) {
    // The page of the defaults with the reason, so the choice can be corrected.
    const fallback = await capacitiesView(context.db, user, new URLSearchParams());
    if (!fallback.ok) throw new Response(firstMessage(fallback), { status: fallback.status });
    return data(
      { problem: firstMessage(outcome), message: null, view: fallback.value },
      { status: outcome.status },
    );
  }
  const key = search.get("meldung") ?? "";
  const message = Object.hasOwn(MESSAGES, key) ? MESSAGES[key]! : null;
  return { problem: null, message, view: outcome.value };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireStaff(request, context);
  if (!mayManageCapacities(user)) throw forbidden(user.surface);
  const form = await readSmallForm(request);
  if (!form) return data({ problem: de.badIntent, field: null }, { status: 400 });
  // The address's `?tag=&filiale=`, unless the form names them.
  const search = new URL(request.url).searchParams;
  for (const name of ["tag", "filiale"]) {
    const value = form.get(name);
    if (typeof value === "string") search.set(name, value.slice(0, 20));
  }
  const filters = await capacitiesFilters(context.db, user, search, new Date());
  if (!filters.ok) {
    return data({ problem: firstMessage(filters), field: null }, { status: filters.status });
  }
  const { day, branchId } = filters.value;
  if (branchId === null) return data({ problem: de.noBranches, field: null }, { status: 403 });
  const changed = await changeCapacities(context.db, user, branchId, form, context.clientAddress);
  if (!changed.ok) {
    return data(
      { problem: firstMessage(changed), field: changed.errors[0]?.field ?? null },
      { status: changed.status },
    );
  }
  const meldung = changed.value === de.removed ? "entfernt" : "gespeichert";
  return redirect(
    `/backend/capacities?${new URLSearchParams({ tag: day, filiale: String(branchId), meldung }).toString()}`,
    303,
  );
}

export default function Capacities() {
  const { problem, message, view } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const location = useLocation();
  const hidden = (
    <>
      <input type="hidden" name="tag" value={view.day} />
      <input type="hidden" name="filiale" value={view.branchId ?? ""} />
    </>
  );
  const fieldError = (field: string) =>
    actionData?.field === field ? actionData.problem : undefined;
  return (
    <section>
      <div className="backoffice-heading">
        <h1>{de.title}</h1>
      </div>
      <FilterBar label={de.filterLabel} resetHref={location.pathname}>
        <div className="ui-field">
          <label htmlFor="tag">{de.day}</label>
          <input id="tag" name="tag" type="date" defaultValue={view.day} required />
        </div>
        <Select
          id="filiale"
          name="filiale"
          label={de.branch}
          defaultValue={view.branchId === null ? "" : String(view.branchId)}
          options={view.branches}
        />
      </FilterBar>
      <Notice tone="error">{problem ?? actionData?.problem}</Notice>
      <Notice tone="success">{actionData ? null : message}</Notice>
      {view.branchId === null ? (
        <p>{de.noBranches}</p>
      ) : (
        <>
          <h2>{de.titleFor(view.dayText, view.branchText)}</h2>
          {view.rows.length === 0 ? (
            <p>{de.empty}</p>
          ) : (
            <div className="table-scroll">
              <table className="data-table capacities-table">
                <caption>{de.limitsHeading}</caption>
                <thead>
                  <tr>
                    <th scope="col">{de.kind}</th>
                    <th scope="col">{de.target}</th>
                    <th scope="col">{de.load}</th>
                    <th scope="col">{de.limit}</th>
                    <th scope="col">{de.actions}</th>
                  </tr>
                </thead>
                <tbody>
                  {view.rows.map((row) => (
                    <tr key={row.id} className={row.isFull ? "capacity-full" : undefined}>
                      <td>{row.kindText}</td>
                      <th scope="row">{row.target}</th>
                      <td>
                        {row.loadText}
                        {row.isFull ? <span className="capacity-badge">{de.full}</span> : null}
                      </td>
                      <td>
                        <Form method="post" className="capacity-limit">
                          {hidden}
                          <input type="hidden" name="id" value={row.id} />
                          <TextInput
                            id={`limit-${row.id}`}
                            name="maxCount"
                            label={`${de.limit}: ${row.target}`}
                            type="number"
                            min={1}
                            max={100000}
                            step={1}
                            required
                            defaultValue={row.maxCount}
                          />
                          <Button type="submit" name="intent" value="update" variant="secondary">
                            {de.save}
                          </Button>
                        </Form>
                      </td>
                      <td>
                        <Form method="post">
                          {hidden}
                          <input type="hidden" name="id" value={row.id} />
                          <Button type="submit" name="intent" value="remove" variant="secondary">
                            {de.remove}
                          </Button>
                        </Form>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          {view.slotMinutes !== null ? (
            <section aria-labelledby="zeitfenster">
              <h3 id="zeitfenster">{de.slotsHeading}</h3>
              {view.slots.length === 0 ? (
                <p>{de.noSlotOrders}</p>
              ) : (
                <div className="table-scroll">
                  <table className="data-table capacities-table">
                    <thead>
                      <tr>
                        <th scope="col">{de.slot}</th>
                        <th scope="col">{de.orders}</th>
                      </tr>
                    </thead>
                    <tbody>
                      {view.slots.map((slot) => (
                        <tr key={slot.time} className={slot.isFull ? "capacity-full" : undefined}>
                          <th scope="row">{slot.time} Uhr</th>
                          <td>
                            {de.loadOf(slot.orders, slot.max)}
                            {slot.isFull ? <span className="capacity-badge">{de.full}</span> : null}
                          </td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
              )}
            </section>
          ) : null}
          <section aria-labelledby="neue-grenze" className="capacity-new">
            <h3 id="neue-grenze">{de.newHeading}</h3>
            <Form method="post" className="capacity-new-form">
              {hidden}
              <Select
                id="kind"
                name="kind"
                label={de.kind}
                required
                defaultValue=""
                error={fieldError("kind")}
                options={[
                  { value: "", label: de.choose },
                  ...Object.entries(de.kinds).map(([value, label]) => ({ value, label })),
                ]}
              />
              <Select
                id="productId"
                name="productId"
                label={de.product}
                defaultValue=""
                error={fieldError("productId")}
                options={[{ value: "", label: de.choose }, ...view.products]}
              />
              <Select
                id="categoryId"
                name="categoryId"
                label={de.category}
                defaultValue=""
                error={fieldError("categoryId")}
                options={[{ value: "", label: de.choose }, ...view.categories]}
              />
              <Select
                id="slotMinutes"
                name="slotMinutes"
                label={de.slotMinutes}
                defaultValue="15"
                error={fieldError("slotMinutes")}
                options={SLOT_LENGTHS.map((minutes) => ({
                  value: String(minutes),
                  label: String(minutes),
                }))}
              />
              <TextInput
                id="maxCount"
                name="maxCount"
                label={de.limit}
                type="number"
                min={1}
                max={100000}
                step={1}
                required
                error={fieldError("maxCount")}
              />
              <Button type="submit" name="intent" value="add" variant="primary">
                {de.add}
              </Button>
            </Form>
          </section>
        </>
      )}
    </section>
  );
}
