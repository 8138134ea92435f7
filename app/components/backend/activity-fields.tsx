import { deTimeTracking as de } from "../../i18n/de-time-tracking";

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
