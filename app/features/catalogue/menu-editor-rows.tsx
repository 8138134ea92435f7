import { Form } from "@remix-run/react";
import type { EditorCategory, EditorEntry, SearchHit } from "./menu-editor.server";
import { deCatalogue } from "#app/i18n/de-catalogue";
import { Badge, Button, buttonClass, SelectControl } from "#app/components/ui";

/**
 * The catalogue editor's rows (`menu-editor.tsx` draws the lists): an entry's name, the row's
 * forms of plain buttons (up, down, "verschieben nach", remove), sold out today, adding an entry.
 */
const t = deCatalogue.menus;

export function EntryName({ entry }: { entry: EditorEntry }) {
  return (
    <span className="menu-editor-name">
      <span id={nameId(entry.id)}>{entry.name}</span>{" "}
      {entry.kind === "group" ? <Badge tone="info">{t.groupOf(entry.count ?? 0)}</Badge> : null}
      {entry.isEnabled ? null : <Badge tone="warning">{t.disabled}</Badge>}
      {entry.isSoldOut ? <Badge tone="danger">{t.soldOut}</Badge> : null}
    </span>
  );
}

/**
 * A 300-product menu has 300 rows: each row's controls are named by the product's name and one
 * of these shared words (`aria-labelledby="n12 zeile-hoch"`), instead of repeating a whole label
 * per control, which kept the page at 550 KB and its render above 150 ms (issue 15, "Speed").
 */
const nameId = (entryId: number) => `n${entryId}`;
const ROW_LABELS = {
  up: "zeile-hoch",
  down: "zeile-runter",
  moveTo: "zeile-verschieben",
  remove: "zeile-entfernen",
  soldOut: "zeile-ausverkauft",
  available: "zeile-verfuegbar",
} as const;
const labelledBy = (entryId: number, label: keyof typeof ROW_LABELS) =>
  `${nameId(entryId)} ${ROW_LABELS[label]}`;

export function RowLabels() {
  return (
    <div hidden>
      <span id={ROW_LABELS.up}>{t.rowUp}</span>
      <span id={ROW_LABELS.down}>{t.rowDown}</span>
      <span id={ROW_LABELS.moveTo}>{t.rowMoveTo}</span>
      <span id={ROW_LABELS.remove}>{t.rowRemove}</span>
      <span id={ROW_LABELS.soldOut}>{t.rowSoldOut}</span>
      <span id={ROW_LABELS.available}>{t.rowAvailable}</span>
    </div>
  );
}

const SECONDARY = buttonClass("secondary");

/**
 * An entry's row: up, down and remove as buttons of the steps form, and a link that opens this
 * row's "verschieben nach" field (`?position={id}`, the full `RowForm`), so the 300 rows do not
 * each carry a number field, its label and a second button.
 */
export function EntryActions({
  entry,
  index,
  count,
}: {
  entry: EditorEntry;
  index: number;
  count: number;
}) {
  const step = (intent: string) => `entry-${intent}:${entry.id}`;
  return (
    <span className="menu-editor-actions">
      <Button
        type={null}
        variant="secondary"
        form={STEPS_FORM}
        name="step"
        value={step("up")}
        disabled={index === 0}
        aria-labelledby={labelledBy(entry.id, "up")}
      >
        ↑
      </Button>
      <Button
        type={null}
        variant="secondary"
        form={STEPS_FORM}
        name="step"
        value={step("down")}
        disabled={index === count - 1}
        aria-labelledby={labelledBy(entry.id, "down")}
      >
        ↓
      </Button>
      {/* A plain link: a router link's hooks, 300 times, cost more than the page they save. */}
      <a
        href={`?position=${entry.id}#eintrag-${entry.id}`}
        className={SECONDARY}
        aria-labelledby={labelledBy(entry.id, "moveTo")}
      >
        {`${t.moveTo} …`}
      </a>
      <Button
        type={null}
        variant="danger"
        form={STEPS_FORM}
        name="step"
        value={step("remove")}
        aria-labelledby={labelledBy(entry.id, "remove")}
      >
        {t.remove}
      </Button>
    </span>
  );
}

/**
 * The id of the one form every row's buttons belong to (`form=`): a row sends
 * `step=entry-up:12` and, for "verschieben nach", its own `position-entry-12`. One form instead
 * of one per row keeps a 300-product page small.
 */
export const STEPS_FORM = "katalog-schritte";
export const SOLD_OUT_FORM = "ausverkauft";

/** Up, down, move to a position, remove: plain submit buttons of the steps form. */
export function RowForm({
  kind,
  id,
  name,
  index,
  count,
}: {
  kind: "category" | "entry";
  id: number;
  name: string;
  index: number;
  count: number;
}) {
  const positionId = `position-${kind}-${id}`;
  const step = (intent: string) => ({
    type: "submit" as const,
    form: STEPS_FORM,
    name: "step",
    value: `${kind}-${intent}:${id}`,
  });
  return (
    <span className="menu-editor-actions">
      <Button
        {...step("up")}
        variant="secondary"
        disabled={index === 0}
        aria-label={t.upNamed(name)}
      >
        <span aria-hidden="true">↑</span>
      </Button>
      <Button
        {...step("down")}
        variant="secondary"
        disabled={index === count - 1}
        aria-label={t.downNamed(name)}
      >
        <span aria-hidden="true">↓</span>
      </Button>
      <span className="menu-editor-move">
        <label htmlFor={positionId} className="visually-hidden">
          {t.moveToLabel(name)}
        </label>
        {kind === "category" ? (
          <SelectControl
            id={positionId}
            name={positionId}
            form={STEPS_FORM}
            defaultValue={index + 1}
          >
            {Array.from({ length: count }, (_, position) => (
              <option key={position} value={position + 1}>
                {position + 1}
              </option>
            ))}
          </SelectControl>
        ) : (
          // A 300-product category would repeat 300 options in each of its 300 rows: a number.
          <input
            id={positionId}
            name={positionId}
            form={STEPS_FORM}
            type="number"
            inputMode="numeric"
            min={1}
            max={count}
            defaultValue={index + 1}
          />
        )}
        <Button {...step("move")} variant="secondary" aria-label={t.moveToNamed(name)}>
          {t.moveTo}
        </Button>
      </span>
      <Button {...step("remove")} variant="danger" aria-label={t.removeNamed(name)}>
        {t.remove}
      </Button>
    </span>
  );
}

/**
 * The sold-out switch: a button of the one sold-out form, posting to
 * `POST /backend/products/{id}/sold-out` (helper "soldout") with `soldOut` 1 or 0.
 */
export function SoldOutButton({ entry }: { entry: EditorEntry }) {
  return (
    <Button
      type={null}
      form={SOLD_OUT_FORM}
      formAction={`/backend/products/${entry.itemId}/sold-out`}
      name="soldOut"
      value={entry.isSoldOut ? "0" : "1"}
      variant="quiet"
      aria-labelledby={labelledBy(entry.id, entry.isSoldOut ? "available" : "soldOut")}
    >
      {entry.isSoldOut ? t.markAvailable : t.markSoldOut}
    </Button>
  );
}

/** A search (GET, so 300+ products stay usable) and its hits, each added with one POST. */
export function AddEntry({
  category,
  search,
}: {
  category: EditorCategory;
  search: { text: string; hits: SearchHit[] | null } | null;
}) {
  const inputId = `suche-${category.id}`;
  return (
    <div className="menu-editor-add-entry">
      <Form
        method="get"
        action={`#kategorie-${category.id}`}
        className="menu-editor-search"
        preventScrollReset
      >
        <input type="hidden" name="kategorie" value={category.id} />
        <div className="ui-field">
          <label htmlFor={inputId}>{t.searchLabel(category.name)}</label>
          <input
            id={inputId}
            name="suche"
            type="search"
            defaultValue={search?.text ?? ""}
            maxLength={100}
          />
        </div>
        <Button type="submit" variant="secondary">
          {t.search}
        </Button>
      </Form>
      {search?.hits ? (
        search.hits.length === 0 ? (
          <p>{t.noHits}</p>
        ) : (
          <ul className="menu-editor-hits" aria-label={t.hitsLabel(category.name)}>
            {search.hits.map((hit) => (
              <li key={hit.value}>
                <form method="post" data-editor-form="">
                  <input type="hidden" name="category" value={category.id} />
                  <input type="hidden" name="item" value={hit.value} />
                  <span>
                    {hit.name} {hit.kind === "group" ? <Badge tone="info">{t.group}</Badge> : null}
                  </span>
                  <Button
                    type="submit"
                    variant="secondary"
                    name="intent"
                    value="entry-add"
                    aria-label={t.addNamed(hit.name)}
                  >
                    {t.add}
                  </Button>
                </form>
              </li>
            ))}
          </ul>
        )
      ) : null}
    </div>
  );
}
