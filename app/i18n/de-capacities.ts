/** The capacities' texts (issue 39 part 2, decision 113): the back office's and the shop's. */
export const deCapacities = {
  area: {
    label: "Kapazitäten",
    description: "Wie viel eine Filiale am Tag, in der Woche und pro Zeitfenster annimmt.",
  },
  title: "Kapazitäten",
  titleFor: (day: string, branch: string) => `Kapazitäten am ${day} – ${branch}`,
  filterLabel: "Tag und Filiale wählen",
  day: "Tag",
  branch: "Filiale",
  show: "Anzeigen",
  limitsHeading: "Grenzen und Auslastung",
  kind: "Art",
  target: "Wofür",
  limit: "Höchstens",
  load: "Auslastung",
  actions: "Aktionen",
  kinds: {
    "product-day": "Produkt pro Tag",
    "product-week": "Produkt pro Woche",
    "category-day": "Kategorie pro Tag",
    slot: "Bestellungen pro Zeitfenster",
  },
  slotTarget: (minutes: number) => `je ${minutes} Minuten`,
  loadOf: (used: number, max: number) => `${used} von ${max}`,
  weekLoad: (used: number, max: number, monday: string) =>
    `${used} von ${max} (Woche ab ${monday})`,
  slotsHeading: "Zeitfenster an diesem Tag",
  slot: "Zeitfenster",
  orders: "Bestellungen",
  noSlotOrders: "An diesem Tag ist noch kein Zeitfenster belegt.",
  empty: "Für diese Filiale sind noch keine Kapazitäten festgelegt. Legen Sie unten die erste an.",
  full: "ausgebucht",
  newHeading: "Neue Grenze",
  product: "Produkt",
  category: "Kategorie",
  slotMinutes: "Länge des Zeitfensters (Minuten)",
  choose: "Bitte wählen",
  add: "Grenze anlegen",
  save: "Speichern",
  remove: "Entfernen",
  saved: "Die Grenze wurde gespeichert.",
  removed: "Die Grenze wurde entfernt.",
  chooseBranch: "Bitte wählen Sie eine Filiale, um ihre Kapazitäten festzulegen.",
  noBranches: "Ihnen ist keine Filiale zugeordnet.",
  badDay: "Bitte geben Sie den Tag als Datum an (TT.MM.JJJJ).",
  dayOutOfRange: "Bitte wählen Sie einen Tag innerhalb eines Jahres.",
  badBranch: "Diese Filiale gibt es nicht.",
  foreignBranch: "Für diese Filiale sind Sie nicht zuständig.",
  badKind: "Bitte wählen Sie die Art der Grenze.",
  badLimit: "Bitte geben Sie als Grenze eine ganze Zahl von 1 bis 100.000 an.",
  productRequired: "Bitte wählen Sie ein Produkt.",
  categoryRequired: "Bitte wählen Sie eine Kategorie.",
  badSlotMinutes: "Bitte wählen Sie 5, 10, 15, 20, 30 oder 60 Minuten.",
  duplicate: "Diese Grenze gibt es für die Filiale schon; ändern Sie dort die Zahl.",
  unknownCapacity: "Diese Grenze gibt es nicht mehr.",
  badIntent: "Diese Aktion gibt es hier nicht.",
  // The shop's words.
  bookedOutDay: "Für diesen Tag ausgebucht",
  bookedOutLine: (name: string) => `${name}: Für diesen Tag ausgebucht.`,
  nextFreeDay: (day: string) => `Nächster freier Tag: ${day}`,
  noFreeDay: "In den nächsten Wochen ist kein Tag mehr frei.",
  refusedDay: (name: string, left: number) =>
    left === 0
      ? `${name} ist für diesen Tag ausgebucht. Bitte wählen Sie einen anderen Tag.`
      : `Von ${name} sind für diesen Tag nur noch ${left} zu haben. Bitte verringern Sie die Menge oder wählen Sie einen anderen Tag.`,
  refusedWeek: (name: string, left: number) =>
    left === 0
      ? `${name} ist für diese Woche ausgebucht. Bitte wählen Sie eine andere Woche.`
      : `Von ${name} sind für diese Woche nur noch ${left} zu haben. Bitte verringern Sie die Menge oder wählen Sie eine andere Woche.`,
  refusedSlot:
    "Dieses Zeitfenster ist inzwischen ausgebucht. Bitte wählen Sie eine andere Uhrzeit.",
} as const;
