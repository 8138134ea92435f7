import { useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { de } from "#app/i18n/de";
import { deCheckout } from "#app/i18n/de-checkout";
import { Button } from "#app/components/ui/button";
import { SelectControl } from "#app/components/ui/field";

/**
 * The checkout's pickers with JavaScript (spec section 2: date picker and time picker dialogs,
 * the searchable donation overlay), loaded only when one opens. They only set the plain form's
 * select or radio, which stays the form's value: without JavaScript those are the whole picker.
 */
const texts = deCheckout.pickers;

/** A modal picker with its title, its content and the actions row: "Abbrechen", then `actions`. */
function PickerDialog({
  title,
  onClose,
  children,
  actions,
}: {
  title: string;
  onClose: () => void;
  children: ReactNode;
  actions?: ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) dialog.showModal();
    const onCancel = (event: Event) => {
      event.preventDefault();
      onClose();
    };
    dialog.addEventListener("cancel", onCancel);
    return () => {
      dialog.removeEventListener("cancel", onCancel);
      if (opener?.isConnected) opener.focus({ preventScroll: true });
    };
  }, [onClose]);
  return (
    <dialog ref={ref} className="overlay picker-dialog" aria-labelledby="picker-titel">
      <h2 id="picker-titel">{title}</h2>
      {children}
      <p className="dialog-actions">
        <Button variant="store-secondary" onClick={onClose}>
          {texts.cancel}
        </Button>
        {actions}
      </p>
    </dialog>
  );
}

/** `YYYY-MM` of an ISO date, and the month after or before it. */
const monthOf = (date: string) => date.slice(0, 7);
function shiftMonth(month: string, by: number): string {
  const [year, index] = month.split("-").map(Number) as [number, number];
  const next = new Date(Date.UTC(year, index - 1 + by, 1));
  return next.toISOString().slice(0, 7);
}

/** The weeks of a month, Monday first, as ISO dates (null outside the month). */
function weeksOf(month: string): (string | null)[][] {
  const [year, index] = month.split("-").map(Number) as [number, number];
  const first = new Date(Date.UTC(year, index - 1, 1));
  const length = new Date(Date.UTC(year, index, 0)).getUTCDate();
  const lead = (first.getUTCDay() + 6) % 7;
  const cells: (string | null)[] = Array.from({ length: lead }, () => null);
  for (let day = 1; day <= length; day++) cells.push(`${month}-${String(day).padStart(2, "0")}`);
  while (cells.length % 7) cells.push(null);
  return Array.from({ length: cells.length / 7 }, (_, week) => cells.slice(week * 7, week * 7 + 7));
}

/** A month's calendar: only days with times can be chosen; past days and the others are off. */
export function DatePicker({
  days,
  chosen,
  onChoose,
  onClose,
}: {
  days: { date: string; label: string }[];
  chosen: string | null;
  onChoose: (date: string) => void;
  onClose: () => void;
}) {
  const labels = useMemo(() => new Map(days.map((day) => [day.date, day.label])), [days]);
  const first = days[0]?.date ?? chosen ?? new Date().toISOString().slice(0, 10);
  const last = days[days.length - 1]?.date ?? first;
  const [month, setMonth] = useState(monthOf(chosen ?? first));
  const monthName = new Date(`${month}-01T12:00:00Z`).toLocaleDateString("de-DE", {
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  });
  return (
    <PickerDialog title={texts.dateTitle} onClose={onClose}>
      <div className="picker-month">
        <Button
          variant="store-secondary"
          onClick={() => setMonth(shiftMonth(month, -1))}
          disabled={month <= monthOf(first)}
          aria-label={texts.previousMonth}
        >
          ‹
        </Button>
        <p aria-live="polite">{monthName}</p>
        <Button
          variant="store-secondary"
          onClick={() => setMonth(shiftMonth(month, 1))}
          disabled={month >= monthOf(last)}
          aria-label={texts.nextMonth}
        >
          ›
        </Button>
      </div>
      <table className="picker-calendar">
        <thead>
          <tr>
            {texts.weekdays.map((weekday) => (
              <th key={weekday} scope="col">
                {weekday}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeksOf(month).map((week, index) => (
            <tr key={index}>
              {week.map((date, column) => (
                <td key={date ?? `leer-${column}`}>
                  {date ? (
                    <Button
                      variant="plain"
                      className={date === chosen ? "picker-day chosen" : "picker-day"}
                      disabled={!labels.has(date)}
                      aria-pressed={date === chosen}
                      aria-label={labels.get(date) ?? date.split("-").reverse().join(".")}
                      onClick={() => onChoose(date)}
                    >
                      {Number(date.slice(8))}
                    </Button>
                  ) : null}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </PickerDialog>
  );
}

const pad = (value: number) => String(value).padStart(2, "0");

/** Hours in steps of 1, minutes in steps of 5; saving is off for a time without a slot. */
export function TimePicker({
  dayLabel,
  times,
  chosen,
  onChoose,
  onClose,
}: {
  dayLabel: string;
  times: readonly { at: string; time: string }[];
  chosen: string | null;
  onChoose: (at: string) => void;
  onClose: () => void;
}) {
  const start = times.find((time) => time.at === chosen) ?? times[0];
  const [hour, setHour] = useState(start ? Number(start.time.slice(0, 2)) : 12);
  const [minute, setMinute] = useState(start ? Number(start.time.slice(3, 5)) : 0);
  const match = times.find((time) => time.time === `${pad(hour)}:${pad(minute)}`);
  return (
    <PickerDialog
      title={texts.timeTitle}
      onClose={onClose}
      actions={
        <Button variant="store" disabled={!match} onClick={() => match && onChoose(match.at)}>
          {texts.save}
        </Button>
      }
    >
      <p>{dayLabel}</p>
      {times.length === 0 ? (
        <p>{de.appointment.noTimesOnDay}</p>
      ) : (
        <div className="picker-time">
          <label>
            {texts.hour}
            <SelectControl value={hour} onChange={(event) => setHour(Number(event.target.value))}>
              {Array.from({ length: 24 }, (_, value) => (
                <option key={value} value={value}>
                  {pad(value)}
                </option>
              ))}
            </SelectControl>
          </label>
          <label>
            {texts.minute}
            <SelectControl
              value={minute}
              onChange={(event) => setMinute(Number(event.target.value))}
            >
              {Array.from({ length: 12 }, (_, index) => index * 5).map((value) => (
                <option key={value} value={value}>
                  {pad(value)}
                </option>
              ))}
            </SelectControl>
          </label>
        </div>
      )}
      <p className="field-error" role="status">
        {times.length > 0 && !match ? texts.unavailableTime : ""}
      </p>
    </PickerDialog>
  );
}

/** The donation recipients, searchable by name and description. */
export function DonationPicker({
  donatees,
  onChoose,
  onClose,
}: {
  donatees: { id: number; name: string; description: string | null }[];
  onChoose: (id: string) => void;
  onClose: () => void;
}) {
  const [query, setQuery] = useState("");
  const words = query
    .toLowerCase()
    .split(/[\s,]+/)
    .filter(Boolean);
  const found = donatees.filter((donatee) => {
    const text = `${donatee.name} ${donatee.description ?? ""}`.toLowerCase();
    return words.every((word) => text.includes(word));
  });
  return (
    <PickerDialog title={texts.searchDonatee} onClose={onClose}>
      <div className="field">
        <label htmlFor="spende-suche">{texts.donateeSearch}</label>
        <input
          id="spende-suche"
          type="search"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          autoComplete="off"
        />
      </div>
      <ul className="option-list picker-donatees" aria-live="polite">
        {found.map((donatee) => (
          <li key={donatee.id}>
            <Button
              variant="plain"
              className="picker-donatee"
              onClick={() => onChoose(String(donatee.id))}
            >
              <strong>{donatee.name}</strong>
              {donatee.description ? <span>{donatee.description}</span> : null}
            </Button>
          </li>
        ))}
      </ul>
      {found.length === 0 ? <p>{texts.noDonateeFound}</p> : null}
    </PickerDialog>
  );
}
