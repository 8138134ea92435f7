import type { Route } from "#app/server/route-types";
import { data, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { Button, buttonClass, Notice, Select, TextInput } from "#app/components/ui";
import { resourceLinks } from "#app/components/backend/resource-styles";
import { staffPageMeta } from "#app/components/backend/staff-page-meta";
import { ACCOUNT_KEYS, CHARTS, TAX_KEY_KEYS } from "#app/domain/datev";
import {
  saveTaxExportSettings,
  taxExportSettings,
} from "#app/features/tax-export/tax-export.server";
import { readSmallForm } from "#app/features/shared/small-request.server";
import { forbidden, requireStaff } from "#app/features/staff/staff-auth.server";
import { deTaxExport } from "#app/i18n/de-tax-export";
import taxExportStyles from "#app/styles/tax-export.css?url";

const de = deTaxExport.settings;

export const links: Route.LinksFunction = () => [
  ...resourceLinks(),
  { rel: "stylesheet", href: taxExportStyles },
];

export const meta: Route.MetaFunction = () => staffPageMeta(de.title);

/**
 * `/backend/exports/settings` (issue 39 part 3, decision 116): the DATEV batch's settings, for
 * administrators: chart of accounts, Berater- and Mandantennummer, the financial year's first
 * month, the Sachkontenlänge and every account. The form posts here and comes back (303).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireStaff(request, context);
  if (!user.isAdmin) throw forbidden(user.surface);
  const settings = await taxExportSettings(context.db);
  const saved = new URL(request.url).searchParams.has("gespeichert");
  return {
    saved,
    values: {
      kontenrahmen: settings.chart as string,
      beraternummer: settings.consultantNumber === null ? "" : String(settings.consultantNumber),
      mandantennummer: settings.clientNumber === null ? "" : String(settings.clientNumber),
      wirtschaftsjahr: String(settings.fiscalYearStartMonth),
      sachkontenlaenge: String(settings.accountLength),
      ...settings.accounts,
    } as Record<string, string>,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireStaff(request, context);
  if (!user.isAdmin) throw forbidden(user.surface);
  const form = await readSmallForm(request);
  if (!form) return data({ problems: [{ message: de.badForm }], values: null }, { status: 400 });
  const saved = await saveTaxExportSettings(context.db, user, form);
  if (!saved.ok) {
    const values: Record<string, string> = {};
    for (const [key, value] of form.entries()) {
      if (typeof value === "string") values[key] = value.slice(0, 20);
    }
    return data({ problems: saved.errors, values }, { status: saved.status });
  }
  return redirect("/backend/exports/settings?gespeichert", 303);
}

export default function TaxExportSettings() {
  const { saved, values: stored } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const values = actionData?.values ?? stored;
  const problems = actionData?.problems ?? [];
  const errorOf = (name: string) =>
    problems.find((problem) => "field" in problem && problem.field === name)?.message;
  const unplaced = problems.filter((problem) => !("field" in problem) || !problem.field);
  return (
    <section className="tax-export-settings">
      <div className="backoffice-heading">
        <h1>{de.title}</h1>
      </div>
      <p>{de.intro}</p>
      <Notice tone="error">
        {problems.length > 0 ? (unplaced[0]?.message ?? problems[0]?.message) : null}
      </Notice>
      <Notice tone="success">{actionData ? null : saved ? de.saved : null}</Notice>
      <Form method="post" noValidate>
        <fieldset>
          <legend>{deTaxExport.title}</legend>
          <Select
            id="kontenrahmen"
            name="kontenrahmen"
            label={de.chart}
            help={de.chartHint}
            defaultValue={values.kontenrahmen}
            error={errorOf("kontenrahmen")}
            options={CHARTS.map((chart) => ({ value: chart, label: de.charts[chart] }))}
          />
          <TextInput
            id="beraternummer"
            name="beraternummer"
            label={de.consultantNumber}
            help={de.consultantHint}
            inputMode="numeric"
            autoComplete="off"
            defaultValue={values.beraternummer}
            error={errorOf("beraternummer")}
          />
          <TextInput
            id="mandantennummer"
            name="mandantennummer"
            label={de.clientNumber}
            help={de.clientHint}
            inputMode="numeric"
            autoComplete="off"
            defaultValue={values.mandantennummer}
            error={errorOf("mandantennummer")}
          />
          <Select
            id="wirtschaftsjahr"
            name="wirtschaftsjahr"
            label={de.fiscalYearStart}
            defaultValue={values.wirtschaftsjahr}
            error={errorOf("wirtschaftsjahr")}
            options={de.months.map((label, index) => ({ value: String(index + 1), label }))}
          />
          <TextInput
            id="sachkontenlaenge"
            name="sachkontenlaenge"
            label={de.accountLength}
            inputMode="numeric"
            autoComplete="off"
            defaultValue={values.sachkontenlaenge}
            error={errorOf("sachkontenlaenge")}
          />
        </fieldset>
        <fieldset>
          <legend>{de.accountsHeading}</legend>
          {[...ACCOUNT_KEYS, ...TAX_KEY_KEYS].map((key) => (
            <TextInput
              key={key}
              id={key}
              name={key}
              label={de.accounts[key]!}
              help={key.startsWith("taxKey") ? de.taxKeyHint : undefined}
              inputMode="numeric"
              autoComplete="off"
              defaultValue={values[key] ?? ""}
              error={errorOf(key)}
            />
          ))}
        </fieldset>
        <div className="tax-export-actions">
          <Button type="submit" variant="primary">
            {de.save}
          </Button>
          <Link to="/backend/exports" className={buttonClass("quiet")}>
            {de.back}
          </Link>
        </div>
      </Form>
    </section>
  );
}
