/**
 * German texts of the checkout (split from `de.ts` so that the menu's scripts do not carry them;
 * issue 17's JavaScript budget). Wording rules as in `de.ts`.
 */
export const deCheckout = {
  /** Spec: the page title 'Bestellvorgang - …'. */
  title: "Bestellvorgang",
  heading: "Bestellung abschließen",
  orderType: "Art der Bestellung",
  alternatives: "Sie können stattdessen:",
  alternativeTakeaway: "die Bestellung selbst abholen (Takeaway)",
  alternativeDineIn: "vor Ort essen (Dine In)",
  /** Spec section 5: pre-orders are processed once the shop reopens. */
  alternativePreorder:
    "vorbestellen – wir bearbeiten Ihre Bestellung, sobald wir wieder geöffnet haben",
  /** Spec. */
  table: "Tischnummer *",
  tableOptional: "Tischnummer",
  chooseTable: "Bitte wählen",
  contact: "Kontaktdaten",
  name: "Name",
  firstName: "Vorname",
  lastName: "Nachname",
  company: "Firma",
  email: "E-Mail",
  phone: "Telefon",
  required: " *",
  address: "Lieferadresse",
  street: "Straße und Hausnummer",
  city: "PLZ und Ort",
  deliveryArea: "Liefergebiet",
  floor: "Stock",
  stairway: "Aufgang",
  door: "Tür",
  appointment: "Termin",
  appointmentHint: "Wählen Sie einen Tag, dann eine Uhrzeit.",
  appointmentDay: "Tag",
  appointmentTime: "Uhrzeit",
  asSoonAsPossible: "So bald wie möglich",
  timesOn: (day: string) => `Uhrzeiten am ${day}`,
  chooseDay: "Bitte wählen",
  showTimes: "Uhrzeiten anzeigen",
  /** Own wording: the JavaScript pickers over the plain selects (issue 17). */
  pickers: {
    chooseDate: "Im Kalender wählen",
    chooseTime: "Uhrzeit wählen",
    dateTitle: "Tag wählen",
    timeTitle: "Uhrzeit wählen",
    previousMonth: "Voriger Monat",
    nextMonth: "Nächster Monat",
    weekdays: ["Mo", "Di", "Mi", "Do", "Fr", "Sa", "So"],
    hour: "Stunde",
    minute: "Minute",
    save: "Übernehmen",
    cancel: "Abbrechen",
    unavailableTime: "Zu dieser Uhrzeit ist leider kein Termin frei.",
    searchDonatee: "Spendenempfänger suchen",
    donateeSearch: "Name oder Beschreibung",
    noDonateeFound: "Leider wurden keine Ergebnisse gefunden.",
  },
  comment: "Anmerkungen zur Bestellung",
  summary: "Ihre Bestellung",
  donation: "Spende",
  /** Spec section 9: the amount shown. */
  donationHint: (amount: string) =>
    `Mit jeder Bestellung spenden wir ${amount} an eine Organisation Ihrer Wahl.`,
  noDonation: "Keine Spende",
  paymentMethod: "Zahlungsart",
  paymentMethods: {
    cash: "Barzahlung",
    "atm-card": "EC-Karte",
    voucher: "Gutschein",
    stripe: "Kreditkarte (Stripe)",
    paypal: "PayPal",
  },
  consents: "Einwilligungen",
  acceptTerms: "Ich akzeptiere die AGB.",
  acceptPrivacy: "Ich habe die Datenschutzerklärung gelesen und stimme ihr zu.",
  readTerms: "AGB lesen",
  readPrivacy: "Datenschutzerklärung lesen",
  /** Spec. */
  submitQuotation: "Angebotsanfrage abschicken",
  /** Spec. */
  submitOrder: "Bestellung abschicken",
  /** Spec. */
  submitPreorder: "Vorbestellung abschicken",
  /** Spec. */
  submitting: "Verarbeiten...",
  /** Own wording (§ 312j BGB, decision 046): the default note above the order button. */
  paymentNotice: (button: string, total: string) =>
    `Mit einem Klick auf „${button}“ bestellen Sie verbindlich und zahlungspflichtig (Gesamtbetrag ${total}).`,
  /** Spec. */
  back: "Zurück",
  /** Spec: the checkout/error route. */
  paymentFailed:
    "Leider ist Ihre Zahlung fehlgeschlagen. Bitte überprüfen Sie Ihre Daten und versuchen Sie es erneut.",
  /** Spec section 8. */
  unknownError: "Ein unbekannter Fehler ist aufgetreten.",
  errorsHeading: "Bitte prüfen Sie Ihre Angaben:",
  emptyCart: "Ihr Warenkorb ist leer. Bitte wählen Sie zuerst Produkte aus.",
  /** A form whose hidden order key is missing or malformed (not one our page wrote). */
  orderKeyInvalid:
    "Das Bestellformular ist unvollständig oder veraltet. Bitte laden Sie die Seite neu und senden Sie die Bestellung erneut ab.",
  orderKeyReused:
    "Dieses Bestellformular wurde bereits für eine frühere Bestellung abgeschickt. Ihr aktueller Warenkorb ist noch nicht bestellt: Bitte prüfen Sie Ihre Angaben und senden Sie die Bestellung erneut ab.",
  closedNoPreorder:
    "Derzeit haben wir leider geschlossen. Eine Bestellung ist gerade nicht möglich.",
  orderTypeUnavailable: "Diese Art der Lieferung bietet die Filiale nicht an.",
  nameRequired: "Bitte geben Sie Ihren Namen an.",
  emailRequired: "Bitte geben Sie Ihre E-Mail-Adresse an.",
  emailInvalid: "Bitte geben Sie eine gültige E-Mail-Adresse an.",
  phoneRequired: "Bitte geben Sie Ihre Telefonnummer an.",
  streetRequired: "Bitte geben Sie Straße und Hausnummer an.",
  cityRequired: "Bitte geben Sie PLZ und Ort an.",
  areaRequired: "Bitte wählen Sie ein Liefergebiet.",
  tableRequired: "Bitte wählen Sie Ihren Tisch.",
  unknownTable: "Diesen Tisch gibt es in dieser Filiale nicht.",
  unknownDonatee: "Diesen Spendenempfänger gibt es nicht.",
  paymentUnavailable: "Diese Zahlungsart ist für diese Bestellung nicht verfügbar.",
  termsRequired: "Bitte akzeptieren Sie die AGB.",
  privacyRequired: "Bitte stimmen Sie der Datenschutzerklärung zu.",
  tooLong: (max: number) => `Bitte geben Sie höchstens ${max} Zeichen ein.`,
  invalidAppointment: "Bitte wählen Sie einen Termin aus der Liste.",
  productGone: (name: string) =>
    `„${name}“ ist nicht mehr erhältlich. Bitte entfernen Sie es aus dem Warenkorb.`,
  paymentStartFailed:
    "Die Zahlung konnte nicht gestartet werden. Bitte wählen Sie eine andere Zahlungsart oder versuchen Sie es erneut.",
} as const;
