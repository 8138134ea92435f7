/**
 * The self-service kiosk's texts (decision 053) beside the spec's 'Tippen um zu bestellen'
 * (`de.kiosk.idle`): own wording, where the spec is silent.
 */
export const deKiosk = {
  /** A payment method posted on a kiosk that its counter does not take (400). */
  /** The order's name when a kiosk customer typed none: staff call the ticket number. */
  walkInName: "Bestellterminal",
  /** The kiosk's only contact field (issue 36, item 14): a first name to call, or nothing. */
  firstName: "Vorname",
  contactHint: "Wir rufen Sie mit Ihrer Ticketnummer auf – auf Wunsch auch mit Ihrem Vornamen.",
  paymentNotAtKiosk:
    "Am Bestellterminal können Sie nur an der Kasse bezahlen. Bitte wählen Sie eine der angebotenen Zahlungsarten.",
  /** The back office's settings page: which methods the kiosk offers. */
  settings: {
    section: "Bestellterminal (Selbstbedienung)",
    cash: "Barzahlung an der Kasse am Bestellterminal anbieten",
    help: "Am Bestellterminal (Adresse /kiosk) gibt es nur Zahlungsarten, die an der Kasse bezahlt werden; Online-Zahlungen nie. Eine Zahlungsart muss zusätzlich für Shop und Filiale eingeschaltet sein.",
    atmCard: "Kartenzahlung an der Kasse am Bestellterminal anbieten",
    voucher: "Gutscheine am Bestellterminal annehmen",
  },
} as const;
