import type { Receipt, ReceiptField } from "#app/domain/receipt";
import { de } from "#app/i18n/de-staff";
import { useHydrated } from "#app/components/use-hydrated";
import { Button } from "#app/components/ui";

const texts = de.receipt;

/**
 * The page's own styles, so that the receipt prints the same wherever it is mounted: an 80 mm
 * column on screen, and on paper nothing but the receipt (the app's frame, if any, is hidden).
 * A constant, so it is safe to set as HTML.
 */
export const RECEIPT_CSS = `
.receipt {
  box-sizing: border-box;
  width: 80mm;
  max-width: 100%;
  margin: 1rem auto;
  padding: 4mm;
  background: var(--white);
  color: var(--black);
  font: 12px/1.35 system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif;
  font-variant-numeric: tabular-nums;
  box-shadow: 0 0 0 1px var(--print-edge);
}
.receipt * { box-sizing: border-box; }
.receipt h1, .receipt h2, .receipt p, .receipt dl, .receipt dd, .receipt address,
.receipt ul, .receipt table { margin: 0; padding: 0; }
.receipt ul { list-style: none; }
.receipt address { font-style: normal; }
.receipt section, .receipt footer { border-top: 1px dashed var(--black); margin-top: 2mm; padding-top: 2mm; }
.receipt h2 { font-size: 1em; font-weight: 700; }
.receipt-header { text-align: center; }
.receipt-shop { font-weight: 700; font-size: 1.15em; }
.receipt-ticket { margin: 2mm 0 1mm; font-size: 2.4em; line-height: 1.1; font-weight: 800; }
.receipt-banner { font-size: 1.4em; font-weight: 800; text-transform: uppercase; letter-spacing: 0.05em; }
.receipt-fields { display: grid; grid-template-columns: auto 1fr; column-gap: 2mm; }
.receipt-fields dt { font-weight: 400; }
.receipt-fields dd { text-align: right; overflow-wrap: anywhere; }
.receipt-fields.is-left dd { text-align: left; }
.receipt-items { width: 100%; border-collapse: collapse; }
.receipt-items td { vertical-align: top; padding: 0.5mm 0; }
.receipt-items .receipt-quantity { white-space: nowrap; padding-right: 2mm; }
.receipt-items .receipt-name { overflow-wrap: anywhere; }
.receipt-items .receipt-price { white-space: nowrap; text-align: right; padding-left: 2mm; }
.receipt-details { font-size: 0.92em; padding-left: 2mm; }
.receipt-grand-total { font-size: 1.3em; font-weight: 800; }
.receipt-notes { font-size: 0.92em; }
.receipt-comment { white-space: pre-line; overflow-wrap: anywhere; }
.receipt-taxes { width: 100%; border-collapse: collapse; font-size: 0.92em; }
.receipt-taxes caption { text-align: left; font-weight: 700; }
.receipt-taxes th, .receipt-taxes td { text-align: right; padding: 0.3mm 0 0.3mm 1.5mm; font-weight: 400; }
.receipt-taxes th:first-child, .receipt-taxes td:first-child { text-align: left; padding-left: 0; }
.receipt-footer { text-align: center; font-size: 0.92em; }
.receipt-actions { text-align: center; margin: 0 auto 1rem; }
@media print {
  @page { margin: 0; }
  html, body { background: var(--white); }
  body * { visibility: hidden; }
  .receipt, .receipt * { visibility: visible; }
  .receipt { position: absolute; left: 0; top: 0; margin: 0; padding: 2mm 3mm; box-shadow: none; }
  .receipt-actions { display: none; }
}
`;

function Fields({ fields, alignLeft = false }: { fields: ReceiptField[]; alignLeft?: boolean }) {
  return (
    <dl className={`receipt-fields${alignLeft ? " is-left" : ""}`}>
      {fields.map((field) => (
        <div key={field.label} style={{ display: "contents" }}>
          <dt>{field.label}</dt>
          <dd>{field.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * The receipt as a printable page (decision 013). Plain HTML: without JavaScript the browser's
 * own print command prints it; with JavaScript a button does the same.
 */
export function ReceiptView({ receipt }: { receipt: Receipt }) {
  const hydrated = useHydrated();
  const { header, ticket } = receipt;
  return (
    <>
      <style dangerouslySetInnerHTML={{ __html: RECEIPT_CSS }} />
      {hydrated ? (
        <p className="receipt-actions">
          <Button onClick={() => window.print()}>{texts.print}</Button>
        </p>
      ) : null}
      <article className="receipt" aria-labelledby="beleg-ticket">
        <header className="receipt-header">
          <p className="receipt-shop">{header.shopName}</p>
          <p>{header.branchName}</p>
          <address>
            {header.address.map((line, index) => (
              <span key={index}>
                {line}
                <br />
              </span>
            ))}
            {header.phone ? `${texts.phone} ${header.phone}` : null}
          </address>
          <h1 id="beleg-ticket" className="receipt-ticket">
            {ticket.label} {ticket.number}
          </h1>
          {receipt.banners.map((banner) => (
            <p key={banner} className="receipt-banner">
              {banner}
            </p>
          ))}
        </header>

        <section aria-label={texts.title}>
          <Fields fields={receipt.facts} />
        </section>

        {receipt.customer.length > 0 ? (
          <section aria-labelledby="beleg-kunde">
            <h2 id="beleg-kunde">{texts.customer}</h2>
            <Fields fields={receipt.customer} alignLeft />
          </section>
        ) : null}

        {receipt.deliveryAddress.length > 0 ? (
          <section aria-labelledby="beleg-lieferadresse">
            <h2 id="beleg-lieferadresse">{texts.deliveryAddress}</h2>
            <address>
              {receipt.deliveryAddress.map((line, index) => (
                <span key={index}>
                  {line}
                  <br />
                </span>
              ))}
            </address>
          </section>
        ) : null}

        <section aria-labelledby="beleg-artikel">
          <h2 id="beleg-artikel">{texts.items}</h2>
          <table className="receipt-items">
            <tbody>
              {receipt.items.map((item, index) => (
                <tr key={index}>
                  <td className="receipt-quantity">{item.quantity}</td>
                  <td className="receipt-name">
                    {item.name}
                    {item.details.length > 0 ? (
                      <ul className="receipt-details">
                        {item.details.map((detail, detailIndex) => (
                          <li key={detailIndex}>{detail}</li>
                        ))}
                      </ul>
                    ) : null}
                  </td>
                  <td className="receipt-price">{item.price}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>

        <section aria-label={texts.total}>
          <dl className="receipt-fields">
            {receipt.totals.map((total) => (
              <div key={total.label} style={{ display: "contents" }}>
                <dt className={total.isGrandTotal ? "receipt-grand-total" : undefined}>
                  {total.label}
                </dt>
                <dd className={total.isGrandTotal ? "receipt-grand-total" : undefined}>
                  {total.value}
                </dd>
              </div>
            ))}
          </dl>
          {receipt.notes.map((note) => (
            <p key={note} className="receipt-notes">
              {note}
            </p>
          ))}
        </section>

        <section aria-label={texts.payment}>
          <Fields fields={receipt.payment} />
          {receipt.donation ? <p>{receipt.donation}</p> : null}
        </section>

        {receipt.comment ? (
          <section aria-labelledby="beleg-anmerkung">
            <h2 id="beleg-anmerkung">{texts.comment}</h2>
            <p className="receipt-comment">{receipt.comment}</p>
          </section>
        ) : null}

        {receipt.taxes.length > 0 ? (
          <section>
            <table className="receipt-taxes">
              <caption>{texts.taxes}</caption>
              <thead>
                <tr>
                  <th scope="col">{texts.taxRate}</th>
                  <th scope="col">{texts.net}</th>
                  <th scope="col">{texts.tax}</th>
                  <th scope="col">{texts.gross}</th>
                </tr>
              </thead>
              <tbody>
                {receipt.taxes.map((row) => (
                  <tr key={row.rate}>
                    <th scope="row">{row.rate}</th>
                    <td>{row.net}</td>
                    <td>{row.tax}</td>
                    <td>{row.gross}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        ) : null}

        <footer className="receipt-footer">
          {receipt.footer.map((line) => (
            <p key={line}>{line}</p>
          ))}
        </footer>
      </article>
    </>
  );
}
