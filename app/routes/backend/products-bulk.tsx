import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useEffect } from "react";
import {
  Checkbox,
  DataTable,
  Notice,
  Radio,
  TextInput,
  buttonClass,
  Button,
} from "#app/components/ui";
import type { LinksFunction } from "@remix-run/node";
import { resourceLinks } from "#app/components/backend/resource-styles";
import bulkStyles from "#app/styles/catalogue-bulk.css?url";
import { bulkPageAction, bulkPageLoader } from "#app/features/catalogue/bulk-routes.server";
import { ProductFilterBar } from "#app/features/catalogue/product-filter-bar";
import { deCatalogue } from "#app/i18n/de-catalogue";
import { staffPageMeta } from "#app/components/backend/staff-page-meta";

export const links: LinksFunction = () => [
  ...resourceLinks(),
  { rel: "stylesheet", href: bulkStyles },
];

const texts = deCatalogue.bulk;

export const meta: MetaFunction = () => staffPageMeta(texts.title);

/**
 * `/backend/products/bulk`: choose products, choose the change, see old and new values, confirm.
 * Every step is a plain form: the filter a GET, the preview and the confirmation POSTs.
 */
export const loader = ({ request, context }: LoaderFunctionArgs) =>
  bulkPageLoader(request, context);
export const action = ({ request, context }: ActionFunctionArgs) =>
  bulkPageAction(request, context);

const FIELDS = ["price", "taxRate", "takeawayTaxRate", "dineInTaxRate"] as const;
const MODES = ["percent", "amount", "set"] as const;

export default function ProductsBulk() {
  const page = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const sent = reply?.sent;
  const filter = {
    search: sent ? sent.search : page.filter.search,
    categoryId: sent ? sent.categoryId : String(page.filter.categoryId ?? ""),
    tagId: sent ? sent.tagId : String(page.filter.tagId ?? ""),
  };
  const picked = new Set(sent?.productIds ?? []);
  const filterFields = (
    <>
      <input type="hidden" name="suche" value={filter.search} />
      <input type="hidden" name="kategorie" value={filter.categoryId} />
      <input type="hidden" name="schlagwort" value={filter.tagId} />
    </>
  );
  const errors = reply?.errors ?? [];
  // With JavaScript the page stays where the button was: take the reader to the preview (or the
  // refusal) at the top. Without it the answer is a new page, read from the top anyway.
  const answered = reply ? `${reply.preview?.checksum ?? ""}${errors.length}` : null;
  useEffect(() => {
    if (answered === null) return;
    const target = document.getElementById(errors.length ? "bulk-fehler" : "vorschau");
    target?.focus();
    target?.scrollIntoView({ block: "start" });
  }, [answered, errors.length]);
  return (
    <section className="bulk-page">
      <div className="backoffice-heading">
        <h1>{texts.title}</h1>
        <Link to="/backend/products/import" className={buttonClass("secondary")}>
          {texts.csv.title}
        </Link>
      </div>
      <p>{texts.intro}</p>
      <Notice>{page.notice}</Notice>
      {errors.length ? (
        <div className="ui-notice ui-notice-error" role="alert" id="bulk-fehler" tabIndex={-1}>
          <p>
            <strong>{texts.errors.title}</strong>
          </p>
          <ul>
            {errors.map((error, index) => (
              <li key={index}>{error.message}</li>
            ))}
          </ul>
        </div>
      ) : null}

      {reply?.preview && sent ? (
        <section className="bulk-preview" aria-labelledby="vorschau">
          <h2 id="vorschau" tabIndex={-1}>
            {texts.previewTitle}
          </h2>
          <p>
            {texts.previewCaption(reply.preview.count)}{" "}
            {texts.previewField(reply.preview.fieldLabel)}{" "}
            {sent.field === "price" ? texts.rounding : null}
          </p>
          <DataTable
            label={texts.previewTable}
            columns={[
              { key: "name", label: texts.productColumn },
              { key: "before", label: texts.before, numeric: true },
              { key: "after", label: texts.after, numeric: true },
            ]}
          >
            {reply.preview.rows.map((row) => (
              <tr key={row.id}>
                <td>{row.name}</td>
                <td className="ui-numeric">{row.before}</td>
                <td className="ui-numeric">{row.after}</td>
              </tr>
            ))}
          </DataTable>
          {reply.preview.count > reply.preview.rows.length ? (
            <p>{texts.csv.moreRows(reply.preview.count - reply.preview.rows.length)}</p>
          ) : null}
          <Form method="post" className="resource-actions">
            {filterFields}
            {sent.all ? <input type="hidden" name="alle" value="1" /> : null}
            {sent.productIds.map((id) => (
              <input key={id} type="hidden" name="produkt" value={id} />
            ))}
            <input type="hidden" name="feld" value={sent.field} />
            <input type="hidden" name="art" value={sent.mode} />
            <input type="hidden" name="wert" value={sent.value} />
            <input type="hidden" name="pruefsumme" value={reply.preview.checksum} />
            <Button type="submit" name="intent" value="uebernehmen" disabled={busy}>
              {texts.confirm}
            </Button>
            <a href="#auswahl" className={buttonClass("quiet")}>
              {texts.back}
            </a>
          </Form>
        </section>
      ) : null}

      <ProductFilterBar
        filter={page.filter}
        categories={page.choices.categories}
        tags={page.choices.tags}
        resetHref="/backend/products/bulk"
        categoryHelp={texts.categoryHelp}
      />

      <Form method="post" id="auswahl" className="bulk-form">
        {filterFields}
        <fieldset className="resource-section bulk-products">
          <legend>{texts.choose}</legend>
          <p>{page.total ? texts.matches(page.total) : texts.noMatches}</p>
          {page.total ? (
            <>
              <Checkbox
                id="alle"
                name="alle"
                value="1"
                label={texts.allMatches(page.total)}
                defaultChecked={sent?.all ?? false}
              />
              {page.total > page.products.length ? (
                <p className="ui-field-help">{texts.shownOnly(page.products.length, page.total)}</p>
              ) : null}
              <DataTable
                label={texts.choose}
                columns={[
                  { key: "name", label: texts.productColumn },
                  { key: "price", label: texts.priceColumn, numeric: true },
                  { key: "taxes", label: texts.taxColumns, numeric: true },
                ]}
              >
                {page.products.map((product) => (
                  <tr key={product.id}>
                    <td>
                      <Checkbox
                        id={`produkt-${product.id}`}
                        name="produkt"
                        value={String(product.id)}
                        label={product.name}
                        defaultChecked={picked.has(String(product.id))}
                      />
                    </td>
                    <td className="ui-numeric">{product.price}</td>
                    <td className="ui-numeric">{product.taxes}</td>
                  </tr>
                ))}
              </DataTable>
            </>
          ) : null}
        </fieldset>
        <fieldset className="resource-section">
          <legend>{texts.what}</legend>
          {FIELDS.map((field) => (
            <Radio
              key={field}
              id={`feld-${field}`}
              name="feld"
              value={field}
              label={texts.fields[field]}
              defaultChecked={(sent?.field || "price") === field}
            />
          ))}
        </fieldset>
        <fieldset className="resource-section">
          <legend>{texts.how}</legend>
          {MODES.map((mode) => (
            <Radio
              key={mode}
              id={`art-${mode}`}
              name="art"
              value={mode}
              label={texts.modes[mode]}
              defaultChecked={(sent?.mode || "percent") === mode}
            />
          ))}
          <TextInput
            id="wert"
            name="wert"
            label={texts.value}
            help={texts.valueHelp}
            defaultValue={sent?.value ?? ""}
            inputMode="decimal"
            maxLength={20}
            required
          />
        </fieldset>
        <div className="resource-actions">
          <Button type="submit" name="intent" value="vorschau" disabled={busy}>
            {texts.previewButton}
          </Button>
        </div>
      </Form>
    </section>
  );
}
