/**
 * German texts of how prices are labelled (spec section 9, issue 17, decision 044): the prefixes
 * of the calculation models are the spec's ('ca.', 'ab'), the notes are our own wording.
 */
export const dePrices = {
  /** Spec section 3: the calculation models' prefixes. */
  approximate: "ca.",
  minimum: "ab",
  perUnit: (unit: string) => `pro ${unit}`,
  priceOnRequest: "Preis auf Anfrage",
  notes: {
    /** An item priced by weight makes the total approximate. */
    actualWeight: "Der Endpreis richtet sich nach dem tatsächlichen Gewicht.",
    /** An approximate price in another unit than weight (volume, length …). */
    actualQuantity: "Der Endpreis richtet sich nach der tatsächlichen Menge.",
    /** A minimum ('ab') price: the effort decides. */
    minimum: "Der Endpreis kann je nach Aufwand höher ausfallen.",
    /** Hidden prices and quotation requests (spec section 9: the final price follows). */
    priceFollows: "Der endgültige Preis folgt mit unserem Angebot.",
  },
  /** The item dialog's running price. */
  dialog: {
    label: "Ihr Preis",
    unitPrice: (price: string) => `Grundpreis: ${price}`,
  },
  leadTime: {
    minutes: (n: number) => (n === 1 ? "1 Minute" : `${n} Minuten`),
    hours: (n: number) => (n === 1 ? "1 Stunde" : `${n} Stunden`),
    days: (n: number) => (n === 1 ? "1 Tag" : `${n} Tage`),
    weeks: (n: number) => (n === 1 ? "1 Woche" : `${n} Wochen`),
    /** In the item dialog and on the menu: 'Vorlaufzeit: 2 Tage'. */
    label: (text: string) => `Vorlaufzeit: ${text}`,
  },
} as const;
