import { TextInput } from "#app/components/ui";
import { deSignage } from "#app/i18n/de-signage";
import type { HoursErrors } from "#app/components/backend/opening-hours-editor";

/**
 * A stream's running order (decision 060): one row per chosen segment with its position and an
 * own duration, as plain number fields (`entries[N].segmentId|position|durationSeconds`), so the
 * order is set without JavaScript and saved with the rest of the form.
 */
const t = deSignage.fields;
/** A position or a duration: a whole number from 1. */
const WHOLE_NUMBER = { type: "number", inputMode: "numeric", min: 1, step: 1 } as const;

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
          const value = (part: "position" | "durationSeconds") =>
            row?.[part] == null ? "" : String(row[part]);
          return (
            <li key={`${segmentId}-${index}`} className="stream-entry">
              <input type="hidden" name={field("segmentId")} value={segmentId} />
              <TextInput
                {...WHOLE_NUMBER}
                id={id("position")}
                name={field("position")}
                label={t.entryPosition(name)}
                max={500}
                defaultValue={value("position")}
                error={errors?.[field("position")]?.[0]}
              />
              <TextInput
                {...WHOLE_NUMBER}
                id={id("durationSeconds")}
                name={field("durationSeconds")}
                label={t.entryDuration(name)}
                max={3600}
                defaultValue={value("durationSeconds")}
                placeholder={segment?.seconds ?? ""}
                help={segment?.seconds ? t.entryDefault(Number(segment.seconds)) : undefined}
                error={errors?.[field("durationSeconds")]?.[0]}
              />
            </li>
          );
        })}
      </ol>
    </fieldset>
  );
}
