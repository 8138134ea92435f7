import { useEffect, useRef, useState, type MouseEvent } from "react";
import type { OpeningPreview as OpeningPreviewData } from "#app/domain/opening-preview";
import {
  HOURS_INTENT_FIELD,
  NEW_HOURS_ROW,
  hoursIntentValue,
  type HoursChange,
} from "#app/features/branches/opening-hours-intent";
import { MAX_OPENING_RULES, OPENING_RULE_TYPES } from "#app/features/branches/opening-rules.schema";
import { de } from "#app/i18n/de-staff";
import { Button } from "#app/components/ui/button";
import { SelectControl } from "#app/components/ui/field";
import { useHydrated } from "#app/components/use-hydrated";
import stylesheet from "#app/styles/opening-hours.css?url";

const texts = de.hoursEditor;

/** The editor's and the preview's styles, for the page's `links`. */
export const openingHoursStylesheet = stylesheet;

/**
 * A row as the page has it: a stored rule (`{ type, date, isClosed, from, to }`, nulls allowed),
 * a JSON rule, or conform's `initialValue` after a round trip (strings, `isClosed: "on"`).
 */
export interface HoursRowValue {
  type?: string | null;
  date?: string | null;
  isClosed?: boolean | string | null;
  from?: string | null;
  to?: string | null;
}

/** Messages by full field name (`hours[0].to`, `hours` for the list): conform's `error`. */
export type HoursErrors = Readonly<Record<string, readonly string[] | null | undefined>>;

interface Draft {
  type: string;
  date: string;
  isClosed: boolean;
  from: string;
  to: string;
}

interface Row {
  key: number;
  draft: Draft;
}

/** `08:00:00` from a `time` column and `24:00` cannot fill `<input type="time">`; `00:00` can. */
function clockValue(value: string | null | undefined): string {
  if (!value) return "";
  if (value === "24:00") return "00:00";
  return /^\d{2}:\d{2}:00$/.test(value) ? value.slice(0, 5) : value;
}

function draftOf(value: unknown): Draft {
  const row: HoursRowValue = value !== null && typeof value === "object" ? value : {};
  const text = (field: unknown) => (typeof field === "string" ? field : "");
  return {
    type: text(row.type) || NEW_HOURS_ROW.type,
    date: text(row.date),
    isClosed: row.isClosed === true || row.isClosed === "on" || row.isClosed === "true",
    from: clockValue(text(row.from)),
    to: clockValue(text(row.to)),
  };
}

function rowsOf(rules: unknown, firstKey: number): Row[] {
  const list = Array.isArray(rules) ? rules.slice(0, MAX_OPENING_RULES) : [];
  return list.map((rule, index) => ({ key: firstKey + index, draft: draftOf(rule) }));
}

function change(rows: Row[], step: HoursChange, nextKey: number): Row[] {
  switch (step.kind) {
    case "add":
      return [...rows, { key: nextKey, draft: draftOf(NEW_HOURS_ROW) }];
    case "remove":
      return rows.filter((_, index) => index !== step.index);
    case "up":
    case "down": {
      const to = step.kind === "up" ? step.index - 1 : step.index + 1;
      if (step.index >= rows.length || to < 0 || to >= rows.length) return rows;
      const moved = [...rows];
      const [row] = moved.splice(step.index, 1);
      if (row) moved.splice(to, 0, row);
      return moved;
    }
  }
}

/** An id fragment from a field name such as `branch.openingHours`. */
function idOf(name: string): string {
  return name.replace(/[^A-Za-z0-9_-]/g, "-");
}

function FieldError({ id, messages }: { id: string; messages: readonly string[] | undefined }) {
  if (!messages?.length) return null;
  return (
    <p id={id} className="hours-error">
      {messages.join(" ")}
    </p>
  );
}

/**
 * The rules of one list (opening or delivery hours) as rows: day, date (for `Einmalig`), from,
 * to, closed, move up, remove, and a button to add a row. The buttons are submit buttons
 * (`intent=hours-add`, `hours-remove-N`, `hours-up-N`, see `applyHoursIntent`), so the editor
 * works without JavaScript; with it they change the rows in place. Fields post as
 * `hours[N].type`, `.date`, `.from`, `.to` and `.isClosed` (`on`), read by `openingRulesSchema`.
 */
export function OpeningHoursEditor({
  name = "hours",
  rules,
  errors,
  legend,
  variant = "hours",
  emptyText,
}: {
  /** The list's field name, e.g. `openingHours` or `deliveryHours`. */
  name?: string;
  /**
   * Opening or delivery hours (no rule: closed) or an availability schedule of a category or
   * product (no rule at all: always available).
   */
  variant?: "hours" | "schedule";
  rules: readonly HoursRowValue[] | null | undefined;
  errors?: HoursErrors | null;
  /** The group's visible title, e.g. 'Öffnungszeiten'. */
  legend: string;
  /** What an empty list says instead of the variant's own text. */
  emptyText?: string;
}) {
  const hydrated = useHydrated();
  const signature = JSON.stringify(rules ?? []);
  const [state, setState] = useState(() => {
    const rows = rowsOf(rules, 0);
    return { signature, rows, nextKey: rows.length };
  });
  if (state.signature !== signature) {
    // New rules from the page (after a round trip): start again from them, with fresh keys so
    // that the inputs take their new values.
    const rows = rowsOf(rules, state.nextKey);
    setState({ signature, rows, nextKey: state.nextKey + rows.length });
  }
  const rows = state.rows;
  const base = idOf(name);
  const addRef = useRef<HTMLButtonElement>(null);
  const focusAfter = useRef<string | null>(null);

  useEffect(() => {
    if (!focusAfter.current) return;
    const target =
      focusAfter.current === "add" ? addRef.current : document.getElementById(focusAfter.current);
    focusAfter.current = null;
    target?.focus();
  });

  function press(event: MouseEvent<HTMLButtonElement>, step: HoursChange, focus: string) {
    event.preventDefault();
    focusAfter.current = focus;
    setState((current) => ({
      ...current,
      rows: change(current.rows, step, current.nextKey),
      nextKey: current.nextKey + 1,
    }));
  }

  function update(key: number, patch: Partial<Draft>) {
    setState((current) => ({
      ...current,
      rows: current.rows.map((row) =>
        row.key === key ? { ...row, draft: { ...row.draft, ...patch } } : row,
      ),
    }));
  }

  const listErrors = errors?.[name] ?? undefined;
  const hintId = `${base}-hinweis`;
  const listErrorId = `${base}-fehler`;
  return (
    <fieldset
      className="hours-editor"
      aria-describedby={[hintId, listErrors?.length ? listErrorId : null].filter(Boolean).join(" ")}
    >
      <legend className="hours-legend">{legend}</legend>
      <div id={hintId} className="hours-hint">
        <p>{variant === "schedule" ? texts.scheduleIntro : texts.intro}</p>
        <p>{texts.midnightHint}</p>
      </div>
      <FieldError id={listErrorId} messages={listErrors} />
      {rows.length === 0 ? (
        <p className="hours-empty">
          {emptyText ?? (variant === "schedule" ? texts.scheduleEmpty : texts.empty)}
        </p>
      ) : null}
      <ol className="hours-rows">
        {rows.map((row, index) => {
          const field = (part: string) => `${name}[${index}].${part}`;
          const id = (part: string) => `${base}-${row.key}-${part}`;
          const message = (part: string) => errors?.[field(part)] ?? undefined;
          const described = (part: string) =>
            message(part)?.length ? id(`${part}-fehler`) : undefined;
          const invalid = (part: string) => (message(part)?.length ? true : undefined);
          const showDate = !hydrated || row.draft.type === "once";
          const showTimes = !hydrated || !row.draft.isClosed;
          const position = index + 1;
          return (
            <li key={row.key} className="hours-row">
              <fieldset className="hours-rule">
                <legend className="visually-hidden">{texts.rule(position)}</legend>
                <div className="hours-field hours-field-type">
                  <label htmlFor={id("type")}>{texts.type}</label>
                  <SelectControl
                    id={id("type")}
                    name={field("type")}
                    defaultValue={row.draft.type}
                    aria-invalid={invalid("type")}
                    aria-describedby={described("type")}
                    onChange={(event) => update(row.key, { type: event.currentTarget.value })}
                  >
                    {OPENING_RULE_TYPES.map((type) => (
                      <option key={type} value={type}>
                        {type === "once" || type === "daily"
                          ? texts.types[type]
                          : de.weekdays[type]}
                      </option>
                    ))}
                  </SelectControl>
                </div>
                <div className="hours-field hours-field-date" hidden={!showDate}>
                  <label htmlFor={id("date")}>{hydrated ? texts.date : texts.dateOnceOnly}</label>
                  <input
                    id={id("date")}
                    type="date"
                    name={field("date")}
                    defaultValue={row.draft.date}
                    aria-invalid={invalid("date")}
                    aria-describedby={described("date")}
                  />
                </div>
                {(["from", "to"] as const).map((part) => (
                  <div key={part} className="hours-field hours-field-time" hidden={!showTimes}>
                    <label htmlFor={id(part)}>{texts[part]}</label>
                    <input
                      id={id(part)}
                      type="time"
                      name={field(part)}
                      defaultValue={row.draft[part]}
                      aria-invalid={invalid(part)}
                      aria-describedby={described(part)}
                    />
                  </div>
                ))}
                <div className="hours-check">
                  <input
                    id={id("isClosed")}
                    type="checkbox"
                    name={field("isClosed")}
                    value="on"
                    defaultChecked={row.draft.isClosed}
                    aria-invalid={invalid("isClosed")}
                    aria-describedby={described("isClosed")}
                    onChange={(event) => update(row.key, { isClosed: event.currentTarget.checked })}
                  />
                  <label htmlFor={id("isClosed")}>{texts.closed}</label>
                </div>
                <div className="hours-actions">
                  {index > 0 ? (
                    <Button
                      variant="plain"
                      id={id("up")}
                      type="submit"
                      name={HOURS_INTENT_FIELD}
                      value={hoursIntentValue(name, { kind: "up", index })}
                      formNoValidate
                      className="hours-button"
                      aria-label={texts.moveUpRule(position)}
                      onClick={(event) =>
                        press(event, { kind: "up", index }, index > 1 ? id("up") : id("type"))
                      }
                    >
                      {texts.moveUp}
                    </Button>
                  ) : null}
                  <Button
                    variant="plain"
                    type="submit"
                    name={HOURS_INTENT_FIELD}
                    value={hoursIntentValue(name, { kind: "remove", index })}
                    formNoValidate
                    className="hours-button hours-button-remove"
                    aria-label={texts.removeRule(position)}
                    onClick={(event) => press(event, { kind: "remove", index }, "add")}
                  >
                    {texts.remove}
                  </Button>
                </div>
                {(["type", "date", "from", "to", "isClosed"] as const).map((part) => (
                  <FieldError key={part} id={id(`${part}-fehler`)} messages={message(part)} />
                ))}
                <FieldError
                  id={id("fehler")}
                  messages={errors?.[`${name}[${index}]`] ?? undefined}
                />
              </fieldset>
            </li>
          );
        })}
      </ol>
      <Button
        variant="plain"
        ref={addRef}
        type="submit"
        name={HOURS_INTENT_FIELD}
        value={hoursIntentValue(name, { kind: "add" })}
        formNoValidate
        className="hours-button hours-add"
        disabled={rows.length >= MAX_OPENING_RULES}
        onClick={(event) => press(event, { kind: "add" }, `${base}-${state.nextKey}-type`)}
      >
        {texts.add}
      </Button>
    </fieldset>
  );
}

const previewTexts = texts.preview;

/** One table of the preview: a day and its hours a row. */
function HoursTable({ caption, children }: { caption: string; children: React.ReactNode }) {
  return (
    <table className="hours-table">
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{previewTexts.day}</th>
          <th scope="col">{previewTexts.hours}</th>
        </tr>
      </thead>
      <tbody>{children}</tbody>
    </table>
  );
}

/**
 * The result of the rules as the shop will apply them: the status now, the regular week and the
 * next days with one-off closures and special hours marked (see `openingPreview`).
 */
export function OpeningPreview({
  preview,
  heading = previewTexts.heading,
  headingLevel = 3,
}: {
  preview: OpeningPreviewData;
  heading?: string;
  /** The heading's level in the page's outline (h2 … h4). */
  headingLevel?: 2 | 3 | 4;
}) {
  const Heading = `h${headingLevel}` as const;
  return (
    <section className="hours-preview" aria-label={heading}>
      <Heading className="hours-preview-heading">{heading}</Heading>
      <p className="hours-now">
        {`${previewTexts.now}: `}
        <span className={`hours-badge hours-badge-${preview.status.tone}`}>
          {preview.status.label}
        </span>
        {preview.notice.length ? (
          <span className="hours-notice"> {preview.notice.join(" ")}</span>
        ) : null}
      </p>
      <div className="hours-tables">
        <HoursTable caption={previewTexts.week}>
          {preview.week.map((row) => (
            <tr key={row.weekday} className={row.isClosed ? "hours-closed" : undefined}>
              <th scope="row">{row.dayName}</th>
              <td>{row.text}</td>
            </tr>
          ))}
        </HoursTable>
        <HoursTable caption={previewTexts.nextDays(preview.days.length)}>
          {preview.days.map((day) => (
            <tr
              key={day.date}
              className={
                [day.isClosed ? "hours-closed" : null, day.exception ? "hours-exception" : null]
                  .filter(Boolean)
                  .join(" ") || undefined
              }
            >
              <th scope="row">
                <span className="hours-day-name">
                  {day.isToday ? `${day.dayName} (${previewTexts.today})` : day.dayName}
                </span>{" "}
                <span className="hours-date">{day.dateText}</span>
              </th>
              <td>
                {day.text}
                {day.exception ? (
                  <span className={`hours-badge hours-badge-${day.exception}`}>
                    {previewTexts[day.exception]}
                  </span>
                ) : null}
                {!day.isClosed && !day.hasSlots ? (
                  <span className="hours-badge hours-badge-no-slots">{previewTexts.noSlots}</span>
                ) : null}
              </td>
            </tr>
          ))}
        </HoursTable>
      </div>
    </section>
  );
}
