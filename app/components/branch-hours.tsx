import { OutsideLink } from "./kiosk";
import { buttonClass } from "./ui/button";
import { de } from "#app/i18n/de";

const texts = de.branchHours;

export interface HoursRow {
  day: string;
  text: string;
}

export interface BranchHoursView {
  address: string[];
  opening: HoursRow[];
  delivery: HoursRow[] | null;
  deliveryFollowsOpening: boolean;
  reservationPhone: string | null;
}

/** A week's hours, one row a day (the branch page and the landing page's contact). */
export function HoursTable({
  id,
  caption,
  rows,
}: {
  id?: string;
  caption: string;
  rows: HoursRow[];
}) {
  return (
    <table className="hours-table" id={id}>
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{texts.day}</th>
          <th scope="col">{texts.hours}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.day}>
            <th scope="row">{row.day}</th>
            <td>{row.text}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * The branch page's hours (spec sections 2 and 4): this week's 'Öffnungszeiten' and, when the
 * branch delivers, the delivery hours, one at a time. The toggle is two radio buttons and CSS
 * (decision 048), so it works the same with and without JavaScript and moves no page.
 */
export function BranchHours({ hours }: { hours: BranchHoursView }) {
  return (
    <section className="page branch-hours" aria-labelledby="zeiten-titel">
      <h2 id="zeiten-titel">{texts.heading}</h2>
      <div className="branch-hours-grid">
        <div className="branch-hours-tables">
          {hours.delivery ? (
            <fieldset className="hours-toggle">
              <legend className="visually-hidden">{texts.choose}</legend>
              <label className="hours-choice">
                <input type="radio" name="zeiten" value="oeffnung" defaultChecked />
                <span>{texts.openingHours}</span>
              </label>
              <label className="hours-choice">
                <input type="radio" name="zeiten" value="lieferung" id="zeiten-lieferung" />
                <span>{texts.deliveryHours}</span>
              </label>
            </fieldset>
          ) : null}
          <div className="hours-opening">
            <HoursTable id="oeffnungszeiten" caption={texts.openingHours} rows={hours.opening} />
          </div>
          {hours.delivery ? (
            <div className="hours-delivery">
              <HoursTable id="lieferzeiten" caption={texts.deliveryHours} rows={hours.delivery} />
              {hours.deliveryFollowsOpening ? (
                <p className="hours-note">{texts.deliveryFollowsOpening}</p>
              ) : null}
            </div>
          ) : null}
        </div>
        <div className="branch-hours-contact">
          {hours.address.length ? (
            <>
              <h3>{texts.address}</h3>
              <address>
                {hours.address.map((line) => (
                  <span key={line} className="address-line">
                    {line}
                  </span>
                ))}
              </address>
            </>
          ) : null}
          {hours.reservationPhone ? (
            <div className="reservation-teaser">
              <h3>{texts.reservationHeading}</h3>
              <p>{texts.reservationText}</p>
              <OutsideLink
                className={buttonClass("store")}
                href={`tel:${hours.reservationPhone.replace(/\s+/g, "")}`}
                aria-label={texts.call(hours.reservationPhone)}
              >
                {hours.reservationPhone}
              </OutsideLink>
            </div>
          ) : null}
        </div>
      </div>
    </section>
  );
}
