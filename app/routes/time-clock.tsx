import type { Route } from "#app/server/route-types";
import { Form, useActionData, useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import { data, redirect } from "@remix-run/node";
import { useEffect, useRef } from "react";
import { Notice, Select } from "#app/components/ui";
import {
  CardField,
  ClockActionButtons,
  optionsOf,
  PinField,
} from "#app/components/backend/activity-fields";
import { branchStaff } from "#app/features/time-tracking/clock.server";
import {
  clockActionOf,
  clockDevice,
  pageIdentification,
  personAtClock,
  tapAtClock,
  tapNotice,
  type ClockDevice,
} from "#app/features/time-tracking/clock-device.server";
import { formFields } from "./time-tracking-requests.server";
import { zoneOf } from "#app/features/time-tracking/staff-scope.server";
import { deTimeTracking as de } from "#app/i18n/de-time-tracking";
import { de as staffDe } from "#app/i18n/de-staff";
import { firstMessage } from "#app/server/outcome";
import uiStyles from "#app/styles/ui.css?url";
import clockStyles from "#app/styles/time-clock.css?url";

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
export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: uiStyles },
  { rel: "stylesheet", href: clockStyles },
];

export const meta: Route.MetaFunction<typeof loader> = ({ data: loaded }) => [
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

const NO_STORE = { "Cache-Control": "no-store" };

async function deviceOr404(
  db: Route.LoaderArgs["context"]["db"],
  params: Route.LoaderArgs["params"],
): Promise<ClockDevice> {
  const device = await clockDevice(db, params);
  if (!device) {
    throw data({ message: staffDe.counterOrders.notFound, title: de.clock.title }, { status: 404 });
  }
  return device;
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { branch } = await deviceOr404(context.db, params);
  const erfasst = new URL(request.url).searchParams.get("erfasst");
  const [staff, notice] = await Promise.all([
    branchStaff(context.db, branch.id),
    zoneOf(context.db).then((zone) => tapNotice(context.db, erfasst, branch.id, zone)),
  ]);
  return data(
    { branch, staff, notice, error: null as string | null },
    { headers: { ...NO_STORE, "X-Robots-Tag": "noindex" } },
  );
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const device = await deviceOr404(context.db, params);
  const fields = await formFields(request);
  const tap = clockActionOf(fields.action);
  const staff = await branchStaff(context.db, device.branch.id);
  const fail = (status: number, message: string) =>
    data(
      { branch: device.branch, staff, notice: null, error: message },
      { status, headers: NO_STORE },
    );
  if (!tap) return fail(400, de.errors.invalidAction);
  const identification = pageIdentification(device.branch.id, fields);
  const person = identification.ok
    ? await personAtClock(context.db, device, identification.value)
    : identification;
  if (!person.ok) return fail(person.status, `${de.failed[tap]} ${firstMessage(person)}`);
  const done = await tapAtClock(context.db, device, person.value, tap);
  if (!done.ok) return fail(done.status, firstMessage(done));
  const { pathname } = new URL(request.url);
  return redirect(`${pathname}?erfasst=${tap}-${done.value.activityId}`, { headers: NO_STORE });
}

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
          <Select
            id="person"
            name="person"
            label={de.clock.person}
            defaultValue=""
            options={[{ value: "", label: de.clock.choose }, ...optionsOf(staff)]}
          />
          <PinField id="pin" label={de.clock.pin} masked />
          <p className="time-clock-or">{de.clock.or}</p>
          <CardField id="card" label={de.clock.card} masked />
          <ClockActionButtons
            actions={["start", "pause", "resume", "end"]}
            primary={(action) => action === "start"}
          />
        </Form>
      )}
    </div>
  );
}
