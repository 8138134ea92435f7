import type { Route } from "#app/server/route-types";
import { Link, useLoaderData } from "@remix-run/react";
import { logEntryView } from "#app/features/logs/log-views.server";
import { mayReadLogs } from "#app/features/logs/logs.server";
import { forbidden, requireStaff } from "#app/features/staff/staff-auth.server";
import { parseId } from "#app/domain/values";
import { de } from "#app/i18n/de-backoffice";
import { resourceLinks } from "#app/components/backend/resource-styles";
import { staffPageMeta } from "#app/components/backend/staff-page-meta";

export const links = resourceLinks;

const texts = de.logs;

export const meta: Route.MetaFunction<typeof loader> = ({ data }) =>
  staffPageMeta(data ? texts.entryTitle(data.id) : texts.title);

/** One audited action with what changed, before and after. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = await requireStaff(request, context);
  if (!mayReadLogs(user)) throw forbidden(user.surface);
  const entry = await logEntryView(context.db, user, parseId(params.id));
  if (!entry.ok) throw new Response(null, { status: 404, statusText: "Not Found" });
  return entry.value;
}

export default function LogEntry() {
  const entry = useLoaderData<typeof loader>();
  return (
    <section>
      <p>
        <Link to="/backend/logs">{texts.back}</Link>
      </p>
      <h1>{texts.entryTitle(entry.id)}</h1>
      <dl className="facts">
        <dt>{texts.when}</dt>
        <dd>{entry.when}</dd>
        <dt>{texts.who}</dt>
        <dd>{entry.who}</dd>
        <dt>{texts.action}</dt>
        <dd>{entry.action}</dd>
        <dt>{texts.record}</dt>
        <dd>{entry.what}</dd>
        <dt>{texts.ip}</dt>
        <dd>{entry.ip}</dd>
      </dl>
      {entry.changes.length ? (
        // A region that scrolls on a phone is reached by the keyboard (WCAG 2.1.1, issue 36).
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
        <div className="table-scroll" role="region" aria-label={texts.changes} tabIndex={0}>
          <table className="data-table">
            <thead>
              <tr>
                <th scope="col">{texts.field}</th>
                <th scope="col">{texts.before}</th>
                <th scope="col">{texts.after}</th>
              </tr>
            </thead>
            <tbody>
              {entry.changes.map((change) => (
                <tr key={change.field}>
                  <th scope="row">{change.field}</th>
                  <td className="log-value">{change.before}</td>
                  <td className="log-value">{change.after}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p>{texts.noChanges}</p>
      )}
    </section>
  );
}
