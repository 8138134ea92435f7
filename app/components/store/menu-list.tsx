import { Link } from "@remix-run/react";
import { de } from "../../i18n/de";
import { categoryAnchor } from "./category-bar";

export interface MenuProductCard {
  id: number;
  name: string;
  description: string | null;
  priceLabel: string;
  isAvailable: boolean;
  href: string;
}

export interface MenuCategorySection {
  id: number;
  name: string;
  description: string | null;
  products: MenuProductCard[];
}

export function MenuList({ categories }: { categories: MenuCategorySection[] }) {
  return (
    <div className="menu-list">
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
                <h3>{product.name}</h3>
                {product.description ? <p>{product.description}</p> : null}
                <p className="price">{product.priceLabel}</p>
                {product.isAvailable ? (
                  <Link
                    className="button"
                    to={product.href}
                    preventScrollReset
                    aria-label={de.menu.choose(product.name)}
                  >
                    {de.menu.chooseShort}
                  </Link>
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
