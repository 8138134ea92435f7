import { useFetcher } from "@remix-run/react";
import { Suspense, lazy, useCallback, useRef, useState } from "react";
import { SHOW_TIMES } from "#app/features/checkout/checkout-form";
import type { CheckoutView } from "#app/features/checkout/checkout-view.server";
import { de } from "#app/i18n/de";
import { deCheckout as texts } from "#app/i18n/de-checkout";
import { Button } from "#app/components/ui/button";
import { FieldError, SelectControl } from "#app/components/ui/field";
import { useHydrated } from "#app/components/use-hydrated";
import type { FormState } from "./form-state";

// The pickers load when one opens (JavaScript per page stays small, issue 17).
const pickers = () => import("./pickers");
const DatePicker = lazy(() => pickers().then((module) => ({ default: module.DatePicker })));
const TimePicker = lazy(() => pickers().then((module) => ({ default: module.TimePicker })));

type TimeView = Pick<
  CheckoutView,
  "checkoutPath" | "days" | "day" | "times" | "required" | "bookedOut"
>;

/**
 * 'Termin': a day, then a time of it. Without JavaScript 'Uhrzeiten anzeigen' posts the form for
 * the day's times; with it a new day only fetches its times, the typed fields stay, and the
 * calendar and the time picker open over the plain selects, which stay the form's values.
 */
export function TimeSection({ view, state }: { view: TimeView; state: FormState }) {
  const timesOfDay = useFetcher<{ view: TimeView }>();
  const isHydrated = useHydrated();
  const times = timesOfDay.data?.view.times ?? view.times;
  const bookedOut = timesOfDay.data?.view.bookedOut ?? view.bookedOut;
  const shownDay = timesOfDay.data?.view.day ?? view.day;
  const shownDayLabel = view.days.find((day) => day.date === shownDay)?.label ?? "";
  const [picker, setPicker] = useState<null | "date" | "time">(null);
  const closePicker = useCallback(() => setPicker(null), [setPicker]);
  const [openedAtTime, setOpenedAtTime] = useState<string | null>(null);
  const daySelect = useRef<HTMLSelectElement>(null);
  const timeSelect = useRef<HTMLSelectElement>(null);
  const loadDay = (date: string) =>
    timesOfDay.load(`${view.checkoutPath}?tag=${encodeURIComponent(date)}`);
  const { errors, values } = state;
  return (
    <section className="checkout-section" aria-labelledby="termin-titel">
      <h2 id="termin-titel">
        {texts.appointment}
        {view.required.appointment ? texts.required : null}
      </h2>
      <p className="field-hint">{texts.appointmentHint}</p>
      <div className="field-grid">
        <div className="field">
          <label htmlFor="checkout-tag">{texts.appointmentDay}</label>
          <SelectControl
            id="checkout-tag"
            name="tag"
            ref={daySelect}
            defaultValue={view.day ?? ""}
            key={view.day ?? "kein-tag"}
            onChange={(event) => loadDay(event.currentTarget.value)}
          >
            {view.days.map((day) => (
              <option key={day.date} value={day.date}>
                {day.label}
              </option>
            ))}
          </SelectControl>
          <Button
            type="submit"
            name="intent"
            value={SHOW_TIMES}
            formNoValidate
            variant="store-secondary"
            hidden={isHydrated}
          >
            {texts.showTimes}
          </Button>
          {isHydrated && view.days.length > 0 ? (
            <Button
              variant="store-secondary"
              className="picker-open"
              onClick={() => setPicker("date")}
            >
              {texts.pickers.chooseDate}
            </Button>
          ) : null}
        </div>
        <div className="field">
          <label htmlFor="checkout-appointment">{texts.appointmentTime}</label>
          <p className="field-hint" aria-live="polite">
            {texts.timesOn(shownDayLabel)}
          </p>
          {times.length > 0 ? (
            <SelectControl
              id="checkout-appointment"
              ref={timeSelect}
              name="appointment"
              defaultValue={values.appointment ?? ""}
              key={shownDay ?? "keine-zeit"}
              required={view.required.appointment}
              aria-invalid={errors.has("appointment") ? true : undefined}
              aria-describedby="checkout-appointment-fehler"
            >
              {view.required.appointment ? null : (
                <option value="">{texts.asSoonAsPossible}</option>
              )}
              {times.map((time) => (
                <option key={time.at} value={time.at}>
                  {time.time} Uhr
                </option>
              ))}
            </SelectControl>
          ) : (
            <p id="checkout-appointment">{de.appointment.noTimesOnDay}</p>
          )}
          {isHydrated && times.length > 0 ? (
            <Button
              variant="store-secondary"
              className="picker-open"
              onClick={() => {
                setOpenedAtTime(timeSelect.current?.value || null);
                setPicker("time");
              }}
            >
              {texts.pickers.chooseTime}
            </Button>
          ) : null}
          <FieldError id="checkout-appointment-fehler" look="store">
            {errors.get("appointment")}
          </FieldError>
        </div>
      </div>
      {/* Products the chosen day cannot take any more, with the next day that can (decision 113). */}
      <div aria-live="polite">
        {bookedOut.length > 0 ? (
          <ul className="checkout-booked-out">
            {bookedOut.map((line) => (
              <li key={line.productId}>
                {line.text}{" "}
                {line.next ? (
                  <a href={line.next.href} className="checkout-next-day">
                    {line.next.text}
                  </a>
                ) : (
                  line.noFreeDay
                )}
              </li>
            ))}
          </ul>
        ) : null}
      </div>
      {picker ? (
        <Suspense fallback={null}>
          {picker === "date" ? (
            <DatePicker
              days={view.days}
              chosen={shownDay}
              onClose={closePicker}
              onChoose={(date) => {
                if (daySelect.current) daySelect.current.value = date;
                loadDay(date);
                setPicker(null);
              }}
            />
          ) : (
            <TimePicker
              dayLabel={shownDayLabel}
              times={times}
              chosen={openedAtTime}
              onClose={closePicker}
              onChoose={(at) => {
                if (timeSelect.current) timeSelect.current.value = at;
                setPicker(null);
              }}
            />
          )}
        </Suspense>
      ) : null}
    </section>
  );
}
