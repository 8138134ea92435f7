import { deSignage } from "../../i18n/de-signage";
import type { HoursErrors } from "./opening-hours-editor";

/**
 * A stream's running order (decision 060): one row per chosen segment with its position and an
 * own duration, as plain number fields (`entries[N].segmentId|position|durationSeconds`), so the
 * order is set without JavaScript and saved with the rest of the form.
 */
const t = deSignage.fields;

export interface StreamEntryValue {
  segmentId?: number | string | null;
  position?: number | string | null;
  durationSeconds?: number | string | null;
}

type SegmentChoice = { value: string; label: string; seconds?: string };

export function StreamEntriesEditor({
  entries,
  segments,
  errors,
}: {
  entries: unknown;
  segments: readonly SegmentChoice[];
  errors: HoursErrors | null | undefined;
}) {
  const rows = (Array.isArray(entries) ? entries : []) as (StreamEntryValue | null)[];
  const named = new Map(segments.map((segment) => [segment.value, segment]));
  return (
    <fieldset className="resource-section stream-entries" aria-describedby="ablauf-hilfe">
      <legend>{t.entries}</legend>
      <p id="ablauf-hilfe" className="ui-field-help">
        {t.entriesHelp}
      </p>
      {rows.length === 0 ? <p>{t.entriesEmpty}</p> : null}
      <ol className="stream-entries-list">
        {rows.map((row, index) => {
          const segmentId = String(row?.segmentId ?? "");
          const segment = named.get(segmentId);
          const name = segment?.label ?? segmentId;
          const field = (part: string) => `entries[${index}].${part}`;
          const id = (part: string) => `ablauf-${index}-${part}`;
          const error = (part: string) => errors?.[field(part)]?.[0];
          const describedBy = (part: string, help?: string) =>
            [help, error(part) ? id(`${part}-fehler`) : undefined].filter(Boolean).join(" ") ||
            undefined;
          return (
            <li key={`${segmentId}-${index}`} className="stream-entry">
              <input type="hidden" name={field("segmentId")} value={segmentId} />
              <div className="ui-field">
                <label htmlFor={id("position")}>{t.entryPosition(name)}</label>
                <input
                  id={id("position")}
                  name={field("position")}
                  type="number"
                  inputMode="numeric"
                  min={1}
                  max={500}
                  step={1}
                  defaultValue={row?.position == null ? "" : String(row.position)}
                  aria-invalid={error("position") ? true : undefined}
                  aria-describedby={describedBy("position")}
                />
                {error("position") ? (
                  <p id={id("position-fehler")} className="ui-field-error">
                    {error("position")}
                  </p>
                ) : null}
              </div>
              <div className="ui-field">
                <label htmlFor={id("durationSeconds")}>{t.entryDuration(name)}</label>
                <input
                  id={id("durationSeconds")}
                  name={field("durationSeconds")}
                  type="number"
                  inputMode="numeric"
                  min={1}
                  max={3600}
                  step={1}
                  placeholder={segment?.seconds ?? ""}
                  defaultValue={row?.durationSeconds == null ? "" : String(row.durationSeconds)}
                  aria-invalid={error("durationSeconds") ? true : undefined}
                  aria-describedby={describedBy(
                    "durationSeconds",
                    segment?.seconds ? id("standard") : undefined,
                  )}
                />
                {segment?.seconds ? (
                  <span id={id("standard")} className="ui-field-help">
                    {t.entryDefault(Number(segment.seconds))}
                  </span>
                ) : null}
                {error("durationSeconds") ? (
                  <p id={id("durationSeconds-fehler")} className="ui-field-error">
                    {error("durationSeconds")}
                  </p>
                ) : null}
              </div>
            </li>
          );
        })}
      </ol>
    </fieldset>
  );
}
