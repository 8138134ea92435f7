import { useEffect, useRef, useState } from "react";
import { useLoaderData } from "@remix-run/react";
import type { Route } from "#app/server/route-types";
import { isAdmin } from "#app/domain/staff-permissions";
import { operationList, servedOpenApiDocument } from "#app/features/api-contract/openapi.server";
import { referenceAssetUrls } from "#app/features/api-contract/reference-assets.server";
import { forbidden, requireStaff } from "#app/features/staff/staff-auth.server";
import { de } from "#app/i18n/de-api-contract";
import { resourceLinks } from "#app/components/backend/resource-styles";
import { staffPageMeta } from "#app/components/backend/staff-page-meta";
import referenceStyles from "#app/styles/api-reference.css?url";

export const links: Route.LinksFunction = () => [
  ...resourceLinks(),
  { rel: "stylesheet", href: referenceStyles },
];

const texts = de.page;

export const meta: Route.MetaFunction = () => staffPageMeta(texts.title);

/**
 * `/backend/api` (issue 38, decision 102): the contract for staff developers. The server renders
 * every operation (method, path, summary) and the link to the JSON; with JavaScript, Swagger UI
 * (served from this app) shows the same document in full.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireStaff(request, context);
  if (!isAdmin(user)) throw forbidden(user.surface);
  const document = JSON.parse(servedOpenApiDocument().body) as Record<string, unknown>;
  return { operations: operationList(document), assets: referenceAssetUrls() };
}

type SwaggerUi = (options: Record<string, unknown>) => unknown;

/** Loads the renderer's script once and mounts it; the server's list stays until it has. */
function useSwaggerUi(target: React.RefObject<HTMLDivElement | null>, assets: { script: string }) {
  const [mounted, setMounted] = useState(false);
  useEffect(() => {
    const mount = () => {
      const render = (window as unknown as { SwaggerUIBundle?: SwaggerUi }).SwaggerUIBundle;
      if (!render || !target.current) return;
      render({
        url: "/api/openapi.json",
        domNode: target.current,
        validatorUrl: null,
        deepLinking: true,
        // Some 200 calls: the tags closed, or the browser draws every one of them at once.
        docExpansion: "none",
        defaultModelsExpandDepth: 0,
        tryItOutEnabled: false,
        // The document names one server (`/api`): its unlabelled chooser says nothing and axe
        // counts the missing label (select-name), so it is left out.
        plugins: [() => ({ components: { ServersContainer: () => null } })],
        // The server's list stays until the renderer has drawn the document, so the page is
        // never empty in between (and a check of the page never meets it half drawn).
        onComplete: () => setMounted(true),
      });
    };
    if ((window as unknown as { SwaggerUIBundle?: SwaggerUi }).SwaggerUIBundle) {
      mount();
      return;
    }
    const script = document.createElement("script");
    script.src = assets.script;
    script.async = true;
    script.addEventListener("load", mount);
    document.head.append(script);
    return () => script.removeEventListener("load", mount);
  }, [assets.script, target]);
  return mounted;
}

export default function ApiReference() {
  const { operations, assets } = useLoaderData<typeof loader>();
  const target = useRef<HTMLDivElement>(null);
  const mounted = useSwaggerUi(target, assets);
  return (
    <section className="api-reference">
      <link rel="stylesheet" href={assets.style} />
      <div className="backoffice-heading">
        <h1>{texts.title}</h1>
      </div>
      <p>{texts.lead}</p>
      <p>
        <a href="/api/openapi.json" download="openapi.json">
          {texts.json}
        </a>
      </p>
      <div ref={target} data-testid="api-reference-renderer" />
      {mounted ? null : (
        <div className="table-scroll">
          <table className="data-table" data-testid="api-operations">
            <caption>{texts.operations}</caption>
            <thead>
              <tr>
                <th scope="col">{texts.method}</th>
                <th scope="col">{texts.path}</th>
                <th scope="col">{texts.summary}</th>
              </tr>
            </thead>
            <tbody>
              {operations.map((operation) => (
                <tr key={`${operation.method} ${operation.path}`}>
                  <td>
                    <code>{operation.method}</code>
                  </td>
                  <th scope="row">
                    <code>/api{operation.path}</code>
                  </th>
                  <td>{operation.summary}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
