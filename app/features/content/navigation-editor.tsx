import { deContent } from "#app/i18n/de-content";
import { Button } from "#app/components/ui/button";
import { SelectControl } from "#app/components/ui/field";
import type { HoursErrors } from "#app/components/backend/opening-hours-editor";

/**
 * A navigation's entries as rows of plain fields (`items[N].label`, `items[N].siteId`,
 * `items[N].href`, and one level below `items[N].children[M].…`). Up, down, remove and adding a
 * row are submit buttons (`intent=items-up-2`, `items[1].children-add` …) that the page's action
 * turns into conform's list intents (`applyHoursIntent`), so arranging works without JavaScript;
 * nothing is saved until "Speichern".
 */
const t = deContent.navigations;

export interface NavigationRowValue {
  label?: string | null;
  siteId?: number | string | null;
  href?: string | null;
  children?: (NavigationRowValue | null | undefined)[] | null;
}

type Choice = { value: string; label: string };

function Row({
  prefix,
  list,
  index,
  count,
  item,
  title,
  sites,
  errors,
  children,
}: {
  prefix: string;
  list: string;
  index: number;
  count: number;
  item: NavigationRowValue;
  title: string;
  sites: readonly Choice[];
  errors: HoursErrors | null | undefined;
  children?: React.ReactNode;
}) {
  const name = (part: string) => `${prefix}.${part}`;
  const id = (part: string) => `${prefix.replace(/[[\].]+/g, "-")}-${part}`;
  const error = (part: string) => errors?.[name(part)]?.[0];
  const described = (part: string) => (error(part) ? id(`${part}-fehler`) : undefined);
  const label = item.label || title;
  const site = item.siteId === null || item.siteId === undefined ? "" : String(item.siteId);
  return (
    <fieldset className="nav-row">
      <legend>{title}</legend>
      <div className="nav-row-fields">
        <div className="ui-field">
          <label htmlFor={id("label")}>{t.label}</label>
          <input
            id={id("label")}
            name={name("label")}
            defaultValue={item.label ?? ""}
            maxLength={80}
            required
            aria-invalid={error("label") ? true : undefined}
            aria-describedby={described("label")}
          />
          <p id={id("label-fehler")} className="ui-field-error">
            {error("label")}
          </p>
        </div>
        <div className="ui-field">
          <label htmlFor={id("siteId")}>{t.site}</label>
          <SelectControl
            id={id("siteId")}
            name={name("siteId")}
            defaultValue={site}
            aria-invalid={error("siteId") ? true : undefined}
            aria-describedby={described("siteId")}
          >
            <option value="">{t.siteNone}</option>
            {/* A site that is gone still shows, so the refusal beside it makes sense. */}
            {site && !sites.some((choice) => choice.value === site) ? (
              <option value={site}>{t.siteGone}</option>
            ) : null}
            {sites.map((choice) => (
              <option key={choice.value} value={choice.value}>
                {choice.label}
              </option>
            ))}
          </SelectControl>
          <p id={id("siteId-fehler")} className="ui-field-error">
            {error("siteId")}
          </p>
        </div>
        <div className="ui-field">
          <label htmlFor={id("href")}>{t.href}</label>
          <span id={id("href-hilfe")} className="ui-field-help">
            {t.hrefHelp}
          </span>
          <input
            id={id("href")}
            name={name("href")}
            defaultValue={item.href ?? ""}
            maxLength={500}
            inputMode="url"
            aria-invalid={error("href") ? true : undefined}
            aria-describedby={[id("href-hilfe"), described("href")].filter(Boolean).join(" ")}
          />
          <p id={id("href-fehler")} className="ui-field-error">
            {error("href")}
          </p>
        </div>
      </div>
      <div className="area-actions nav-row-actions">
        <Button
          type="submit"
          name="intent"
          value={`${list}-up-${index}`}
          variant="secondary"
          disabled={index === 0}
          aria-label={t.moveUp(label)}
        >
          <span aria-hidden="true">↑</span> {t.up}
        </Button>
        <Button
          type="submit"
          name="intent"
          value={`${list}-down-${index}`}
          variant="secondary"
          disabled={index === count - 1}
          aria-label={t.moveDown(label)}
        >
          <span aria-hidden="true">↓</span> {t.down}
        </Button>
        <Button
          type="submit"
          name="intent"
          value={`${list}-remove-${index}`}
          variant="danger"
          aria-label={t.removeItem(label)}
        >
          {t.remove}
        </Button>
      </div>
      {children}
    </fieldset>
  );
}

export function NavigationEditor({
  items,
  sites,
  errors,
}: {
  items: readonly (NavigationRowValue | null | undefined)[] | null | undefined;
  sites: readonly Choice[];
  errors: HoursErrors | null | undefined;
}) {
  // A row just added carries no values yet (conform drops empty ones): an empty entry.
  const rows = (items ?? []).map((item) => item ?? {});
  const listError = errors?.items?.[0];
  return (
    <fieldset className="nav-editor">
      <legend>{t.items}</legend>
      <input type="hidden" name="itemsForm" value="1" />
      {listError ? <p className="ui-field-error">{listError}</p> : null}
      {rows.length === 0 ? <p>{t.itemsEmpty}</p> : null}
      {rows.map((item, index) => {
        const children = (item.children ?? []).map((child) => child ?? {});
        const prefix = `items[${index}]`;
        const childError = errors?.[`${prefix}.children`]?.[0];
        return (
          <Row
            key={`${index}-${item.label ?? ""}`}
            prefix={prefix}
            list="items"
            index={index}
            count={rows.length}
            item={item}
            title={t.item(index + 1)}
            sites={sites}
            errors={errors}
          >
            <div className="nav-children">
              {childError ? <p className="ui-field-error">{childError}</p> : null}
              {children.map((child, childIndex) => (
                <Row
                  key={`${childIndex}-${child.label ?? ""}`}
                  prefix={`${prefix}.children[${childIndex}]`}
                  list={`${prefix}.children`}
                  index={childIndex}
                  count={children.length}
                  item={child}
                  title={t.child(index + 1, childIndex + 1)}
                  sites={sites}
                  errors={errors}
                />
              ))}
              <Button
                type="submit"
                name="intent"
                value={`${prefix}.children-add`}
                variant="quiet"
                aria-label={t.addChild(item.label || t.item(index + 1))}
              >
                {t.addChildShort}
              </Button>
            </div>
          </Row>
        );
      })}
      <div className="area-actions">
        <Button type="submit" name="intent" value="items-add" variant="secondary">
          {t.add}
        </Button>
      </div>
    </fieldset>
  );
}
