/**
 * German texts of the public order status page (split from `de.ts` so that the menu's scripts do
 * not carry them; issue 17's JavaScript budget). Wording rules as in `de.ts`.
 */
export const deOrderStatus = {
  /** Own wording for the four steps and the payment states. */
  steps: {
    awaitingConfirmation: "Warten auf Bestätigung",
    preparing: "In Zubereitung",
    readyForPickup: "Abholbereit",
    inDelivery: "In Zustellung",
    completed: "Abgeschlossen",
    delivered: "Zugestellt",
  },
  canceled: "Bestellung storniert",
  /** Own wording. */
  thanks: "Vielen Dank für Ihre Bestellung!",
  ticket: "Ticket",
  orderNumber: "Bestellnummer",
  payment: {
    awaiting: "Warten auf Zahlung",
    paid: "Bezahlt",
    refunded: "Erstattet",
    failed: "Zahlung fehlgeschlagen",
  },
  acceptCounterAppointment: (time: string) => `Ja, ${time} Uhr ist in Ordnung`,
  /** Own wording: declining cancels the order (spec section 4). */
  declineCounterAppointment: "Nein, Bestellung stornieren",
  /** Spec (section 2): the page title 'Bestellstatus - {shop title}'. */
  pageTitle: "Bestellstatus",
  /** Own wording from here on in this group. */
  progress: "Fortschritt Ihrer Bestellung",
  stepDone: "erledigt",
  stepCurrent: "aktueller Schritt",
  rejectionReason: (message: string) => `Begründung: ${message}`,
  paymentHeading: "Zahlung",
  paymentStatus: (label: string) => `Zahlungsstatus: ${label}`,
  messages: {
    awaiting: "Ihre Bestellung ist bei uns eingegangen. Wir bestätigen sie so bald wie möglich.",
    quotation:
      "Ihre Angebotsanfrage ist bei uns eingegangen. Wir melden uns mit einem Angebot bei Ihnen.",
    /** While the branch is closed. */
    preorder: "Ihre Vorbestellung bearbeiten wir, sobald wir wieder geöffnet haben.",
    /** While the branch is open (issue 17). */
    preorderReceived:
      "Ihre Vorbestellung ist bei uns eingegangen. Wir bestätigen sie so bald wie möglich.",
    preorderReceivedFor: (dayAndTime: string) =>
      `Ihre Vorbestellung für ${dayAndTime} Uhr ist bei uns eingegangen. Wir bestätigen sie so bald wie möglich.`,
    /** An order waiting for confirmation after the branch has closed. */
    awaitingClosed:
      "Ihre Bestellung ist bei uns eingegangen. Wir bestätigen sie, sobald wir wieder geöffnet haben.",
    counterProposal: (dateTime: string) =>
      `Zum gewünschten Termin können wir Ihre Bestellung leider nicht fertigstellen. Wir schlagen ${dateTime} Uhr vor.`,
    confirmed: "Ihre Bestellung wurde bestätigt und wird zubereitet.",
    /** Confirmed for a later day: nothing is being prepared yet (issue 17). */
    confirmedFor: (dayAndTime: string) =>
      `Ihre Bestellung wurde bestätigt. Wir bereiten sie für ${dayAndTime} Uhr für Sie vor.`,
    readyForPickup: "Ihre Bestellung ist abholbereit.",
    inDelivery: "Ihre Bestellung ist unterwegs zu Ihnen.",
    completed: "Ihre Bestellung ist abgeschlossen. Guten Appetit!",
    delivered: "Ihre Bestellung wurde zugestellt. Guten Appetit!",
    canceled: "Ihre Bestellung wurde storniert.",
    awaitingPayment: "Ihre Zahlung ist noch nicht bei uns eingegangen.",
    refunded: "Den bezahlten Betrag haben wir Ihnen erstattet.",
    refundDue: "Den bezahlten Betrag erstatten wir Ihnen.",
    updates: "Diese Seite aktualisiert sich alle 10 Sekunden von selbst.",
  },
  counterAppointment: {
    heading: "Neuer Terminvorschlag",
    proposal: (dateTime: string) => `Vorgeschlagener Termin: ${dateTime} Uhr`,
  },
  details: {
    heading: "Ihre Bestellung",
    orderType: "Art der Lieferung",
    appointment: "Termin",
    table: "Tisch",
    address: "Lieferadresse",
    deliveryArea: "Liefergebiet",
    floor: (value: string) => `Stock ${value}`,
    stairway: (value: string) => `Aufgang ${value}`,
    door: (value: string) => `Tür ${value}`,
    comment: "Kommentar",
    paymentMethod: "Zahlungsart",
    items: "Produkte",
    costs: "Kosten",
    deliveryCosts: "Lieferkosten",
    free: "kostenlos",
    total: "Gesamt",
    taxesCaption: "Enthaltene Mehrwertsteuer",
    taxRate: "Steuersatz",
    net: "Netto",
    tax: "MwSt.",
    gross: "Brutto",
    percent: (rate: string) => `${rate} %`,
  },
  contact: {
    heading: "Kontakt",
    phone: "Telefon",
    email: "E-Mail",
  },
  questionnaire: {
    heading: "Wie zufrieden waren Sie?",
    intro: "Bitte bewerten Sie Ihre Bestellung mit 1 bis 5 Sternen.",
    rating: "Gesamt",
    foodRating: "Essen",
    serviceRating: "Service",
    processRating: "Ablauf",
    stars: (count: number) => (count === 1 ? "1 Stern" : `${count} Sterne`),
    comment: "Kommentar (optional)",
    submit: "Bewertung senden",
    thanks: "Vielen Dank für Ihre Bewertung!",
    ratingRequired: (label: string) => `Bitte bewerten Sie „${label}“ mit 1 bis 5 Sternen.`,
    commentTooLong: (max: number) => `Bitte geben Sie höchstens ${max} Zeichen ein.`,
    commentNotText: "Bitte geben Sie den Kommentar als Text ein.",
  },
  errors: {
    notFound: "Diese Bestellung wurde nicht gefunden.",
    noCounterAppointment: "Für diese Bestellung liegt kein Terminvorschlag vor.",
    alreadyConfirmed:
      "Diese Bestellung ist bereits bestätigt; der Terminvorschlag kann nicht mehr beantwortet werden.",
    canceled: "Diese Bestellung wurde storniert und kann nicht mehr geändert werden.",
    reviewsDisabled: "Bewertungen sind derzeit nicht möglich.",
    notCompleted: "Sie können Ihre Bestellung bewerten, sobald sie abgeschlossen ist.",
    alreadyRated: "Sie haben diese Bestellung bereits bewertet.",
    unknownAction: "Diese Aktion gibt es nicht.",
    badRequest: "Die Anfrage konnte nicht gelesen werden. Bitte versuchen Sie es erneut.",
    methodNotAllowed: "Diese Adresse nimmt nur POST-Anfragen an.",
  },
} as const;
