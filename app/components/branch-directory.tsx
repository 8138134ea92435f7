import { DirectionsLink } from "./directions-link";
import { PictureImg } from "./picture-img";
import { Form, Link } from "@remix-run/react";
import type { FocusEvent } from "react";
import { OpeningStateLine } from "./opening-state";
import { de } from "#app/i18n/de";
import type { BranchListData } from "#app/features/storefront/home.server";
import { Button } from "./ui/button";
import { SelectControl } from "./ui/field";

/**
 * Spec section 2: at tablet width the view scrolls to the search box on focus, so the on-screen
 * keyboard does not hide it (a phone's browser does this itself; a desktop needs nothing).
 */
function scrollSearchIntoView(event: FocusEvent<HTMLInputElement>) {
  if (window.matchMedia("(min-width: 720px) and (max-width: 1023.98px)").matches) {
    event.currentTarget.scrollIntoView({ block: "start", behavior: "smooth" });
  }
}

/**
 * The branch list with its search box and tag filter (spec section 2): the home page's simple
 * variant and the division page. A plain GET form, so the filter lives in the URL.
 */
export function BranchDirectory({ list, resetPath }: { list: BranchListData; resetPath: string }) {
  const { branches, resultText, search, tagFilter, isFiltered } = list;
  return (
    <>
      {search || tagFilter ? (
        <Form
          method="get"
          action={resetPath}
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
                onFocus={scrollSearchIntoView}
              />
            </div>
          ) : null}
          {tagFilter && tagFilter.tags.length > 0 ? (
            <div className="field">
              <label htmlFor="filiale-merkmal">{de.home.tagLabel}</label>
              <SelectControl id="filiale-merkmal" name="tag" defaultValue={tagFilter.active}>
                <option value="">{de.home.allTags}</option>
                {tagFilter.tags.map((tag) => (
                  <option key={tag.identifier} value={tag.identifier}>
                    {tag.name}
                  </option>
                ))}
              </SelectControl>
            </div>
          ) : null}
          <div className="field-actions">
            <Button variant="store" type="submit">
              {search ? de.home.searchButton : de.home.filterButton}
            </Button>
            {isFiltered ? <Link to={resetPath}>{de.home.resetFilter}</Link> : null}
          </div>
        </Form>
      ) : null}
      <h2>{de.home.branchesHeading}</h2>
      <p aria-live="polite" className="result-text">
        {resultText}
      </p>
      <ul className="branch-list">
        {branches.map((branch, index) => (
          <li key={branch.identifier} className={branch.isPublic ? "card" : "card inactive"}>
            {branch.image ? (
              <PictureImg
                picture={branch.image}
                // The first card is in the first screenful on a phone; the others load when near.
                loading={index === 0 ? "eager" : "lazy"}
                decoding="async"
                className="branch-image"
              />
            ) : null}
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
              <>
                <OpeningStateLine state={branch.openingState} />
                <p className={`order-state is-${branch.orderState.kind}`}>
                  {branch.orderState.label}
                </p>
              </>
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
              <DirectionsLink href={branch.directionsUrl} />
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}
