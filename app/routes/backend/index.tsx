import type { Route } from "#app/server/route-types";
import { Link, useLoaderData } from "@remix-run/react";
import { Badge, OrderStateBadge } from "#app/components/ui";
import { areasFor, groupAreas } from "#app/features/areas";
import { loadDashboard } from "#app/features/backoffice/dashboard.server";
import { staffScope } from "#app/features/orders/staff-order-query.server";
import { referenceSettings } from "#app/features/shared/reference-data.server";
import { requireStaff } from "#app/features/staff/staff-auth.server";
import { de } from "#app/i18n/de-staff";

const texts = de.backOffice;
const board = de.staffOrders.board;

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireStaff(request, context);
  const settings = await referenceSettings(context.db);
  const dashboard = await loadDashboard(context.db, staffScope(user, context), {
    now: new Date(),
    zone: settings.businessTimeZone,
  });
  return {
    name: user.name,
    roles: user.roles.map((role) => texts.roles[role]),
    ...dashboard,
    tileGroups: groupAreas(areasFor(user).filter((area) => !area.hideTile)),
  };
}

function TodayPanel({
  today,
}: {
  today: ReturnType<typeof useLoaderData<typeof loader>>["today"];
}) {
  const busy = today.filter((branch) => branch.total > 0);
  const quiet = today.filter((branch) => branch.total === 0);
  return (
    <section aria-labelledby="dashboard-today" className="dashboard-panel">
      <h2 id="dashboard-today">{texts.dashboard.today}</h2>
      {busy.length === 0 ? (
        <p>{texts.dashboard.noOrdersToday}</p>
      ) : (
        <ul className="dashboard-branches">
          {busy.map((branch) => (
            <li key={branch.id}>
              <h3>
                {branch.name} <span className="muted">· {board.count(branch.total)}</span>
              </h3>
              <ul className="dashboard-states">
                {branch.states.map((entry) => (
                  <li key={entry.state}>
                    <OrderStateBadge
                      state={entry.state}
                      label={texts.dashboard.stateCount(entry.label, entry.count)}
                    />
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      )}
      {busy.length > 0 && quiet.length > 0 ? (
        <p className="muted">
          {texts.dashboard.withoutOrders(quiet.map((branch) => branch.name).join(", "))}
        </p>
      ) : null}
    </section>
  );
}

export default function BackOfficeHome() {
  const data = useLoaderData<typeof loader>();
  return (
    <section className="dashboard" aria-labelledby="dashboard-title">
      <div className="page-head">
        <h1 id="dashboard-title">{texts.welcome(data.name)}</h1>
        <p className="muted">
          {texts.yourRoles}: {data.roles.join(", ")}
        </p>
      </div>
      <div className="dashboard-grid">
        <section aria-labelledby="dashboard-waiting" className="dashboard-panel">
          <h2 id="dashboard-waiting">
            {texts.dashboard.needsAction} <Badge tone="info">{data.waitingTotal}</Badge>
          </h2>
          {data.waiting.length === 0 ? (
            <p>{texts.dashboard.needsActionEmpty}</p>
          ) : (
            <ul className="dashboard-waiting">
              {data.waiting.map((order) => (
                <li key={order.id}>
                  <Link to={`/backend/orders/${order.id}`}>
                    <strong>{order.ticket}</strong> {order.name}
                  </Link>
                  <span className="muted">
                    {order.branchName} · {order.due}
                  </span>
                </li>
              ))}
            </ul>
          )}
          {data.waitingTotal > data.waiting.length ? (
            <p>
              <Link to="/backend/orders?view=history&status=new&sort=due&dir=asc">
                {texts.dashboard.needsActionMore(data.waitingTotal)}
              </Link>
            </p>
          ) : null}
        </section>
        <TodayPanel today={data.today} />
      </div>
      <section aria-labelledby="dashboard-areas">
        <h2 id="dashboard-areas">{texts.dashboard.areas}</h2>
        {data.tileGroups.map((group) => (
          <section
            key={group.key}
            aria-labelledby={`dashboard-group-${group.key}`}
            className="dashboard-group"
          >
            <h3 id={`dashboard-group-${group.key}`}>{group.label}</h3>
            <ul className="dashboard-tiles">
              {group.areas.map((area) => (
                <li key={area.key}>
                  <Link to={area.path} className="dashboard-tile">
                    <span className="dashboard-tile-title">
                      {area.icon ? <span aria-hidden="true">{area.icon} </span> : null}
                      {area.label}
                    </span>
                    <span className="dashboard-tile-text">{area.description}</span>
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        ))}
      </section>
    </section>
  );
}
