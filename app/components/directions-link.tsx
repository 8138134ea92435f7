import { de } from "../i18n/de";

/** The route planner's link for a branch, in a new tab (said for screen readers). */
export function DirectionsLink({ href }: { href: string }) {
  return (
    <a href={href} target="_blank" rel="noopener noreferrer">
      {de.home.directions}
      <span className="visually-hidden"> {de.shell.newTab}</span>
    </a>
  );
}
