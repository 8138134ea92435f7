import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { buildReceipt, type ReceiptSource } from "#app/domain/receipt";
import { RECEIPT_CSS, ReceiptView } from "./receipt";

const source: ReceiptSource = {
  order: {
    ticketNumber: 7,
    isDelivery: true,
    isDineIn: false,
    isPreorder: false,
    isQuotation: false,
    isRejected: false,
    isCanceled: true,
    isFailed: false,
    isPaid: false,
    isRefunded: false,
    isConfirmed: false,
    tableIdentifier: null,
    name: "Erika <b>Mustermann</b>",
    firstName: null,
    lastName: null,
    company: null,
    street: "Kaiser-Joseph-Straße 12",
    city: "79098 Freiburg",
    deliveryAreaName: null,
    floor: null,
    stairway: null,
    door: null,
    phone: "+497611234567",
    email: null,
    appointment: null,
    counterAppointment: null,
    comment: "<script>alert('x')</script>\nBitte klingeln",
    paymentMethod: "paypal",
    donationAmount: 0,
    gross: 900,
    deliveryGross: 350,
    totalGross: 1250,
    createdAt: new Date("2026-11-21T07:05:00Z"),
  },
  items: [
    {
      name: "Bauernbrot",
      amount: 2,
      unit: "piece",
      gross: 900,
      calculationModel: "fixed",
      isPriceHidden: false,
      parts: [
        {
          partId: 1,
          name: "Schnitt",
          type: "select",
          options: [{ optionId: 1, name: "geschnitten", modifier: "add", value: 0 }],
        },
      ],
    },
  ],
  taxes: [
    { taxRate: 7, net: 841, tax: 59, gross: 900 },
    { taxRate: 19, net: 294, tax: 56, gross: 350 },
  ],
  branch: {
    name: "Sonnenkorn Altstadt",
    street: "Münsterplatz 3",
    zipCode: "79098",
    city: "Freiburg",
    phone: null,
  },
  settings: {
    shopName: "Bäckerei Sonnenkorn",
    currency: "EUR",
    disableTickets: false,
    businessTimeZone: "Europe/Berlin",
    website: null,
  },
  donatee: null,
};

const html = renderToStaticMarkup(
  createElement(ReceiptView, { receipt: buildReceipt(source, new Date("2026-11-21T09:45:00Z")) }),
);
/** The visible text, tags dropped and whitespace folded. */
const text = html
  .replace(/<style[\s\S]*?<\/style>/, "")
  .replace(/<br\/?>/g, " ")
  .replace(/<[^>]+>/g, " ")
  .replace(/&nbsp;|\u00a0/g, " ")
  .replace(/\s+/g, " ");

describe("the printable receipt", () => {
  it("shows the ticket number as the page's heading, and the cancellation", () => {
    expect(html).toMatch(
      /<h1 id="beleg-ticket" class="receipt-ticket">Ticket (<!-- -->)?\s*7<\/h1>/,
    );
    expect(html).toContain('<p class="receipt-banner">Storniert</p>');
  });

  it("lays out the items, totals, payment and taxes with German labels", () => {
    expect(text).toContain("Art Lieferung Termin So bald wie möglich Bestellt am 21.11.2026 08:05");
    expect(text).toContain("2 Stk. Bauernbrot Schnitt: geschnitten 9,00 €");
    expect(text).toContain("Zwischensumme 9,00 € Lieferkosten 3,50 € Gesamt 12,50 €");
    expect(text).toContain("Zahlungsart PayPal Zahlungsstatus Warten auf Zahlung");
    expect(text).toContain(
      "Enthaltene MwSt. Satz Netto MwSt. Brutto 7 % 8,41 € 0,59 € 9,00 € 19 % 2,94 € 0,56 € 3,50 €",
    );
    expect(text).toContain("Lieferadresse Kaiser-Joseph-Straße 12 79098 Freiburg");
  });

  it("escapes what the customer typed", () => {
    expect(html).not.toContain("<script>alert");
    expect(html).not.toContain("<b>Mustermann");
    expect(html).toContain("&lt;script&gt;alert(&#x27;x&#x27;)&lt;/script&gt;\nBitte klingeln");
    expect(html).toContain('class="receipt-comment"');
  });

  it("brings its own print styles: an 80 mm column, nothing else on paper", () => {
    expect(html).toContain(`<style>${RECEIPT_CSS}</style>`);
    expect(RECEIPT_CSS).toMatch(/\.receipt \{[^}]*width: 80mm;/);
    expect(RECEIPT_CSS).toMatch(/@media print \{[\s\S]*body \* \{ visibility: hidden; \}/);
    expect(RECEIPT_CSS).toMatch(/@media print \{[\s\S]*\.receipt-actions \{ display: none; \}/);
  });

  it("offers the print button only once JavaScript runs", () => {
    expect(html).not.toContain("<button");
  });
});
