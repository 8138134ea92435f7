import { describe, expect, it } from "vitest";
import { buildReceipt, type ReceiptOrder, type ReceiptSource } from "./receipt";

/** Intl's money has a no-break space before the euro sign. */
const eur = (text: string) => text.replace(" €", "\u00a0€");

const order: ReceiptOrder = {
  ticketNumber: 12,
  isDelivery: false,
  isDineIn: false,
  isPreorder: false,
  isQuotation: false,
  isRejected: false,
  isCanceled: false,
  isFailed: false,
  isPaid: false,
  isRefunded: false,
  isConfirmed: false,
  tableIdentifier: null,
  name: "Erika Mustermann",
  firstName: null,
  lastName: null,
  company: null,
  street: null,
  city: null,
  deliveryAreaName: null,
  floor: null,
  stairway: null,
  door: null,
  phone: "+497615550101",
  email: "erika@example.org",
  // 10:30 in Freiburg (winter time, UTC+1).
  appointment: new Date("2026-11-21T09:30:00Z"),
  counterAppointment: null,
  comment: null,
  paymentMethod: "cash",
  donationAmount: 0,
  gross: 4350,
  deliveryGross: 0,
  totalGross: 4350,
  createdAt: new Date("2026-11-21T07:05:00Z"),
};

const source: ReceiptSource = {
  order,
  items: [
    {
      name: "Bauernbrot",
      amount: 2,
      unit: "piece",
      gross: 900,
      calculationModel: "fixed",
      isPriceHidden: false,
      parts: [],
    },
    {
      name: "Geburtstagstorte",
      amount: 1,
      unit: "piece",
      gross: 3450,
      calculationModel: "fixed",
      isPriceHidden: false,
      parts: [
        {
          partId: 1,
          name: "Größe",
          type: "select",
          options: [{ optionId: 1, name: "Ø 26 cm", modifier: "add", value: 600 }],
        },
        { partId: 2, name: "Aufschrift", type: "text", value: "Alles Gute, Oma!" },
        { partId: 3, name: "Foto", type: "image", uploadIds: [42] },
      ],
    },
  ],
  taxes: [{ taxRate: 7, net: 4065, tax: 285, gross: 4350 }],
  branch: {
    name: "Sonnenkorn Altstadt",
    street: "Münsterplatz 3",
    zipCode: "79098",
    city: "Freiburg",
    phone: "+49 761 123456",
  },
  settings: {
    shopName: "Bäckerei Sonnenkorn",
    currency: "EUR",
    disableTickets: false,
    businessTimeZone: "Europe/Berlin",
    website: "https://sonnenkorn.example",
  },
  donatee: null,
};

const printedAt = new Date("2026-11-21T09:45:00Z");
const with_ = (changes: Partial<ReceiptOrder>, rest: Partial<ReceiptSource> = {}) =>
  buildReceipt({ ...source, ...rest, order: { ...order, ...changes } }, printedAt);

describe("buildReceipt", () => {
  it("lays out a takeaway order for the counter", () => {
    expect(buildReceipt(source, printedAt)).toEqual({
      header: {
        shopName: "Bäckerei Sonnenkorn",
        branchName: "Sonnenkorn Altstadt",
        address: ["Münsterplatz 3", "79098 Freiburg"],
        phone: "+49 761 123456",
      },
      ticket: { label: "Ticket", number: "12" },
      banners: [],
      facts: [
        { label: "Art", value: "Takeaway" },
        { label: "Termin", value: "21.11.2026 10:30" },
        { label: "Bestellt am", value: "21.11.2026 08:05" },
      ],
      customer: [
        { label: "Name", value: "Erika Mustermann" },
        { label: "Telefon", value: "+497615550101" },
        { label: "E-Mail", value: "erika@example.org" },
      ],
      deliveryAddress: [],
      items: [
        { quantity: "2 Stk.", name: "Bauernbrot", details: [], price: eur("9,00 €") },
        {
          quantity: "1 Stk.",
          name: "Geburtstagstorte",
          details: ["Größe: Ø 26 cm", "Aufschrift: Alles Gute, Oma!", "Foto: 1 Datei"],
          price: eur("34,50 €"),
        },
      ],
      comment: null,
      donation: null,
      payment: [
        { label: "Zahlungsart", value: "Barzahlung" },
        { label: "Zahlungsstatus", value: "offen" },
      ],
      totals: [
        { label: "Zwischensumme", value: eur("43,50 €"), isGrandTotal: false },
        { label: "Gesamt", value: eur("43,50 €"), isGrandTotal: true },
      ],
      taxes: [{ rate: "7 %", net: eur("40,65 €"), tax: eur("2,85 €"), gross: eur("43,50 €") }],
      notes: [],
      footer: [
        "Vielen Dank für Ihre Bestellung!",
        "https://sonnenkorn.example",
        "Bestellbeleg – kein Kassenbon",
        "Gedruckt am 21.11.2026 10:45",
      ],
    });
  });

  it("shows dates in the business's zone across the summer time change", () => {
    const receipt = with_({
      appointment: "2026-03-29T08:15:00Z",
      createdAt: "2026-03-28T22:30:00Z",
    });
    expect(receipt.facts).toEqual([
      { label: "Art", value: "Takeaway" },
      { label: "Termin", value: "29.03.2026 10:15" },
      { label: "Bestellt am", value: "28.03.2026 23:30" },
    ]);
  });

  it("says 'as soon as possible' without an appointment", () => {
    expect(with_({ appointment: null }).facts[1]).toEqual({
      label: "Termin",
      value: "So bald wie möglich",
    });
  });

  it("gives a delivery the driver's address, the delivery costs and both tax rates", () => {
    const receipt = with_(
      {
        isDelivery: true,
        company: "Kanzlei Weber",
        firstName: "Erika",
        lastName: "Mustermann",
        street: "Kaiser-Joseph-Straße 12",
        city: "79098 Freiburg",
        deliveryAreaName: "Altstadt",
        floor: "2",
        stairway: "B",
        door: "5",
        deliveryGross: 350,
        totalGross: 4700,
      },
      {
        taxes: [
          { taxRate: 7, net: 4065, tax: 285, gross: 4350 },
          { taxRate: 19, net: 294, tax: 56, gross: 350 },
        ],
      },
    );
    expect(receipt.facts[0]).toEqual({ label: "Art", value: "Lieferung" });
    expect(receipt.deliveryAddress).toEqual([
      "Kaiser-Joseph-Straße 12",
      "Aufgang B, Stock 2, Tür 5",
      "79098 Freiburg",
      "Liefergebiet: Altstadt",
    ]);
    expect(receipt.customer.slice(0, 2)).toEqual([
      { label: "Name", value: "Erika Mustermann" },
      { label: "Firma", value: "Kanzlei Weber" },
    ]);
    expect(receipt.totals).toEqual([
      { label: "Zwischensumme", value: eur("43,50 €"), isGrandTotal: false },
      { label: "Lieferkosten", value: eur("3,50 €"), isGrandTotal: false },
      { label: "Gesamt", value: eur("47,00 €"), isGrandTotal: true },
    ]);
    expect(receipt.taxes.map((row) => [row.rate, row.net, row.tax, row.gross])).toEqual([
      ["7 %", eur("40,65 €"), eur("2,85 €"), eur("43,50 €")],
      ["19 %", eur("2,94 €"), eur("0,56 €"), eur("3,50 €")],
    ]);
  });

  it("calls free delivery free", () => {
    const receipt = with_({ isDelivery: true, street: "Hauptstraße 1", deliveryGross: 0 });
    expect(receipt.totals[1]).toEqual({
      label: "Lieferkosten",
      value: "kostenlos",
      isGrandTotal: false,
    });
  });

  it("names the table of a dine-in order", () => {
    const receipt = with_({ isDineIn: true, tableIdentifier: "Tisch 4" });
    expect(receipt.facts.slice(0, 2)).toEqual([
      { label: "Art", value: "Dine In" },
      { label: "Tisch", value: "Tisch 4" },
    ]);
    // A takeaway order keeps no table even if one was stored.
    expect(with_({ tableIdentifier: "Tisch 4" }).facts.map((fact) => fact.label)).not.toContain(
      "Tisch",
    );
  });

  it("marks weighed goods and prices on request, and prefixes the totals with 'ca.'", () => {
    const receipt = with_(
      {},
      {
        items: [
          {
            name: "Bergkäse",
            amount: 0.25,
            unit: "kilogram",
            gross: 612,
            calculationModel: "approximate",
            isPriceHidden: false,
            parts: [],
          },
          {
            name: "Hochzeitstorte",
            amount: 1,
            unit: "piece",
            gross: 0,
            calculationModel: "minimum",
            isPriceHidden: true,
            parts: [],
          },
          {
            name: "Brezel",
            amount: 3,
            unit: "piece",
            gross: 270,
            calculationModel: "minimum",
            isPriceHidden: false,
            parts: [],
          },
        ],
      },
    );
    expect(receipt.items.map((item) => [item.quantity, item.price])).toEqual([
      ["0,25 kg", eur("ca. 6,12 €")],
      ["1 Stk.", "Preis auf Anfrage"],
      ["3 Stk.", eur("ab 2,70 €")],
    ]);
    expect(receipt.totals[0]!.value).toBe(eur("ca. 43,50 €"));
    expect(receipt.totals.at(-1)!.value).toBe(eur("ca. 43,50 €"));
    // One note per reason, as the cart and the status page say them (decision 044).
    expect(receipt.notes).toEqual([
      "Der Endpreis richtet sich nach dem tatsächlichen Gewicht.",
      "Der Endpreis kann je nach Aufwand höher ausfallen.",
      "Der endgültige Preis folgt mit unserem Angebot.",
    ]);
  });

  it("keeps the customer's comment and names the donatee", () => {
    const receipt = with_(
      { comment: "  Bitte klingeln bei „Weber“.\nDanke!  ", donationAmount: 7 },
      { donatee: { name: "Tafel Freiburg e. V." } },
    );
    expect(receipt.comment).toBe("Bitte klingeln bei „Weber“.\nDanke!");
    expect(receipt.donation).toBe(eur("Spende: 0,07 € an Tafel Freiburg e. V."));
    expect(with_({ comment: "   " }).comment).toBeNull();
  });

  it("says how an order is paid", () => {
    const state = (changes: Partial<ReceiptOrder>) =>
      with_(changes).payment.map((field) => field.value);
    expect(state({ paymentMethod: "cash" })).toEqual(["Barzahlung", "offen"]);
    // Issue 36, item 15: a completed cash order was paid at the counter.
    expect(state({ paymentMethod: "cash", isCompleted: true })).toEqual(["Barzahlung", "bezahlt"]);
    expect(state({ paymentMethod: "stripe", isCompleted: true })).toEqual([
      "Kreditkarte (Stripe)",
      "Warten auf Zahlung",
    ]);
    expect(state({ paymentMethod: "atm-card", isPaid: true })).toEqual(["EC-Karte", "bezahlt"]);
    expect(state({ paymentMethod: "stripe" })).toEqual([
      "Kreditkarte (Stripe)",
      "Warten auf Zahlung",
    ]);
    expect(state({ paymentMethod: "paypal", isPaid: true })).toEqual(["PayPal", "Bezahlt"]);
    expect(state({ paymentMethod: "paypal", isPaid: true, isRefunded: true })).toEqual([
      "PayPal",
      "Erstattet",
    ]);
    expect(state({ paymentMethod: "stripe", isFailed: true })).toEqual([
      "Kreditkarte (Stripe)",
      "Zahlung fehlgeschlagen",
    ]);
  });

  it("puts cancellations, pre-orders and quotation requests in a banner", () => {
    expect(with_({ isCanceled: true }).banners).toEqual(["Storniert"]);
    expect(with_({ isRejected: true, isPreorder: true }).banners).toEqual([
      "Storniert",
      "Vorbestellung",
    ]);
    expect(with_({ isQuotation: true }).banners).toEqual(["Angebotsanfrage"]);
  });

  it("shows the branch's open proposal until it is answered", () => {
    const proposal = new Date("2026-11-21T14:30:00Z");
    expect(with_({ counterAppointment: proposal }).facts).toContainEqual({
      label: "Terminvorschlag",
      value: "21.11.2026 15:30",
    });
    expect(
      with_({ counterAppointment: proposal, isCanceled: true }).facts.map((fact) => fact.label),
    ).not.toContain("Terminvorschlag");
  });

  it("says 'Bestellnummer' where the shop switched tickets off", () => {
    const receipt = buildReceipt(
      { ...source, settings: { ...source.settings, disableTickets: true, website: null } },
      printedAt,
    );
    expect(receipt.ticket).toEqual({ label: "Bestellnummer", number: "12" });
    expect(receipt.footer).not.toContain("https://sonnenkorn.example");
  });

  it("leaves out blank branch and customer fields", () => {
    const receipt = buildReceipt(
      {
        ...source,
        order: { ...order, phone: " ", email: null, company: "" },
        branch: { ...source.branch, street: "", phone: null },
      },
      printedAt,
    );
    expect(receipt.header).toMatchObject({ address: ["79098 Freiburg"], phone: null });
    expect(receipt.customer).toEqual([{ label: "Name", value: "Erika Mustermann" }]);
  });
});
