/** German texts of the product labels (issue 20, spec sections 1, 3, 7, 8 and 9, decision 057). */
export const deLabels = {
  area: {
    label: "Etiketten",
    description: "Produktetiketten mit Preis, Zutaten, Allergenen und Mindesthaltbarkeit als PDF",
  },
  title: "Produktetiketten drucken",
  intro:
    "Wählen Sie die Produkte und die Anzahl der Etiketten je Produkt. Das PDF passt auf A4-Etikettenbögen.",
  choose: "Produkte und Anzahl",
  productColumn: "Produkt",
  priceColumn: "Preis",
  copiesColumn: "Anzahl Etiketten",
  copiesLabel: (name: string) => `Anzahl Etiketten für ${name}`,
  matches: (count: number) => (count === 1 ? "1 Produkt gefunden." : `${count} Produkte gefunden.`),
  shownOnly: (shown: number, total: number) =>
    `Es werden die ersten ${shown} von ${total} Produkten gezeigt. Grenzen Sie die Suche ein.`,
  noMatches: "Keine Produkte gefunden.",
  sheet: "Bogen",
  layout: "Format",
  layouts: {
    compact: "Kompakt: 48 Etiketten je Bogen (12 Zeilen × 4 Spalten, 45,7 × 21,2 mm)",
    detail: "Ausführlich: 10 Etiketten je Bogen (5 Zeilen × 2 Spalten, 99,1 × 57 mm)",
  },
  start: "Erstes freies Etikett auf dem Bogen",
  startHelp:
    "Bei einem angebrochenen Bogen: Position des ersten freien Etiketts, zeilenweise von links oben gezählt.",
  bestBefore: "Mindestens haltbar bis",
  bestBeforeHelp:
    "Leer: Druckdatum plus die Haltbarkeit in Tagen des Produkts (ohne Angabe kein Datum).",
  submit: "PDF erstellen",
  limitNote: (max: number) => `Höchstens ${max} Etiketten je PDF.`,
  fileName: "etiketten.pdf",
  /** On the labels. */
  label: {
    grundpreis: (price: string, unit: string) => `Grundpreis: ${price} / ${unit}`,
    ingredients: "Zutaten: ",
    contains: "Enthält: ",
    bestBefore: (date: string) => `Mindestens haltbar bis: ${date}`,
    priceOnRequest: "Preis auf Anfrage",
  },
  errors: {
    title: "Das PDF konnte nicht erstellt werden.",
    badRequest: "Die Angaben konnten nicht gelesen werden.",
    nothingChosen: "Bitte geben Sie bei mindestens einem Produkt eine Anzahl Etiketten an.",
    unknownProduct: "Dieses Produkt gibt es nicht.",
    copies: (max: number) =>
      `Die Anzahl Etiketten je Produkt muss eine ganze Zahl von 0 bis ${max} sein.`,
    tooMany: (max: number) => `Es können höchstens ${max} Etiketten in einem PDF erstellt werden.`,
    tooManyProducts: (max: number) => `Es können höchstens ${max} Produkte gewählt werden.`,
    layout: "Bitte wählen Sie ein Format.",
    start: (max: number) => `Das erste freie Etikett muss zwischen 1 und ${max} liegen.`,
    bestBefore: "Das Mindesthaltbarkeitsdatum ist kein gültiges Datum (TT.MM.JJJJ).",
  },
} as const;
