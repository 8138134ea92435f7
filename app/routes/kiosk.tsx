import type { Route } from "#app/server/route-types";
import { data, redirect } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { de } from "#app/i18n/de";
import { selfServiceCookie } from "#app/features/storefront/visitor.server";
import { KIOSK_START_PATH } from "#app/features/kiosk/kiosk";

/**
 * The idle screen of the self-service context (spec sections 2 and 9, decision 053). Opening
 * `/kiosk` turns this device into a kiosk (a cookie that stays until `/kiosk?aus`) and shows
 * 'Tippen um zu bestellen'; the whole screen is one link into the shop, so a tap dismisses it with
 * or without JavaScript. Every reset of the kiosk ends here.
 */
export const handle = { context: "self-service", bare: true };

export async function loader({ request, context }: Route.LoaderArgs) {
  const leave = new URL(request.url).searchParams.has("aus");
  const cookie = selfServiceCookie(context.config.publicOrigin, !leave);
  if (leave) {
    return redirect("/", {
      status: 303,
      headers: { "Set-Cookie": cookie, "Cache-Control": "no-store" },
    });
  }
  return data(null, { headers: { "Set-Cookie": cookie, "Cache-Control": "no-store" } });
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const root = matches.find((match) => match.id === "root")?.data as
    { shell?: { shopName?: string } } | undefined;
  const shop = root?.shell?.shopName;
  return [
    { title: shop ? `${de.kiosk.idle} - ${shop}` : de.kiosk.idle },
    { name: "robots", content: "noindex" },
  ];
};

export default function KioskIdleScreen() {
  return (
    <Link to={KIOSK_START_PATH} className="kiosk-idle" aria-labelledby="kiosk-idle-text">
      <TouchIcon />
      <h1 id="kiosk-idle-text" className="kiosk-idle-text">
        {de.kiosk.idle}
      </h1>
    </Link>
  );
}

/** A finger tapping, with rings where it touches: inline, nothing to download. */
function TouchIcon() {
  return (
    <svg
      className="kiosk-idle-icon"
      viewBox="0 0 96 96"
      width="160"
      height="160"
      aria-hidden="true"
      focusable="false"
    >
      <circle cx="40" cy="26" r="10" fill="none" stroke="currentColor" strokeWidth="3" />
      <circle
        cx="40"
        cy="26"
        r="19"
        fill="none"
        stroke="currentColor"
        strokeWidth="2.5"
        opacity="0.45"
      />
      <path
        d="M36 26v34l-7-7a6 6 0 0 0-8.5 8.5l16 17.5c3.5 3.8 7.5 5 12.5 5h10c8.3 0 15-6.7 15-15V51a5.5 5.5 0 0 0-11 0v-2a5.5 5.5 0 0 0-11 0v-2a5.5 5.5 0 0 0-11 0V26a4 4 0 0 0-8 0Z"
        fill="currentColor"
        fillOpacity="0.12"
        stroke="currentColor"
        strokeWidth="3"
        strokeLinejoin="round"
      />
    </svg>
  );
}
