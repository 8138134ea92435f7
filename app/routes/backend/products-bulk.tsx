import { data, redirect } from "@remix-run/node";
import type { Route } from "#app/server/route-types";
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
import { resourceLinks } from "#app/components/backend/resource-styles";
import bulkStyles from "#app/styles/catalogue-bulk.css?url";
import { adminFor } from "#app/features/catalogue/admin-guard.server";
import {
  bulkFormFrom,
  bulkPageChange,
  bulkPageData,
  bulkPresetFrom,
  EMPTY_BULK_FORM,
  type BulkReply,
} from "#app/features/catalogue/bulk-changes.server";
import { productFilterFrom } from "#app/features/catalogue/product-filter";
import { readSmallForm } from "#app/features/shared/small-request.server";
import { parseId } from "#app/domain/values";
import { de } from "#app/i18n/de-backoffice";
import { ProductFilterBar } from "#app/features/catalogue/product-filter-bar";
import { deCatalogue } from "#app/i18n/de-catalogue";
import { staffPageMeta } from "#app/components/backend/staff-page-meta";

export const links: Route.LinksFunction = () => [
  ...resourceLinks(),
  { rel: "stylesheet", href: bulkStyles },
];

const texts = deCatalogue.bulk;

export const meta: Route.MetaFunction = () => staffPageMeta(texts.title);

/**
 * `/backend/products/bulk`: choose products, choose the change, see old and new values, confirm.
 * Every step is a plain form: the filter a GET, the preview and the confirmation POSTs.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await adminFor(request, context);
  const search = new URL(request.url).searchParams;
  const saved = search.get("hinweis") === "gespeichert";
  return bulkPageData(
    context.db,
    productFilterFrom(search),
    saved ? { count: parseId(search.get("anzahl")) ?? 0 } : null,
    bulkPresetFrom(search),
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await adminFor(request, context);
  const posted = await readSmallForm(request);
  if (!posted) {
    const errors = [{ message: de.resources.edit.badRequest }];
    return data<BulkReply>({ errors, preview: null, sent: EMPTY_BULK_FORM }, 400);
  }
  const form = bulkFormFrom(posted);
  const actor = { user, clientAddress: context.clientAddress };
  const answer = await bulkPageChange(context.db, actor, form);
  if ("reply" in answer) return data<BulkReply>(answer.reply, answer.status);
  const { search, categoryId, tagId, takeawayTaxRate, dineInTaxRate } = form.sent;
  const query = new URLSearchParams({ hinweis: "gespeichert", anzahl: String(answer.saved) });
  for (const [name, value] of [
    ["suche", search],
    ["kategorie", categoryId],
    ["schlagwort", tagId],
    ["abholung", takeawayTaxRate],
    ["vor-ort", dineInTaxRate],
  ]) {
    if (value) query.set(name!, value);
  }
  return redirect(`/backend/products/bulk?${query}`);
}

/** The spec's names (section 3, decision 104); the labels stay German. */
const FIELDS = ["price", "tax", "takeawayTax", "dineInTax"] as const;
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
    takeawayTaxRate: sent ? sent.takeawayTaxRate : String(page.filter.takeawayTaxRate ?? ""),
    dineInTaxRate: sent ? sent.dineInTaxRate : String(page.filter.dineInTaxRate ?? ""),
  };
  const chosen = sent ?? page.preset;
  const picked = new Set(sent?.productIds ?? []);
  const filterFields = (
    <>
      <input type="hidden" name="suche" value={filter.search} />
      <input type="hidden" name="kategorie" value={filter.categoryId} />
      <input type="hidden" name="schlagwort" value={filter.tagId} />
      <input type="hidden" name="abholung" value={filter.takeawayTaxRate} />
      <input type="hidden" name="vor-ort" value={filter.dineInTaxRate} />
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
        withRates
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
                defaultChecked={chosen.all}
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
              defaultChecked={(chosen.field || "price") === field}
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
              defaultChecked={(chosen.mode || "percent") === mode}
            />
          ))}
          <TextInput
            id="wert"
            name="wert"
            label={texts.value}
            help={texts.valueHelp}
            defaultValue={chosen.value}
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
