import { useNavigate } from "@remix-run/react";
import type { MouseEvent } from "react";
import { de } from "../../i18n/de";
import { categoryAnchor } from "./category-bar";

export interface MenuProductCard {
  id: number;
  name: string;
  description: string | null;
  priceLabel: string;
  isAvailable: boolean;
  href: string;
  /** The first product photo, with its size so the card does not jump when it arrives. */
  image: { src: string; width: number; height: number } | null;
}

export interface MenuCategorySection {
  id: number;
  name: string;
  description: string | null;
  products: MenuProductCard[];
}

/** Cards in the first screenful load their photo at once; the rest only when scrolled near. */
const EAGER_IMAGES = 4;

/**
 * With JavaScript, a product's link opens its dialog over the menu without a page load. One
 * handler on the list does it for every card: a `<Link>` per card costs several router hooks each,
 * which a menu of 300 products pays on every server render.
 */
function useDialogLinks() {
  const navigate = useNavigate();
  return (event: MouseEvent<HTMLElement>) => {
    const link = (event.target as HTMLElement).closest<HTMLAnchorElement>("a[data-product-link]");
    if (!link || event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
    event.preventDefault();
    navigate(link.getAttribute("href") ?? "", { preventScrollReset: true });
  };
}

export function MenuList({ categories }: { categories: MenuCategorySection[] }) {
  let shown = 0;
  const openDialog = useDialogLinks();
  return (
    // The links inside are the keyboard's way in; this only catches their clicks.
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions
    <div className="menu-list" onClick={openDialog}>
      <h2 className="visually-hidden">{de.menu.heading}</h2>
      {categories.length === 0 ? <p>{de.menu.noMenu}</p> : null}
      {categories.map((category) => (
        <section
          key={category.id}
          id={categoryAnchor(category.id)}
          data-category-id={category.id}
          className="category"
          aria-labelledby={`${categoryAnchor(category.id)}-titel`}
        >
          <h2 id={`${categoryAnchor(category.id)}-titel`}>{category.name}</h2>
          {category.description ? <p>{category.description}</p> : null}
          <ul className="product-list">
            {category.products.map((product) => (
              <li
                key={product.id}
                className={product.isAvailable ? "card product" : "card product unavailable"}
              >
                {product.image ? (
                  <img
                    src={product.image.src}
                    width={product.image.width}
                    height={product.image.height}
                    alt=""
                    loading={shown++ < EAGER_IMAGES ? "eager" : "lazy"}
                    decoding="async"
                    className="product-image"
                  />
                ) : null}
                <h3>{product.name}</h3>
                {product.description ? <p>{product.description}</p> : null}
                <p className="price">{product.priceLabel}</p>
                {product.isAvailable ? (
                  <a
                    className="button"
                    href={product.href}
                    data-product-link=""
                    aria-label={de.menu.choose(product.name)}
                  >
                    {de.menu.chooseShort}
                  </a>
                ) : (
                  <p className="unavailable-note" aria-disabled="true">
                    {de.menu.unavailable}
                  </p>
                )}
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
