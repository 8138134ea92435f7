import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import {
  Form,
  Link,
  useLoaderData,
  useRouteLoaderData,
  type ShouldRevalidateFunction,
} from "@remix-run/react";
import { Landing } from "../components/landing";
import { OpeningStateLine } from "../components/opening-state";
import { de } from "../i18n/de";
import type { RootData } from "../root";
import { seoMeta } from "../seo";
import { loadHome, readHomeQuery } from "../features/storefront/home.server";
import { hasConsent } from "../features/storefront/visitor.server";

export async function loader({ context, request }: LoaderFunctionArgs) {
  return loadHome(context.db, {
    now: new Date(),
    query: readHomeQuery(new URL(request.url)),
    consentGiven: hasConsent(request),
  });
}

export const meta: MetaFunction<typeof loader> = ({ data, matches, location }) =>
  seoMeta(matches, location, { title: data?.pageTitle, description: data?.description });

/** The overlays (`?galerie=`, `?kurs=`, `?news=`) are states of this page: no new data needed. */
const OVERLAY_PARAMS = ["galerie", "kurs", "news"];

export const shouldRevalidate: ShouldRevalidateFunction = ({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}) => {
  if (formMethod && formMethod !== "GET") return defaultShouldRevalidate;
  if (currentUrl.pathname !== nextUrl.pathname) return defaultShouldRevalidate;
  const withoutOverlays = (url: URL) => {
    const params = new URLSearchParams(url.search);
    for (const key of OVERLAY_PARAMS) params.delete(key);
    params.sort();
    return params.toString();
  };
  return withoutOverlays(currentUrl) === withoutOverlays(nextUrl) ? false : defaultShouldRevalidate;
};

export default function Home() {
  const data = useLoaderData<typeof loader>();
  const root = useRouteLoaderData<RootData>("root");
  if (data.variant === "landing") {
    return <Landing data={data} shopName={root?.shell.shopName ?? ""} />;
  }
  const { title, introText, branches, resultText, search, tagFilter, isFiltered } = data;
  return (
    <section className="page">
      <h1>{title}</h1>
      {introText ? <p className="lead">{introText}</p> : null}
      {search || tagFilter ? (
        <Form
          method="get"
          className="branch-filter"
          role="search"
          aria-label={de.home.filterHeading}
        >
          {search ? (
            <div className="field">
              <label htmlFor="filiale-suche">{de.home.searchLabel}</label>
              <input
                id="filiale-suche"
                type="search"
                name="q"
                defaultValue={search.term}
                placeholder={de.home.searchPlaceholder}
                autoComplete="off"
                enterKeyHint="search"
                maxLength={200}
              />
            </div>
          ) : null}
          {tagFilter && tagFilter.tags.length > 0 ? (
            <div className="field">
              <label htmlFor="filiale-merkmal">{de.home.tagLabel}</label>
              <select id="filiale-merkmal" name="tag" defaultValue={tagFilter.active}>
                <option value="">{de.home.allTags}</option>
                {tagFilter.tags.map((tag) => (
                  <option key={tag.identifier} value={tag.identifier}>
                    {tag.name}
                  </option>
                ))}
              </select>
            </div>
          ) : null}
          <div className="field-actions">
            <button type="submit" className="button">
              {search ? de.home.searchButton : de.home.filterButton}
            </button>
            {isFiltered ? <Link to="/">{de.home.resetFilter}</Link> : null}
          </div>
        </Form>
      ) : null}
      <h2>{de.home.branchesHeading}</h2>
      <p aria-live="polite" className="result-text">
        {resultText}
      </p>
      <ul className="branch-list">
        {branches.map((branch) => (
          <li key={branch.identifier} className={branch.isPublic ? "card" : "card inactive"}>
            <h3>
              {branch.isPublic ? (
                <Link to={`/store/${branch.identifier}`} prefetch="intent">
                  {branch.name}
                </Link>
              ) : (
                <span>{branch.name}</span>
              )}
            </h3>
            <address>
              {branch.street}
              <br />
              {branch.zipCode} {branch.city}
            </address>
            {branch.isPublic ? (
              <OpeningStateLine state={branch.openingState} />
            ) : (
              <p>{de.home.inactive}</p>
            )}
            {branch.tags.length > 0 ? (
              <ul className="tag-list">
                {branch.tags.map((tag) => (
                  <li key={tag}>{tag}</li>
                ))}
              </ul>
            ) : null}
            <div className="card-actions">
              <a href={branch.directionsUrl} target="_blank" rel="noopener noreferrer">
                {de.home.directions}
                <span className="visually-hidden"> {de.shell.newTab}</span>
              </a>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
