import { errorText, errorTitle } from "#app/components/error-texts";
import type { Route } from "#app/server/route-types";
import {
  Form,
  isRouteErrorResponse,
  Link,
  Outlet,
  useLocation,
  useRouteError,
  useRouteLoaderData,
} from "@remix-run/react";
import type { ReactNode } from "react";
import { Button, buttonClass, Notice } from "#app/components/ui";
import { soldOutNotice } from "#app/features/catalogue/sold-out-view.server";
import { areasFor, groupAreas, type AreaLink } from "#app/features/areas";
import { de } from "#app/i18n/de-staff";
import { requireStaff } from "#app/features/staff/staff-auth.server";
import uiStyles from "#app/styles/ui.css?url";
import backendStyles from "#app/styles/backend.css?url";

const texts = de.backOffice;

/** Staff pages carry no storefront header, footer or cookie banner (see root.tsx). */
export const handle = { backOffice: true };

export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: uiStyles },
  { rel: "stylesheet", href: backendStyles },
];

export const meta: Route.MetaFunction = () => [
  { title: texts.title },
  { name: "robots", content: "noindex" },
];

/** Nothing of the back office may be kept by a browser or a proxy. */
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireStaff(request, context);
  return {
    user: { name: user.name },
    areas: areasFor(user),
    // A sold-out toggle posted without JavaScript comes back to any page with its notice.
    soldOutNotice: await soldOutNotice(context.db, new URL(request.url).searchParams),
  };
}

type LayoutData = Awaited<ReturnType<typeof loader>>;

/** The area the address lies in: the longest path it starts with. */
function currentArea(areas: readonly AreaLink[], pathname: string) {
  return areas
    .filter((area) => pathname === area.path || pathname.startsWith(`${area.path}/`))
    .sort((a, b) => b.path.length - a.path.length)[0]?.key;
}

/** Up to this many areas in all, every group stays open: an employee's few links need no folding. */
const FEW_AREAS = 12;

/**
 * The areas under their groups' headings (decision 066). Each group is a <details>, so it folds
 * without JavaScript; the group of the current page, the daily business and every group of a
 * short menu are open.
 */
function AreaList({ areas }: { areas: readonly AreaLink[] }) {
  const current = currentArea(areas, useLocation().pathname);
  return (
    <ul className="backoffice-nav-groups">
      {groupAreas(areas).map((group) => (
        <li key={group.key}>
          <details
            className="backoffice-nav-group"
            open={
              areas.length <= FEW_AREAS ||
              group.key === "daily" ||
              group.areas.some((area) => area.key === current)
            }
          >
            <summary>{group.label}</summary>
            <ul>
              {group.areas.map((area) => (
                <li key={area.key}>
                  <Link to={area.path} aria-current={area.key === current ? "page" : undefined}>
                    {area.icon ? (
                      <span aria-hidden="true" className="backoffice-nav-icon">
                        {area.icon}
                      </span>
                    ) : null}
                    {area.label}
                  </Link>
                </li>
              ))}
            </ul>
          </details>
        </li>
      ))}
    </ul>
  );
}

/**
 * The areas this person may use: a sidebar on a desktop, a <details> menu in the header on a
 * phone (opens without JavaScript). CSS shows one of the two; the other is display:none, out of
 * the way of screen readers.
 */
function PhoneMenu({ areas }: { areas: readonly AreaLink[] }) {
  return (
    <details className="backoffice-menu">
      <summary className={buttonClass("secondary")}>{texts.menu}</summary>
      <nav aria-label={texts.navigation} className="backoffice-nav">
        <AreaList areas={areas} />
      </nav>
    </details>
  );
}

function BackOfficeFrame({
  data,
  children,
}: {
  data: LayoutData | undefined;
  children: ReactNode;
}) {
  return (
    <div className={data ? "backoffice backoffice-signed-in" : "backoffice"}>
      <header className="backoffice-header">
        <Link to="/backend" className="backoffice-brand">
          {texts.title}
        </Link>
        {data ? (
          <>
            <PhoneMenu areas={data.areas} />
            <div className="backoffice-user">
              <span>{texts.signedInAs(data.user.name)}</span>
              <Form method="post" action="/backend/logout" reloadDocument>
                <Button type="submit" variant="secondary">
                  {texts.logout}
                </Button>
              </Form>
            </div>
          </>
        ) : null}
      </header>
      {data ? (
        <nav aria-label={texts.navigation} className="backoffice-nav backoffice-sidebar">
          <AreaList areas={data.areas} />
        </nav>
      ) : null}
      <div className="backoffice-content">
        {data?.soldOutNotice ? <Notice>{data.soldOutNotice}</Notice> : null}
        {children}
      </div>
    </div>
  );
}

export default function BackOfficeLayout() {
  const data = useRouteLoaderData<LayoutData>("routes/backend/layout");
  return (
    <BackOfficeFrame data={data}>
      <Outlet />
    </BackOfficeFrame>
  );
}

/** 'Zugriff verweigert' (403) or not found inside the frame, so the navigation stays. */
export function ErrorBoundary() {
  const error = useRouteError();
  const data = useRouteLoaderData<LayoutData>("routes/backend/layout");
  // In the browser only: the server logged it once already (entry.server.tsx's handleError).
  if (!isRouteErrorResponse(error) && typeof document !== "undefined") console.error(error);
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const message = isRouteErrorResponse(error)
    ? (error.data as { message?: unknown } | null)?.message
    : undefined;
  const title = errorTitle(status);
  const text = errorText(status, message);
  return (
    <BackOfficeFrame data={data}>
      <section className="error-page">
        <h1>{title}</h1>
        <p>{text}</p>
        <p>
          <Link to="/backend">{texts.title}</Link>
        </p>
      </section>
    </BackOfficeFrame>
  );
}
