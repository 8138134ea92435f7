import { Link } from "@remix-run/react";

export interface TabItem {
  href: string;
  label: string;
  current: boolean;
}

/** Views of one page as links (each its own address); the current one has aria-current. */
export function Tabs({ label, items }: { label: string; items: readonly TabItem[] }) {
  return (
    <nav aria-label={label} className="ui-tabs">
      <ul>
        {items.map((item) => (
          <li key={item.href}>
            <Link to={item.href} aria-current={item.current ? "page" : undefined}>
              {item.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
