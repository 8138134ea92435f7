import type { ReactNode } from "react";
import type { ClockAction } from "#app/domain/working-time";
import { deTimeTracking as de } from "#app/i18n/de-time-tracking";
import { Button, TextInput, type SelectOption } from "#app/components/ui";

/** Rows with an id and a name (branches, people, departments) as a select's options. */
export const optionsOf = (rows: readonly { id: number; name: string }[]): SelectOption[] =>
  rows.map((row) => ({ value: String(row.id), label: row.name }));

export const branchOptions = optionsOf;

/**
 * A wide table's region that scrolls on a phone: named, and reached by the keyboard (WCAG 2.1.1,
 * issue 36).
 */
export function ScrollRegion({ label, children }: { label: string; children: ReactNode }) {
  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
    <div className="table-scroll" role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}

/** A table's head row: one column heading per label. */
export function ColumnHeads({ labels }: { labels: readonly ReactNode[] }) {
  return (
    <thead>
      <tr>
        {labels.map((label, index) => (
          <th scope="col" key={index}>
            {label}
          </th>
        ))}
      </tr>
    </thead>
  );
}

/** The taps of a clock form (the time clock, "Meine Arbeitszeit"), each a submit button. */
export function ClockActionButtons({
  actions,
  primary,
}: {
  actions: readonly ClockAction[];
  primary: (action: ClockAction) => boolean;
}) {
  return (
    <div className="time-clock-actions">
      {actions.map((action) => (
        <Button
          key={action}
          type="submit"
          name="action"
          value={action}
          variant={primary(action) ? "primary" : "secondary"}
        >
          {de.clock.actions[action]}
        </Button>
      ))}
    </div>
  );
}

/**
 * A time-clock PIN (4 to 8 digits) and card field; `masked` on a shared device and for one's own
 * new PIN, where nobody behind should read it.
 */
export function PinField({
  id,
  label,
  masked = false,
  autoComplete = "off",
}: {
  id: string;
  label: string;
  masked?: boolean;
  autoComplete?: string;
}) {
  return (
    <TextInput
      id={id}
      name="pin"
      label={label}
      type={masked ? "password" : "text"}
      inputMode="numeric"
      pattern="[0-9]{4,8}"
      maxLength={8}
      autoComplete={autoComplete}
    />
  );
}

export function CardField({
  id,
  label,
  masked = false,
  minLength,
}: {
  id: string;
  label: string;
  masked?: boolean;
  minLength?: number;
}) {
  return (
    <TextInput
      id={id}
      name="card"
      label={label}
      type={masked ? "password" : "text"}
      minLength={minLength}
      maxLength={64}
      autoComplete="off"
    />
  );
}

/**
 * The fields a manager fills for a working activity, added afterwards or corrected (decisions
 * 058 and 065): start, end and the pauses as local date and time, and a required reason.
 */
export function ActivityTimes({
  start,
  end,
  pauses,
}: {
  start: string;
  end: string;
  pauses: readonly { start: string; end: string }[];
}) {
  return (
    <>
      <div className="ui-field">
        <label htmlFor="start">{de.list.start}</label>
        <input id="start" name="start" type="datetime-local" defaultValue={start} required />
      </div>
      <div className="ui-field">
        <label htmlFor="end">{de.list.end}</label>
        <input id="end" name="end" type="datetime-local" defaultValue={end} />
      </div>
      <fieldset>
        <legend>{de.edit.pauses}</legend>
        {pauses.map((pause, index) => (
          <div key={index} className="ui-field-row">
            <div className="ui-field">
              <label htmlFor={`pause-start-${index}`}>{de.edit.pauseStart(index + 1)}</label>
              <input
                id={`pause-start-${index}`}
                name="pauseStart"
                type="datetime-local"
                defaultValue={pause.start}
              />
            </div>
            <div className="ui-field">
              <label htmlFor={`pause-end-${index}`}>{de.edit.pauseEnd(index + 1)}</label>
              <input
                id={`pause-end-${index}`}
                name="pauseEnd"
                type="datetime-local"
                defaultValue={pause.end}
              />
            </div>
          </div>
        ))}
      </fieldset>
    </>
  );
}

/** A required reason (it goes into the audit log), with its help below the label. */
export function ReasonField({ name, label, help }: { name: string; label: string; help: string }) {
  return (
    <div className="ui-field">
      <label htmlFor={name}>{label}</label>
      <span id={`${name}-hilfe`} className="ui-field-help">
        {help}
      </span>
      <input id={name} name={name} required maxLength={500} aria-describedby={`${name}-hilfe`} />
    </div>
  );
}
