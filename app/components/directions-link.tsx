import { de } from "#app/i18n/de";
import { OutsideLink } from "./kiosk";

/** The route planner's link for a branch, in a new tab (said for screen readers). */
export function DirectionsLink({ href }: { href: string }) {
  return (
    // A kiosk shows no route planner (decision 053).
    <OutsideLink href={href} newTab hideOnKiosk>
      {de.home.directions}
      <span className="visually-hidden"> {de.shell.newTab}</span>
    </OutsideLink>
  );
}
