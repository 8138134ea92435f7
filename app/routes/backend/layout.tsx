import { errorText, errorTitle } from "../../components/error-texts";
import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import {
  Form,
  isRouteErrorResponse,
  Link,
  NavLink,
  Outlet,
  useRouteError,
  useRouteLoaderData,
} from "@remix-run/react";
import { canManageUsers } from "../../domain/staff-permissions";
import { de } from "../../i18n/de-staff";
import { requireStaff } from "../../features/staff/staff-auth.server";

const texts = de.backOffice;

/** Staff pages carry no storefront header, footer or cookie banner (see root.tsx). */
export const handle = { backOffice: true };

export const meta: MetaFunction = () => [
  { title: texts.title },
  { name: "robots", content: "noindex" },
];

/** Nothing of the back office may be kept by a browser or a proxy. */
export const headers: HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireStaff(request, context);
  return { user: { name: user.name, canManageUsers: canManageUsers(user) } };
}

type LayoutData = Awaited<ReturnType<typeof loader>>;

function BackOfficeHeader({ user }: { user: LayoutData["user"] | undefined }) {
  return (
    <header className="backoffice-header">
      <Link to="/backend" className="backoffice-brand">
        {texts.title}
      </Link>
      {user ? (
        <>
          <nav aria-label={texts.navigation} className="backoffice-nav">
            <ul>
              <li>
                <NavLink to="/backend/orders">{texts.orders}</NavLink>
              </li>
              {user.canManageUsers ? (
                <li>
                  <NavLink to="/backend/users">{texts.users}</NavLink>
                </li>
              ) : null}
              <li>
                <NavLink to="/backend/account/password">{texts.changePassword}</NavLink>
              </li>
            </ul>
          </nav>
          <div className="backoffice-user">
            <span>{texts.signedInAs(user.name)}</span>
            <Form method="post" action="/backend/logout" reloadDocument>
              <button type="submit" className="button secondary">
                {texts.logout}
              </button>
            </Form>
          </div>
        </>
      ) : null}
    </header>
  );
}

export default function BackOfficeLayout() {
  const data = useRouteLoaderData<LayoutData>("routes/backend/layout");
  return (
    <div className="backoffice">
      <BackOfficeHeader user={data?.user} />
      <div className="backoffice-content">
        <Outlet />
      </div>
    </div>
  );
}

/** 'Zugriff verweigert' (403) or not found inside the frame, so the navigation stays. */
export function ErrorBoundary() {
  const error = useRouteError();
  const data = useRouteLoaderData<LayoutData>("routes/backend/layout");
  if (!isRouteErrorResponse(error)) console.error(error);
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const message = isRouteErrorResponse(error)
    ? (error.data as { message?: unknown } | null)?.message
    : undefined;
  const title = errorTitle(status);
  const text = errorText(status, message);
  return (
    <div className="backoffice">
      <BackOfficeHeader user={data?.user} />
      <section className="backoffice-content error-page">
        <h1>{title}</h1>
        <p>{text}</p>
        <p>
          <Link to="/backend">{texts.title}</Link>
        </p>
      </section>
    </div>
  );
}
