import { useEffect, useState } from "react";
import { de } from "#app/i18n/de";

export const categoryAnchor = (id: number) => `kategorie-${id}`;

/**
 * Links that jump to each category. With JavaScript the link of the category in view is marked
 * as current while the customer scrolls.
 */
export function CategoryBar({ categories }: { categories: { id: number; name: string }[] }) {
  const [active, setActive] = useState<number | null>(null);
  const key = categories.map((category) => category.id).join(",");

  useEffect(() => {
    if (typeof IntersectionObserver === "undefined") return;
    const visible = new Map<number, number>();
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          const id = Number((entry.target as HTMLElement).dataset.categoryId);
          if (entry.isIntersecting) visible.set(id, entry.boundingClientRect.top);
          else visible.delete(id);
        }
        const first = [...visible.entries()].sort((a, b) => a[1] - b[1])[0];
        if (first) setActive(first[0]);
      },
      { rootMargin: "-20% 0px -60% 0px" },
    );
    for (const section of document.querySelectorAll<HTMLElement>("[data-category-id]")) {
      observer.observe(section);
    }
    return () => observer.disconnect();
  }, [key]);

  return (
    <nav className="category-bar" aria-label={de.menu.categoryBar}>
      <ul>
        {categories.map((category) => (
          <li key={category.id}>
            <a
              href={`#${categoryAnchor(category.id)}`}
              aria-current={active === category.id ? "true" : undefined}
            >
              {category.name}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
