import { Form } from "@remix-run/react";
import type { ReactNode } from "react";
import { dePlan as de } from "#app/i18n/de-working-plan";
import { Button, Checkbox, Select, TextInput } from "#app/components/ui";
import { optionsOf } from "./activity-fields";

/**
 * The forms of "Arbeitsplanung" (decision 059), each a plain POST to the page's action with its
 * `intent`: a shift for one person, an absence, a contract with the year's holidays. `hidden`
 * carries the page's week and branch, so the redirect comes back to them.
 */

interface Person {
  id: number;
  name: string;
}

export function ShiftForm({
  person,
  days,
  hidden,
}: {
  person: Person;
  days: readonly { day: string; label: string }[];
  hidden: ReactNode;
}) {
  return (
    <Form method="post" className="time-clock-form" aria-label={`${de.page.add}: ${person.name}`}>
      {hidden}
      <input type="hidden" name="userId" value={person.id} />
      <strong>{person.name}</strong>
      <Select
        id={`day-${person.id}`}
        name="day"
        label={de.page.day}
        options={days.map((day) => ({ value: day.day, label: day.label }))}
      />
      <TextInput
        id={`start-${person.id}`}
        name="start"
        type="time"
        required
        label={de.page.start}
      />
      <TextInput id={`end-${person.id}`} name="end" type="time" required label={de.page.end} />
      <Button type="submit" name="intent" value="add">
        {de.page.add}
      </Button>
    </Form>
  );
}

/**
 * A planned shift's change (decision 100): its day of the week, start and end, folded under
 * "Ändern" in the grid's cell. A plain POST with `intent=update`, with or without JavaScript.
 */
export function ShiftEditForm({
  person,
  shift,
  day,
  days,
  hidden,
}: {
  person: Person;
  shift: { id: number; text: string; start: string; end: string };
  day: string;
  days: readonly { day: string; label: string }[];
  hidden: ReactNode;
}) {
  const label = de.page.editShift(person.name, shift.text);
  return (
    <details className="shift-edit">
      <summary>
        {de.page.edit}
        <span className="visually-hidden">
          {" "}
          {person.name} {shift.text}
        </span>
      </summary>
      <Form method="post" className="time-clock-form" aria-label={label}>
        {hidden}
        <input type="hidden" name="shiftId" value={shift.id} />
        <Select
          id={`edit-day-${shift.id}`}
          name="day"
          label={de.page.day}
          defaultValue={day}
          options={days.map((option) => ({ value: option.day, label: option.label }))}
        />
        <TextInput
          id={`edit-start-${shift.id}`}
          name="start"
          type="time"
          required
          defaultValue={shift.start}
          label={de.page.start}
        />
        <TextInput
          id={`edit-end-${shift.id}`}
          name="end"
          type="time"
          required
          defaultValue={shift.end}
          label={de.page.end}
        />
        <Button type="submit" name="intent" value="update">
          {de.page.save}
        </Button>
      </Form>
    </details>
  );
}

export function AbsenceForm({
  people,
  week,
  hidden,
}: {
  people: readonly Person[];
  week: string;
  hidden: ReactNode;
}) {
  return (
    <Form method="post" className="time-clock-form">
      {hidden}
      <Select
        id="absence-person"
        name="userId"
        label={de.page.person}
        options={optionsOf(people)}
      />
      <TextInput
        id="absence-from"
        name="from"
        type="date"
        required
        defaultValue={week}
        label={de.page.from}
      />
      <TextInput id="absence-to" name="to" type="date" label={de.page.to} />
      <Select
        id="absence-kind"
        name="kind"
        label={de.page.kind}
        options={(["holiday", "sickness", "other"] as const).map((kind) => ({
          value: kind,
          label: de.kinds[kind],
        }))}
      />
      <Checkbox id="abwesenheit-halb" name="half" label={de.page.half} />
      <Button type="submit" name="intent" value="absence">
        {de.page.book}
      </Button>
    </Form>
  );
}

export function ContractForm({
  people,
  year,
  hidden,
}: {
  people: readonly Person[];
  year: number;
  hidden: ReactNode;
}) {
  return (
    <Form method="post" className="time-clock-form">
      {hidden}
      <input type="hidden" name="year" value={year} />
      <Select
        id="contract-person"
        name="userId"
        label={de.page.person}
        options={optionsOf(people)}
      />
      {de.weekdays.map((label, index) => (
        <TextInput
          key={label}
          id={`minutes${index}`}
          name={`minutes${index}`}
          type="time"
          label={`${de.expectedLabel} ${label}`}
        />
      ))}
      <TextInput
        id="holidayDays"
        name="holidayDays"
        inputMode="decimal"
        maxLength={6}
        label={`${de.page.holidayDays} ${year}`}
      />
      <TextInput
        id="carryOverDays"
        name="carryOverDays"
        inputMode="decimal"
        maxLength={6}
        label={de.page.carryOver}
      />
      <Button type="submit" name="intent" value="contract" variant="secondary">
        {de.page.save}
      </Button>
    </Form>
  );
}
