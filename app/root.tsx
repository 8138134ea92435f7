import { errorText, errorTitle } from "./components/error-texts";
import type { Route } from "./server/route-types";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  ScrollRestoration,
  useMatches,
  useRouteError,
  useRouteLoaderData,
} from "@remix-run/react";
import type { ReactNode } from "react";
import { CookieBanner, SiteFooter, SiteHeader, Toolbar } from "./components/shell";
import { DeferredScripts } from "./components/deferred-scripts";
import { PwaHost } from "./features/pwa/pwa-host";
import { KioskWatch, useBareRoute, useSelfService } from "./components/kiosk";
import { useNonce } from "./components/nonce";
import { de } from "./i18n/de";
import { pageTitle, seoMeta } from "./seo";
import { loadShell } from "./features/storefront/shell.server";
import { VisitorAnalytics } from "./features/analytics/visitor-analytics";
import { DEFAULT_SHOP_COLOUR, shopColourCss } from "./features/settings/shop-colour";
import stylesheet from "./styles/app.css?url";

export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export async function loader({ context, request }: Route.LoaderArgs) {
  return loadShell(context.db, {
    origin: context.config.publicOrigin,
    request,
    now: new Date(),
    pixelScriptUrl: context.config.pixelScriptUrl,
  });
}

export type RootData = Awaited<ReturnType<typeof loader>>;

export const meta: Route.MetaFunction<typeof loader> = ({ data, error, matches, location }) => {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  if (!data) return [{ title: errorTitle(status) }];
  // A page that failed below the root is shown by the root's boundary, and titled here.
  if (error) {
    const title = errorTitle(status);
    return [{ title: pageTitle(data.shell, title) }, { name: "robots", content: "noindex" }];
  }
  return seoMeta(matches, location);
};

/** A route with `handle = { backOffice: true }` is staff-only: no storefront chrome around it. */
function useIsBackOffice(): boolean {
  return useMatches().some(
    (match) => (match.handle as { backOffice?: boolean } | undefined)?.backOffice === true,
  );
}

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  const data = useRouteLoaderData<RootData>("root");
  const shell = useIsBackOffice() ? undefined : data?.shell;
  // The kiosk (decision 053): no cookie banner, the idle screen without the frame around it.
  const selfService = useSelfService();
  const bare = useBareRoute();
  const frame = bare ? undefined : shell;
  // The shop's colour sets the storefront's tokens; the design's own colour adds no bytes.
  const colours = shopColourCss(shell?.themeColor);
  return (
    <html lang="de">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content={shell?.themeColor ?? DEFAULT_SHOP_COLOUR} />
        {shell ? <link rel="manifest" href="/manifest.webmanifest" /> : null}
        {shell ? <link rel="apple-touch-icon" href="/icons/apple-touch-icon.png" /> : null}
        <Meta />
        <Links />
        {colours ? <style nonce={nonce} dangerouslySetInnerHTML={{ __html: colours }} /> : null}
      </head>
      {/* The kiosk's own layout rules hang on this class (issue 36, item 14, decision 079). */}
      <body className={selfService ? "self-service" : undefined}>
        <a className="skip-link" href="#inhalt">
          {de.shell.skipToContent}
        </a>
        {/* First in the document, shown last (CSS order): a phone paints it with the first screen,
            where it is the largest text, instead of after parsing the whole menu (decision 015). */}
        {shell && !shell.consentGiven && !selfService ? <CookieBanner shell={shell} /> : null}
        {frame?.toolbar ? <Toolbar toolbar={frame.toolbar} /> : null}
        {frame ? <SiteHeader shell={frame} /> : null}
        <main id="inhalt" tabIndex={-1}>
          {children}
        </main>
        {frame ? <SiteFooter shell={frame} /> : null}
        {shell ? <KioskWatch /> : null}
        {shell ? (
          <VisitorAnalytics
            pixel={shell.pixel}
            consentGiven={shell.consentGiven}
            selfService={selfService}
          />
        ) : null}
        {shell ? (
          <PwaHost
            enabled={shell.pwa}
            selfService={selfService}
            consentGiven={shell.consentGiven}
            shopName={shell.shopName}
          />
        ) : null}
        <ScrollRestoration nonce={nonce} />
        <DeferredScripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  // A thrown response is an answer the server chose; anything else is a bug worth logging, in the
  // browser (the server logged it once already, in one line: entry.server.tsx's handleError).
  if (!isRouteErrorResponse(error) && typeof document !== "undefined") console.error(error);
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const message = isRouteErrorResponse(error)
    ? (error.data as { message?: unknown } | null)?.message
    : undefined;
  return (
    <section className="page error-page">
      <h1>{errorTitle(status)}</h1>
      <p>{errorText(status, status === 404 ? undefined : message)}</p>
      <p>
        <a href="/">{de.errors.backHome}</a>
      </p>
    </section>
  );
}
