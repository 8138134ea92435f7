import type {
  ActionFunctionArgs,
  LinksFunction,
  LoaderFunctionArgs,
  MetaFunction,
} from "@remix-run/node";
import { Form, useActionData, useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { Notice } from "../components/ui";
import { clockPage, clockPageAction } from "../features/time-tracking/time-tracking-routes.server";
import { deTimeTracking as de } from "../i18n/de-time-tracking";
import uiStyles from "../styles/ui.css?url";
import clockStyles from "../styles/time-clock.css?url";

/**
 * `/time-clock/{branchId}/{deviceKey}`: the branch's time clock on a shared PC or tablet (decision
 * 058). The person picks their name and types their PIN (or holds their card to a reader that
 * types it), then taps the action: a plain form, a redirect after each tap, no JavaScript needed.
 * A shared device forgets the person (issue 36, item 7): the fields are emptied after every tap,
 * refused or not, and after {@link IDLE_SECONDS} without input; without JavaScript the redirect
 * and the idle page's refresh do the same.
 */
export const IDLE_SECONDS = 30;

/** A device's plain staff frame: no cookie banner, no shop navigation, footer or app install. */
export const handle = { backOffice: true };
export const links: LinksFunction = () => [
  { rel: "stylesheet", href: uiStyles },
  { rel: "stylesheet", href: clockStyles },
];

export const meta: MetaFunction<typeof loader> = ({ data: loaded }) => [
  {
    title:
      loaded && "branch" in loaded ? `${de.clock.title} – ${loaded.branch.name}` : de.clock.title,
  },
  { name: "robots", content: "noindex" },
];

// "same-origin", not "no-referrer": the key in the address never leaves the site, but the form's
// POST keeps its Origin (with "no-referrer" a browser sends `Origin: null`, refused as cross-site).
export const headers = () => ({
  "Cache-Control": "private, no-store",
  "Referrer-Policy": "same-origin",
});

export const loader = ({ request, context, params }: LoaderFunctionArgs) =>
  clockPage(request, context, params);

export const action = ({ request, context, params }: ActionFunctionArgs) =>
  clockPageAction(request, context, params);

export default function TimeClock() {
  const loaded = useLoaderData<typeof loader>();
  const failed = useActionData<typeof action>();
  const { branch, staff } = loaded;
  const notice = failed ? null : loaded.notice;
  const form = useRef<HTMLFormElement>(null);
  const { pathname } = useLocation();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  // After each tap (a success redirects, a refusal answers in place): the fields are empty again.
  const wasBusy = useRef(false);
  useEffect(() => {
    if (wasBusy.current && !busy) form.current?.reset();
    wasBusy.current = busy;
  }, [busy]);
  // Half a minute without input: whatever was chosen or typed is gone.
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const restart = () => {
      clearTimeout(timer);
      timer = setTimeout(() => form.current?.reset(), IDLE_SECONDS * 1000);
    };
    const events = ["input", "change", "keydown", "pointerdown"] as const;
    for (const event of events) document.addEventListener(event, restart, true);
    restart();
    return () => {
      clearTimeout(timer);
      for (const event of events) document.removeEventListener(event, restart, true);
    };
  }, []);
  return (
    <div className="time-clock">
      {/* Without JavaScript: the clean page again after the idle time (a fresh, empty form). */}
      <noscript>
        <meta httpEquiv="refresh" content={`${IDLE_SECONDS};url=${pathname}`} />
      </noscript>
      <h1>
        {de.clock.title} · {branch.name}
      </h1>
      <p>{de.clock.intro}</p>
      <Notice tone="success">{notice}</Notice>
      <Notice tone="error">{failed?.error ?? null}</Notice>
      {staff.length === 0 ? (
        <p>{de.clock.nobody}</p>
      ) : (
        <Form ref={form} method="post" className="time-clock-form" autoComplete="off">
          <div className="ui-field">
            <label htmlFor="person">{de.clock.person}</label>
            <select id="person" name="person" defaultValue="">
              <option value="">{de.clock.choose}</option>
              {staff.map((person) => (
                <option key={person.id} value={person.id}>
                  {person.name}
                </option>
              ))}
            </select>
          </div>
          <div className="ui-field">
            <label htmlFor="pin">{de.clock.pin}</label>
            <input
              id="pin"
              name="pin"
              type="password"
              inputMode="numeric"
              pattern="[0-9]{4,8}"
              maxLength={8}
            />
          </div>
          <p className="time-clock-or">{de.clock.or}</p>
          <div className="ui-field">
            <label htmlFor="card">{de.clock.card}</label>
            <input id="card" name="card" type="password" maxLength={64} />
          </div>
          <div className="time-clock-actions">
            {(["start", "pause", "resume", "end"] as const).map((action) => (
              <button
                key={action}
                type="submit"
                name="action"
                value={action}
                className={`ui-button ui-button-${action === "start" ? "primary" : "secondary"}`}
              >
                {de.clock.actions[action]}
              </button>
            ))}
          </div>
        </Form>
      )}
    </div>
  );
}
