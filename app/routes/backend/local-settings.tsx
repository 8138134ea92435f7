import { data, redirect } from "@remix-run/node";
import type { Route } from "#app/server/route-types";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { de } from "#app/i18n/de-staff";
import {
  localSettingsCookie,
  localSettingsFromForm,
  readLocalSettings,
} from "#app/features/devices/local-settings.server";
import { readSmallForm } from "#app/features/shared/small-request.server";
import { requireStaff } from "#app/features/staff/staff-auth.server";
import { staffPageMeta } from "#app/components/backend/staff-page-meta";
import { Button } from "#app/components/ui";

/**
 * What this device shows on the order board and the counter views (spec section 3, local
 * settings; decision 033): stored in this browser's cookie, for this device only.
 */
const texts = de.localSettings;

export const meta: Route.MetaFunction = () => staffPageMeta(texts.title);

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(request, context);
  return readLocalSettings(request);
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireStaff(request, context);
  const form = await readSmallForm(request);
  const settings = form ? localSettingsFromForm(Object.fromEntries(form)) : null;
  if (!settings) throw data({ message: texts.title }, { status: 400 });
  const secure = context.config.publicOrigin.startsWith("https:");
  return redirect("/backend/orders", {
    status: 303,
    headers: { "Set-Cookie": localSettingsCookie(settings, secure) },
  });
}

export default function LocalSettingsPage() {
  const local = useLoaderData<typeof loader>();
  return (
    <section aria-labelledby="local-settings-title">
      <h1 id="local-settings-title">{texts.title}</h1>
      <p>{texts.intro}</p>
      <Form method="post">
        <fieldset className="checkbox-group">
          <legend>{texts.legend}</legend>
          <div className="checkbox">
            <input
              id="show-customer-data"
              type="checkbox"
              name="showCustomerData"
              defaultChecked={local.showCustomerData}
            />
            <label htmlFor="show-customer-data">{texts.showCustomerData}</label>
          </div>
          <div className="checkbox">
            <input
              id="show-product-data"
              type="checkbox"
              name="showProductData"
              defaultChecked={local.showProductData}
            />
            <label htmlFor="show-product-data">{texts.showProductData}</label>
          </div>
        </fieldset>
        <Button type="submit" variant="store">
          {texts.save}
        </Button>
      </Form>
      <p>
        <Link to="/backend/orders">{de.staffOrders.detail.back}</Link>
      </p>
    </section>
  );
}
