import { PictureImg } from "#app/components/picture-img";
import { useNavigate, useSubmit } from "@remix-run/react";
import { useRef, type FormEvent, type MouseEvent } from "react";
import { de } from "#app/i18n/de";
import { categoryAnchor } from "./category-bar";
import type { Picture } from "#app/features/media/picture";
import { productAnchor } from "#app/features/storefront/store-paths";
import { Button } from "#app/components/ui/button";

export interface MenuProductCard {
  id: number;
  name: string;
  description: string | null;
  priceLabel: string;
  isAvailable: boolean;
  /**
   * Why it cannot be ordered now, worded on the server ('Heute ausverkauft'); default
   * 'Derzeit nicht verfügbar'. The catalogue's texts stay out of the page's JavaScript.
   */
  unavailableNote?: string | null;
  /**
   * Where its link goes; without it, `productHref` of the list (the storefront's rows: their
   * loader data does not repeat the branch's path 300 times, decision 078).
   */
  href?: string;
  /** The first product photo as a thumbnail, with its size so the row does not jump. */
  image: Picture | null;
  /** 'Vorlaufzeit: 2 Tage', when the product has one. */
  leadTime?: string | null;
  /**
   * One tap adds it (no steps, no unit to choose; the server adds the dialog's starting amount);
   * false when the product needs its dialog.
   */
  quickAdd?: boolean;
}

export interface MenuCategorySection {
  id: number;
  name: string;
  description: string | null;
  products: MenuProductCard[];
}

/** Rows in the first screenful load their thumbnail at once; the rest only when scrolled near. */
const EAGER_IMAGES = 6;

const quickAddKey = (productId: string) => `schnell-${productId}`;

/**
 * One handler on the list does what a `<Link>` and a fetcher per row would (each costs several
 * router hooks, which a menu of 300 products pays on every server render):
 * - a product's link opens its dialog over the menu without a page load;
 * - a simple product's '+' (a button of the list's one form, naming the product) posts through a
 *   fetcher of its own (quick taps on several rows do not cancel each other) and the page stays
 *   where it is. Without JavaScript both are a plain link and a plain form post.
 *
 * One form for the list rather than one per row: a row is then four elements and some 230 bytes
 * smaller, which a phone parses and lays out 74 times on the demo menu (decision 015).
 */
function useListHandlers() {
  const navigate = useNavigate();
  const submit = useSubmit();
  const onClick = (event: MouseEvent<HTMLElement>) => {
    // A row's one link is its heading's (no marker attribute: 300 rows would repeat it).
    const link = (event.target as HTMLElement).closest<HTMLAnchorElement>(".product h3 > a");
    if (!link || event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
    event.preventDefault();
    navigate(link.getAttribute("href") ?? "", { preventScrollReset: true });
  };
  const onSubmit = (event: FormEvent<HTMLElement>) => {
    const button = (event.nativeEvent as SubmitEvent).submitter;
    if (!(button instanceof HTMLButtonElement) || event.defaultPrevented) return;
    event.preventDefault();
    submit(button, {
      navigate: false,
      fetcherKey: quickAddKey(button.value),
      preventScrollReset: true,
    });
  };
  return { onClick, onSubmit };
}

export function MenuList({
  categories,
  addPath,
  search = "",
  emptyText = de.menu.noMenu,
  productHref,
}: {
  categories: MenuCategorySection[];
  /** A product's page, for rows without an `href` of their own. */
  productHref?: (productId: number) => string;
  /** Where the '+' forms post: the cart action (`/store/{branch}?index`); none in a preview. */
  addPath?: string;
  /** The search in force: a '+' comes back to the same results. */
  search?: string;
  /** Said when no category is left: no menu, or a search without hits. */
  emptyText?: string;
}) {
  let shown = 0;
  const { onClick, onSubmit } = useListHandlers();
  const content = (
    <>
      <h2 className="visually-hidden">{de.menu.heading}</h2>
      {categories.length === 0 ? <p className="menu-empty">{emptyText}</p> : null}
      {categories.map((category) => (
        <section
          key={category.id}
          id={categoryAnchor(category.id)}
          data-category-id={category.id}
          className="category"
          aria-labelledby={`${categoryAnchor(category.id)}-titel`}
        >
          <h2 id={`${categoryAnchor(category.id)}-titel`}>{category.name}</h2>
          {category.description ? (
            <p className="category-description">{category.description}</p>
          ) : null}
          <ul className="product-list">
            {category.products.map((product) => (
              <li
                key={product.id}
                id={productAnchor(product.id)}
                className={product.isAvailable ? "product" : "product unavailable"}
              >
                {product.image ? (
                  <PictureImg
                    picture={product.image}
                    loading={shown++ < EAGER_IMAGES ? "eager" : "lazy"}
                    decoding="async"
                    className="product-image"
                  />
                ) : (
                  <span className="product-image placeholder" aria-hidden="true" />
                )}
                <div className="product-text">
                  {/* Named by the product alone: the link's own name adds "auswählen". */}
                  <h3 aria-label={product.name}>
                    <a
                      href={product.href ?? productHref?.(product.id)}
                      aria-label={de.menu.choose(product.name)}
                    >
                      {product.name}
                    </a>
                  </h3>
                  {product.description ? (
                    <p className="product-description">{product.description}</p>
                  ) : null}
                  <p className="product-meta">
                    <span className="price">{product.priceLabel}</span>
                    {product.leadTime ? (
                      <span className="lead-time">{product.leadTime}</span>
                    ) : null}
                    {product.isAvailable ? null : (
                      <span className="unavailable-note">
                        {product.unavailableNote ?? de.menu.unavailable}
                      </span>
                    )}
                  </p>
                </div>
                {product.isAvailable && product.quickAdd && addPath ? (
                  <Button
                    variant="plain"
                    type="submit"
                    name="productId"
                    value={product.id}
                    className="quick-add-button"
                    aria-label={de.menu.quickAdd(product.name)}
                  >
                    +
                  </Button>
                ) : product.isAvailable ? (
                  <span className="product-choose" aria-hidden="true">
                    {de.menu.chooseShort}
                  </span>
                ) : null}
              </li>
            ))}
          </ul>
        </section>
      ))}
    </>
  );
  // The links and buttons inside are the keyboard's way in; the list only catches their events.
  if (!addPath) {
    return (
      // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions
      <div className="menu-list" onClick={onClick}>
        {content}
      </div>
    );
  }
  return (
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions
    <form
      method="post"
      action={addPath}
      className="menu-list"
      onClick={onClick}
      onSubmit={onSubmit}
    >
      <input type="hidden" name="intent" value="add" />
      {search ? <input type="hidden" name="suche" value={search} /> : null}
      {content}
    </form>
  );
}

/**
 * The search inside the menu: a GET form (`?suche=`) the loader applies without JavaScript; with
 * it, `onTerm` runs a moment after the customer stops typing. At tablet width and up, focusing
 * the field brings it to the top of the screen, so the results show below it instead of under
 * the keyboard.
 */
export function MenuSearch({
  term,
  resultText,
  onTerm,
}: {
  term: string;
  resultText: string | null;
  onTerm: (term: string) => void;
}) {
  const timer = useRef(0);
  return (
    <form method="get" role="search" className="menu-search" onSubmit={(e) => e.preventDefault()}>
      <label htmlFor="menu-suche">{de.menu.search}</label>
      <div className="menu-search-row">
        <input
          id="menu-suche"
          type="search"
          name="suche"
          defaultValue={term}
          maxLength={100}
          placeholder={de.menu.searchPlaceholder}
          autoComplete="off"
          enterKeyHint="search"
          onChange={(event) => {
            const value = event.currentTarget.value;
            window.clearTimeout(timer.current);
            timer.current = window.setTimeout(() => onTerm(value), 250);
          }}
          onFocus={(event) => {
            if (window.matchMedia("(min-width: 600px)").matches) {
              event.currentTarget.form?.scrollIntoView({ block: "start", behavior: "smooth" });
            }
          }}
        />
        <Button variant="store-secondary" type="submit">
          {de.menu.searchSubmit}
        </Button>
      </div>
      <p className="menu-search-result" aria-live="polite">
        {resultText}
      </p>
    </form>
  );
}
