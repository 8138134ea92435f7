import type { Route } from "#app/server/route-types";
import { data, redirect } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { Button, buttonClass, Checkbox, FilterBar, Notice, Select } from "#app/components/ui";
import { resourceLinks } from "#app/components/backend/resource-styles";
import { staffPageMeta } from "#app/components/backend/staff-page-meta";
import { DailyClosingFiguresView } from "#app/components/backend/daily-closing-figures";
import { dateOf } from "#app/domain/time";
import {
  businessZone,
  closeDay,
  closingFilters,
  dailyClosingView,
  mayUseDailyClosing,
  PAGE_FIELDS,
} from "#app/features/daily-closing/daily-closing.server";
import { readSmallForm } from "#app/features/shared/small-request.server";
import { forbidden, requireStaff } from "#app/features/staff/staff-auth.server";
import { deDailyClosing as de } from "#app/i18n/de-daily-closing";
import { firstMessage } from "#app/server/outcome";
import dailyClosingStyles from "#app/styles/daily-closing.css?url";

export const links: Route.LinksFunction = () => [
  ...resourceLinks(),
  { rel: "stylesheet", href: dailyClosingStyles },
];

export const meta: Route.MetaFunction = () => staffPageMeta(de.title);

/**
 * `/backend/daily-closing?tag=&filiale=` (issue 39 part 3, decision 117): a branch's day with its
 * figures, open (as a closing would freeze them now) or closed (frozen, with who and when);
 * "Tag abschließen" posts here with a confirmation and comes back (303). Administrators and
 * branch managers, for the branches they work for.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireStaff(request, context);
  if (!mayUseDailyClosing(user)) throw forbidden(user.surface);
  const search = new URL(request.url).searchParams;
  const now = new Date();
  const today = dateOf(now, await businessZone(context.db));
  const filters = await closingFilters(
    context.db,
    user,
    { day: search.get("tag") ?? undefined, branch: search.get("filiale") ?? undefined },
    PAGE_FIELDS,
    today,
  );
  const number = Number(search.get("abschluss") ?? "");
  const message = Number.isSafeInteger(number) && number > 0 ? de.closedNotice(number) : null;
  if (!filters.ok) {
    // The page of the defaults with the reason, so the choice can be corrected.
    const fallback = await closingFilters(
      context.db,
      user,
      { day: "", branch: "" },
      PAGE_FIELDS,
      today,
    );
    if (!fallback.ok) throw new Response(firstMessage(fallback), { status: fallback.status });
    return data(
      {
        problem: firstMessage(filters),
        message: null,
        view: await dailyClosingView(context.db, fallback.value, now),
      },
      { status: filters.status },
    );
  }
  return { problem: null, message, view: await dailyClosingView(context.db, filters.value, now) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireStaff(request, context);
  if (!mayUseDailyClosing(user)) throw forbidden(user.surface);
  const form = await readSmallForm(request);
  if (!form || form.get("intent") !== "close") {
    return data({ problem: de.badIntent }, { status: 400 });
  }
  // The form's fields, else the address's (`?tag=&filiale=`).
  const search = new URL(request.url).searchParams;
  const field = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value.slice(0, 20) : (search.get(name) ?? undefined);
  };
  const now = new Date();
  const today = dateOf(now, await businessZone(context.db));
  const filters = await closingFilters(
    context.db,
    user,
    { day: field("tag"), branch: field("filiale") },
    PAGE_FIELDS,
    today,
  );
  if (!filters.ok) return data({ problem: firstMessage(filters) }, { status: filters.status });
  const { day, branchId } = filters.value;
  if (branchId === null) return data({ problem: de.noBranches }, { status: 403 });
  if (form.get("bestaetigt") !== "ja") {
    return data({ problem: de.confirmRequired }, { status: 400 });
  }
  const closed = await closeDay(context.db, user, branchId, day, now);
  if (!closed.ok) return data({ problem: firstMessage(closed) }, { status: closed.status });
  const query = new URLSearchParams({
    tag: day,
    filiale: String(branchId),
    abschluss: String(closed.value.number),
  });
  return redirect(`/backend/daily-closing?${query.toString()}`, 303);
}

export default function DailyClosing() {
  const { problem, message, view } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const location = useLocation();
  const result = view.result;
  return (
    <section className="daily-closing">
      <div className="backoffice-heading">
        <h1>{de.title}</h1>
      </div>
      <div className="daily-closing-screen">
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
      </div>
      <Notice tone="error">{actionData?.problem ?? problem}</Notice>
      <Notice tone="success">{actionData ? null : message}</Notice>
      {view.branchId === null || !result ? (
        <p>{de.noBranches}</p>
      ) : (
        <>
          <h2>{de.titleFor(view.dayText, view.branchText)}</h2>
          <p className={view.closedText ? "daily-closing-state is-closed" : "daily-closing-state"}>
            {view.closedText ?? (view.isFuture ? de.notYet : de.open)}
          </p>
          <p className="daily-closing-screen">
            <a
              className={buttonClass("secondary")}
              href={`/backend/daily-closing/tagesabschluss.pdf?${new URLSearchParams({
                tag: view.day,
                filiale: String(view.branchId),
              }).toString()}`}
              download
            >
              {de.pdf}
            </a>
          </p>
          <DailyClosingFiguresView figures={result.figures} isClosed={result.closing !== null} />
          {view.mayClose ? (
            <section aria-labelledby="abschliessen" className="daily-closing-close">
              <h3 id="abschliessen">{de.closeHeading}</h3>
              <p>{de.closeHint}</p>
              <Form method="post">
                <input type="hidden" name="tag" value={view.day} />
                <input type="hidden" name="filiale" value={String(view.branchId)} />
                <Checkbox
                  id="bestaetigt"
                  name="bestaetigt"
                  value="ja"
                  label={de.confirm}
                  required
                />
                <Button type="submit" name="intent" value="close" variant="primary">
                  {de.close}
                </Button>
              </Form>
            </section>
          ) : null}
        </>
      )}
    </section>
  );
}
