import { data, redirect } from "@remix-run/node";
import type { Route } from "#app/server/route-types";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { DataTable, Radio, TextInput, Button } from "#app/components/ui";
import { resourceLinks } from "#app/components/backend/resource-styles";
import labelStyles from "#app/styles/labels.css?url";
import {
  checkLabelForm,
  labelsPageData,
  type LabelsReply,
} from "#app/features/labels/labels.server";
import { adminFor } from "#app/features/catalogue/admin-guard.server";
import { productFilterFrom } from "#app/features/catalogue/product-filter";
import { readSmallForm } from "#app/features/shared/small-request.server";
import { ProductFilterBar } from "#app/features/catalogue/product-filter-bar";
import { deLabels } from "#app/i18n/de-labels";
import { staffPageMeta } from "#app/components/backend/staff-page-meta";

export const links: Route.LinksFunction = () => [
  ...resourceLinks(),
  { rel: "stylesheet", href: labelStyles },
];

const texts = deLabels;

export const meta: Route.MetaFunction = () => staffPageMeta(texts.title);

/**
 * `/backend/products/labels` (decision 057): the filter is a GET, the labels a plain POST whose
 * answer is the PDF (`reloadDocument`: the browser downloads it, with or without JavaScript).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await adminFor(request, context);
  return labelsPageData(context.db, productFilterFrom(new URL(request.url).searchParams));
}

export async function action({ request, context }: Route.ActionArgs) {
  await adminFor(request, context);
  const form = await readSmallForm(request);
  if (!form) return data<LabelsReply>({ errors: [texts.errors.badRequest], sent: {} }, 400);
  const checked = await checkLabelForm(context.db, form);
  if (!checked.ok) return data<LabelsReply>(checked.reply, checked.status);
  return redirect(checked.pdfPath, 303);
}

export default function ProductLabels() {
  const page = useLoaderData<typeof loader>();
  // The action answers a PDF or, refused, the reasons and what was sent.
  const reply = useActionData<typeof action>() as LabelsReply | undefined;
  const sent = reply?.sent ?? {};
  const errors = reply?.errors ?? [];
  const layout = sent.format === "detail" ? "detail" : "compact";
  return (
    <section className="labels-page">
      <div className="backoffice-heading">
        <h1>{texts.title}</h1>
      </div>
      <p>{texts.intro}</p>
      {errors.length ? (
        <div className="ui-notice ui-notice-error" role="alert" id="etiketten-fehler">
          <p>
            <strong>{texts.errors.title}</strong>
          </p>
          <ul>
            {errors.map((error, index) => (
              <li key={index}>{error}</li>
            ))}
          </ul>
        </div>
      ) : null}
      <ProductFilterBar
        filter={page.filter}
        categories={page.categories}
        resetHref="/backend/products/labels"
      />
      <Form method="post" reloadDocument className="labels-form" id="etiketten">
        <fieldset className="resource-section">
          <legend>{texts.choose}</legend>
          <p>{page.total ? texts.matches(page.total) : texts.noMatches}</p>
          {page.total > page.products.length ? (
            <p className="ui-field-help">{texts.shownOnly(page.products.length, page.total)}</p>
          ) : null}
          {page.products.length ? (
            <DataTable
              label={texts.choose}
              columns={[
                { key: "name", label: texts.productColumn },
                { key: "price", label: texts.priceColumn, numeric: true },
                { key: "copies", label: texts.copiesColumn, numeric: true },
              ]}
            >
              {page.products.map((product) => (
                <tr key={product.id}>
                  <td>{product.name}</td>
                  <td className="ui-numeric">{product.price}</td>
                  <td className="ui-numeric">
                    <TextInput
                      id={`anzahl-${product.id}`}
                      name={`anzahl-${product.id}`}
                      label={texts.copiesLabel(product.name)}
                      fieldClassName="labels-copies"
                      type="number"
                      inputMode="numeric"
                      min={0}
                      max={page.maxLabels}
                      step={1}
                      defaultValue={sent[`anzahl-${product.id}`] ?? ""}
                    />
                  </td>
                </tr>
              ))}
            </DataTable>
          ) : null}
        </fieldset>
        <fieldset className="resource-section">
          <legend>{texts.sheet}</legend>
          {(["compact", "detail"] as const).map((name) => (
            <Radio
              key={name}
              id={`format-${name}`}
              name="format"
              value={name}
              label={texts.layouts[name]}
              defaultChecked={layout === name}
            />
          ))}
          <TextInput
            id="start"
            name="start"
            type="number"
            inputMode="numeric"
            label={texts.start}
            help={texts.startHelp}
            min={1}
            max={48}
            step={1}
            defaultValue={sent.start ?? "1"}
          />
          <TextInput
            id="mhd"
            name="mhd"
            type="date"
            label={texts.bestBefore}
            help={texts.bestBeforeHelp}
            defaultValue={sent.mhd ?? ""}
          />
          <p className="ui-field-help">{texts.limitNote(page.maxLabels)}</p>
        </fieldset>
        <div className="resource-actions">
          <Button type="submit">{texts.submit}</Button>
        </div>
      </Form>
    </section>
  );
}
