/**
 * The catalogue's back-office texts (issue 15): categories, products with their parts and units,
 * product groups, menus and their editor, sold out today, bulk changes and the CSV import. The
 * resource names and their section 8 messages are in `de-backoffice.ts` (`de.resources`).
 */
/** What a CSV's department cell says for a product that no department makes. */
export const NO_DEPARTMENT = "keine";

export const deCatalogue = {
  // ——— categories and product groups ———
  categories: {
    isEnabled: "Aktiv",
    schedule: "Verfügbarkeit",
    isVisibleWhenUnavailable: "Sichtbar, wenn nicht verfügbar",
    isVisibleWhenUnavailableHelp: "Außerhalb der Verfügbarkeit ausgegraut zeigen statt ausblenden.",
    isBundleOnly: "Nur für Sets",
    isBundleOnlyHelp:
      "Enthält nur Bestandteile von Sets und erscheint nicht in der Produktliste des Shops.",
    inMenus: (count: number) =>
      `Die Kategorie steht in ${count === 1 ? "einem Katalog" : `${count} Katalogen`}.`,
  },
  productGroups: {
    products: "Produkte",
    productsHelp: "Die Produkte der Gruppe; ein Katalog kann die ganze Gruppe aufnehmen.",
    inMenus: (count: number) =>
      `Die Produktgruppe steht in ${count === 1 ? "einem Katalog" : `${count} Katalogen`}.`,
  },

  // ——— products: fields, parts, options, units, bundles, copy ———
  products: {
    area: {
      label: "Produkte",
      description: "Produkte mit Preisen, Einheiten, Bestandteilen, Optionen und Paketen.",
    },
    sections: {
      identity: "Allgemein",
      allergens: "Allergene",
      images: "Bilder und Tags",
      price: "Preis und Steuer",
      quantity: "Mengen",
      availability: "Verfügbarkeit",
      leadTime: "Vorlaufzeit",
    },
    type: "Art",
    types: { simple: "Einfach", configurable: "Konfigurierbar", bundle: "Paket" },
    departmentId: "Abteilung",
    departmentIdHelp:
      "Wer es herstellt (Backstube, Konditorei, Küche …): die Backliste kann danach gruppieren.",
    allergenCodes: "Enthaltene Allergene (EU)",
    allergenCodesHelp: "Die 14 Hauptallergene der Lebensmittelinformationsverordnung.",
    allergenIds: "Enthaltene Allergene",
    allergenIdsHelp: "Aus der Liste unter „Allergene“ (die 14 der EU und eigene).",
    allergens: "Weitere Angaben zu Allergenen",
    allergensHelp: "Spuren und andere Zutaten, frei formuliert.",
    ingredients: "Zutaten",
    ingredientsHelp:
      "Für Etiketten: in absteigender Gewichtsfolge; Allergene werden auf dem Etikett hervorgehoben.",
    bestBeforeDays: "Haltbarkeit in Tagen",
    bestBeforeDaysHelp: "Für das Mindesthaltbarkeitsdatum auf Etiketten; leer: ohne Datum.",
    images: "Bilder",
    tags: "Tags",
    price: "Preis",
    priceHelp: "Je Einheit, zum Beispiel 2,50.",
    unit: "Einheit",
    pricing: "Preishinweis",
    pricingHelp: "Wird neben dem Preis gezeigt, zum Beispiel „Preis pro kg“.",
    calculationModel: "Preismodell",
    calculationModels: { fixed: "Fix", approximate: "ca.", minimum: "ab" },
    isPriceHidden: "Preis verbergen",
    isPriceHiddenHelp: "Statt des Preises steht „Preis auf Anfrage“.",
    taxRate: "Steuersatz Lieferung (%)",
    takeawayTaxRate: "Steuersatz Abholung (%)",
    dineInTaxRate: "Steuersatz vor Ort (%)",
    dineInTaxRateHelp:
      "Leer: wie Abholung. Seit dem 1. Januar 2026 gelten für Speisen auch vor Ort 7 %, für Getränke 19 %.",
    dineInColumn: "MwSt. vor Ort (%)",
    dineInNotice: (count: number) =>
      `${count === 1 ? "1 Speise hat" : `${count.toLocaleString("de-DE")} Speisen haben`} beim Verzehr vor Ort noch 19 % MwSt. Seit dem 1. Januar 2026 gelten für Speisen 7 %.`,
    dineInNoticeLink: "Steuersatz vor Ort ändern",
    minimumQuantity: "Mindestmenge",
    maximumQuantity: "Höchstmenge",
    maximumQuantityHelp: "Leer: keine Grenze.",
    quantityStepSize: "Schrittweite",
    defaultQuantity: "Vorgabemenge",
    defaultUnit: "Vorgabe-Einheit",
    isEnabled: "Aktiv",
    isEnabledHelp: "Inaktive Produkte erscheinen nirgends im Shop.",
    isVisibleWhenUnavailable: "Sichtbar, wenn nicht verfügbar",
    isVisibleWhenUnavailableHelp: "Außerhalb des Zeitplans ausgegraut statt ausgeblendet.",
    isStepByStep: "Schritt für Schritt",
    isStepByStepHelp: "Der Dialog führt durch die Bestandteile nacheinander.",
    isLeadTimeEnabled: "Vorlaufzeit verlangen",
    leadTimeType: "Vorlaufzeit in",
    leadTimeTypes: { minutes: "Minuten", hours: "Stunden", days: "Tagen", weeks: "Wochen" },
    leadTimeValue: "Vorlaufzeit",
    schedule: "Zeitplan",
    units: {
      legend: "Weitere Einheiten",
      empty: "Keine weiteren Einheiten.",
      row: (position: number) => `Einheit ${position}`,
      unit: "Einheit",
      ratio: "Verhältnis zur Grundeinheit",
      ratioHelp: "Wie viele Grundeinheiten eine dieser Einheit ist (1 g bei Preis je kg: 0,001).",
      add: "Einheit hinzufügen",
    },
    parts: {
      legend: "Bestandteile (Konfiguration)",
      empty: "Keine Bestandteile.",
      row: (position: number) => `Bestandteil ${position}`,
      name: "Name",
      description: "Beschreibung",
      isOptional: "Optional",
      type: "Art",
      types: {
        text: "Text (eine Zeile)",
        textarea: "Text (mehrzeilig)",
        image: "Ein Bild",
        images: "Mehrere Bilder",
        file: "Eine Datei",
        files: "Mehrere Dateien",
        select: "Auswahl (eine Option)",
        multiselect: "Mehrfachauswahl",
      },
      maxLength: "Höchstens Zeichen",
      maxLengthHelp: "Nur bei Text. Leer: 2.000.",
      maxCount: "Höchstens Anzahl",
      maxCountHelp: "Nur bei mehreren Bildern, Dateien oder der Mehrfachauswahl.",
      add: "Bestandteil hinzufügen",
    },
    options: {
      legend: (part: string) => `Optionen von „${part}“`,
      empty: "Noch keine Optionen.",
      row: (position: number) => `Option ${position}`,
      name: "Name",
      modifier: "Preisänderung",
      modifiers: { add: "aufschlagen (+)", subtract: "abziehen (−)", overwrite: "ersetzen (=)" },
      value: "Betrag",
      add: "Option hinzufügen",
    },
    bundle: {
      legend: "Paketinhalt",
      empty: "Noch keine Produkte im Paket.",
      row: (position: number) => `Paketprodukt ${position}`,
      product: "Produkt",
      quantity: "Menge",
      add: "Produkt hinzufügen",
    },
    rows: {
      up: "Nach oben",
      down: "Nach unten",
      remove: "Entfernen",
      upLabel: (what: string) => `${what} nach oben verschieben`,
      downLabel: (what: string) => `${what} nach unten verschieben`,
      removeLabel: (what: string) => `${what} entfernen`,
    },
    errors: {
      list: "Bitte senden Sie eine Liste.",
      tooMany: (max: number) => `Höchstens ${max} Einträge.`,
      decimals: (places: number) => `Höchstens ${places} Nachkommastellen.`,
      minimumAboveMaximum: "Die Mindestmenge darf nicht über der Höchstmenge liegen.",
      defaultOutsideRange: "Die Vorgabemenge muss zwischen Mindest- und Höchstmenge liegen.",
      ratioZero: "Das Verhältnis muss größer als 0 sein.",
      duplicateUnit: "Diese Einheit ist schon eingetragen.",
      sameAsBaseUnit: "Die Grundeinheit des Produkts ist keine weitere Einheit.",
      subtractTooLarge: "Der Abzug ist größer als der Preis; der Preis würde negativ.",
      selectNeedsOptions: "Eine Auswahl braucht mindestens eine Option.",
      optionsOnlyForChoices: "Optionen gibt es nur bei Auswahl und Mehrfachauswahl.",
      maxLengthOnlyForText: "Eine Zeichengrenze gibt es nur bei Text.",
      maxCountOnlyForMany:
        "Eine Anzahl gibt es nur bei mehreren Bildern, Dateien oder der Mehrfachauswahl.",
      bundleContainsItself: "Ein Paket kann sich nicht selbst enthalten.",
      bundleContainsBundle: "Ein Paket kann kein anderes Paket enthalten.",
      bundleOnlyForBundles: "Nur ein Paket hat einen Paketinhalt.",
      duplicateBundleProduct: "Dieses Produkt ist schon im Paket.",
      unknownProduct: "Unbekannter Eintrag.",
      leadTimeRequired: "Bitte geben Sie die Vorlaufzeit an.",
      defaultUnitUnknown:
        "Die Vorgabe-Einheit muss die Grundeinheit oder eine weitere Einheit sein.",
    },
    /** The item dialog's limits of a configurable part (spec section 5, issue 15). */
    limits: {
      maxLength: (max: number) => `Höchstens ${max.toLocaleString("de-DE")} Zeichen.`,
      maxCount: (max: number) => `Höchstens ${max.toLocaleString("de-DE")} auswählen.`,
      maxFiles: (max: number) =>
        max === 1 ? "Höchstens eine Datei." : `Höchstens ${max.toLocaleString("de-DE")} Dateien.`,
      tooManyOptions: (max: number) =>
        `Bitte wählen Sie höchstens ${max.toLocaleString("de-DE")} Optionen.`,
      tooManyFiles: (max: number) =>
        `Bitte laden Sie höchstens ${max.toLocaleString("de-DE")} Dateien hoch.`,
    },
    copy: {
      button: "Kopieren",
      suffix: " (Kopie)",
      copied: "Das Produkt wurde kopiert. Sie bearbeiten jetzt die Kopie.",
      failed: "Produkt konnte nicht kopiert werden.",
    },
    inUse: {
      inMenus: (count: number) =>
        `Das Produkt ist in ${count === 1 ? "einem Katalog" : `${count} Katalogen`}.`,
      inBundles: (count: number) =>
        `Das Produkt ist in ${count === 1 ? "einem Paket" : `${count} Paketen`} enthalten.`,
      inGroups: (count: number) =>
        `Das Produkt ist in ${count === 1 ? "einer Produktgruppe" : `${count} Produktgruppen`}.`,
    },
  },

  // ——— menus: the catalogue editor and its preview ———
  menus: {
    area: {
      label: "Kataloge",
      description: "Welche Kategorien und Produkte die Filialen ab wann anbieten.",
    },
    availableFrom: "Gültig ab",
    availableFromHelp:
      "Datum und Uhrzeit (Zeitzone des Shops), ab denen der Katalog im Shop gilt. Bis dahin " +
      "gilt der vorige; so lässt sich der Katalog der nächsten Woche vorbereiten.",
    branches: "Filialen",
    sections: { menu: "Katalog" },
    unknownEntry: "Unbekannter Eintrag.",
    entryNeedsOne: "Bitte genau ein Produkt oder eine Produktgruppe angeben.",
    duplicateCategory: "Diese Kategorie steht schon im Katalog.",
    duplicateProduct: "Dieses Produkt steht schon in dieser Kategorie.",
    duplicateGroup: "Diese Produktgruppe steht schon in dieser Kategorie.",
    tooManyCategories: "Höchstens 200 Kategorien je Katalog.",
    tooManyEntries: "Höchstens 2.000 Einträge je Kategorie.",
    // The edit page's links
    editCatalogue: "Kategorien und Produkte bearbeiten",
    preview: "Vorschau",
    copy: "Katalog kopieren",
    copyHint:
      "Legt eine Kopie mit denselben Filialen, Kategorien und Produkten an, die erst in einer Woche gilt.",
    copyName: (name: string) => `${name} (Kopie)`,
    copied: "Der Katalog wurde kopiert. Bitte prüfen Sie „Gültig ab“.",
    // The editor
    editorTitle: (name: string) => `Katalog „${name}“: Kategorien und Produkte`,
    backToMenu: "Zurück zum Katalog",
    emptyMenu: "Dieser Katalog hat noch keine Kategorien.",
    emptyCategory: "Noch keine Produkte in dieser Kategorie.",
    addCategory: "Kategorie hinzufügen",
    addCategoryLabel: "Kategorie",
    noCategoryLeft: "Alle Kategorien stehen schon im Katalog.",
    searchLabel: (category: string) => `Produkt oder Gruppe für „${category}“ suchen`,
    search: "Suchen",
    noHits: "Leider wurden keine Ergebnisse gefunden.",
    hitsLabel: (category: string) => `Suchergebnisse für „${category}“`,
    add: "Hinzufügen",
    addNamed: (name: string) => `„${name}“ hinzufügen`,
    up: "Nach oben",
    down: "Nach unten",
    upNamed: (name: string) => `„${name}“ nach oben`,
    downNamed: (name: string) => `„${name}“ nach unten`,
    moveTo: "verschieben nach",
    moveToLabel: (name: string) => `Position für „${name}“`,
    moveToNamed: (name: string) => `„${name}“ verschieben`,
    /** The rest of a row's accessible names, after the product's name (aria-labelledby). */
    rowUp: "nach oben",
    rowDown: "nach unten",
    rowMoveTo: "verschieben nach …",
    rowRemove: "entfernen",
    rowSoldOut: "heute in allen Filialen ausverkauft",
    rowAvailable: "wieder verfügbar",
    position: (index: number) => `Position ${index}`,
    remove: "Entfernen",
    removeNamed: (name: string) => `„${name}“ entfernen`,
    group: "Gruppe",
    groupOf: (count: number) => `Gruppe mit ${count === 1 ? "1 Produkt" : `${count} Produkten`}`,
    disabled: "inaktiv",
    soldOut: "Heute ausverkauft",
    markSoldOut: "Heute ausverkauft",
    markSoldOutNamed: (name: string) => `„${name}“ heute in allen Filialen ausverkauft`,
    markAvailable: "Wieder verfügbar",
    markAvailableNamed: (name: string) => `„${name}“ wieder verfügbar`,
    saved: "Gespeichert.",
    saveFailed: "Die Reihenfolge konnte nicht gespeichert werden. Bitte laden Sie die Seite neu.",
    handle: (name: string) => `„${name}“ verschieben (Leertaste, dann Pfeiltasten)`,
    dragHelp:
      "Zum Verschieben mit der Tastatur: Griff fokussieren, Leertaste drücken, mit den " +
      "Pfeiltasten verschieben, mit der Leertaste ablegen, mit Escape abbrechen.",
    lifted: (name: string, position: number, count: number) =>
      `„${name}“ aufgenommen, Position ${position} von ${count}.`,
    movedTo: (name: string, position: number, count: number) =>
      `„${name}“: Position ${position} von ${count}.`,
    dropped: (name: string, position: number, count: number) =>
      `„${name}“ abgelegt auf Position ${position} von ${count}.`,
    cancelled: (name: string) => `Verschieben von „${name}“ abgebrochen.`,
    errors: {
      notInMenu: "Dieser Eintrag steht nicht (mehr) im Katalog.",
      badPosition: "Bitte wählen Sie eine Position.",
      badIntent: "Diese Aktion gibt es nicht.",
    },
    // The preview
    previewTitle: (name: string) => `Vorschau: ${name}`,
    previewBanner: (date: string) => `Vorschau für ${date}`,
    previewHint:
      "So sehen Kundinnen und Kunden die Filiale zu diesem Zeitpunkt. Ein Warenkorb ist in der " +
      "Vorschau nicht möglich.",
    previewDate: "Datum",
    previewTime: "Uhrzeit",
    previewBranch: "Filiale",
    previewShow: "Anzeigen",
    previewNoBranch: "Dieser Katalog ist noch keiner Filiale zugeordnet.",
    previewOtherMenu: (name: string) =>
      `Zu diesem Zeitpunkt gilt in dieser Filiale ein anderer Katalog: „${name}“.`,
    previewThisMenu: "Zu diesem Zeitpunkt gilt in dieser Filiale dieser Katalog.",
    previewNoMenu: "Zu diesem Zeitpunkt gilt in dieser Filiale noch kein Katalog.",
    previewNotYet: (date: string) => `Dieser Katalog gilt erst ab ${date}.`,
    previewCartDisabled: "In der Vorschau nicht möglich",
    previewClose: "Schließen",
    previewOptions: "Auswahl",
    previewUnits: "Einheiten",
    previewOptional: "optional",
  },

  // ——— sold out today ———
  soldOut: {
    /** The storefront's badge and the back office's state (decision 036). */
    badge: "Heute ausverkauft",
    markedNotice: (name: string) => `„${name}“ ist heute ausverkauft.`,
    clearedNotice: (name: string) => `„${name}“ ist wieder verfügbar.`,
    title: "Heute ausverkauft",
    boardLink: "Heute ausverkauft",
    area: {
      label: "Heute ausverkauft",
      description: "Produkte einer Filiale bis Tagesende ausblenden, mit einem Klick.",
    },
    intro:
      "Ein Klick nimmt ein Produkt bis zum Ende des Geschäftstags aus dem Shop dieser Filiale; der Shop zeigt es binnen Sekunden.",
    branch: "Filiale",
    search: "Produkt suchen",
    show: "Anzeigen",
    noMenu: "Diese Filiale hat derzeit keine aktive Speisekarte.",
    noHits: "Kein Produkt gefunden.",
    count: (shown: number, soldOut: number) =>
      `${shown} ${shown === 1 ? "Produkt" : "Produkte"}, davon ${soldOut} heute ausverkauft`,
    tableLabel: "Produkte der aktiven Speisekarte",
    columns: { product: "Produkt", state: "Status", action: "Aktion" },
    available: "verfügbar",
    soldOutHere: (until: string) => `bis ${until} Uhr`,
    soldOutEverywhere: (until: string) => `in allen Filialen, bis ${until} Uhr`,
    mark: "Ausverkauft",
    markLabel: (name: string, branch: string) => `„${name}“ in ${branch} heute ausverkauft`,
    markAll: "Überall ausverkauft",
    // An accessible name holds the visible label (WCAG 2.5.3, issue 36): it begins with it.
    markAllLabel: (name: string) => `Überall ausverkauft: „${name}“ heute in allen Filialen`,
    clear: "Wieder verfügbar",
    clearLabel: (name: string, branch: string) => `„${name}“ in ${branch} wieder verfügbar`,
    clearAllLabel: (name: string) => `„${name}“ in allen Filialen wieder verfügbar`,
    onlyAdmins: "Nur Administratoren heben „überall ausverkauft“ auf.",
    /** The heading of the list pages' row actions (the generic hook, decision 035). */
    listActions: "Aktionen",
    /** The list's row action (products). */
    rowAction: "Heute ausverkauft",
    rowActionLabel: (name: string) => `Heute ausverkauft: „${name}“ in allen Filialen`,
    rowActionClear: "Wieder verfügbar",
    rowActionClearLabel: (name: string) => `„${name}“ wieder verfügbar`,
    errors: {
      badRequest:
        "Bitte senden Sie branchId (eine Filiale oder null für alle) und soldOut (true oder false).",
      branchId: "Bitte wählen Sie eine Filiale oder „alle Filialen“.",
      unknownBranch: "Diese Filiale gibt es nicht.",
      soldOut: "Bitte geben Sie an, ob das Produkt ausverkauft ist (true oder false).",
      allBranchesAdminOnly: "Nur Administratoren markieren ein Produkt für alle Filialen.",
      branchForbidden: "Für diese Filiale fehlt Ihnen die Berechtigung.",
      unknownProduct: "Dieses Produkt gibt es nicht (mehr).",
      failed: "Der Ausverkauft-Status konnte nicht geändert werden.",
    },
    /** The storefront: cart and checkout. */
    cartRemoved: (names: string) => `Heute ausverkauft und aus Ihrem Warenkorb entfernt: ${names}.`,
    productSoldOut: "Dieses Produkt ist heute ausverkauft.",
    checkoutSoldOut: (name: string) =>
      `„${name}“ ist heute ausverkauft. Bitte entfernen Sie es aus dem Warenkorb.`,
  },

  // ——— bulk changes and the CSV import and export ———
  bulk: {
    area: {
      label: "Preise & CSV",
      description:
        "Preise und Steuersätze vieler Produkte ändern, Produkte als CSV aus- und einlesen.",
    },
    title: "Preise und Steuersätze ändern",
    intro:
      "Produkte suchen, auswählen, die Änderung festlegen und in der Vorschau prüfen. Gespeichert wird erst nach „Änderung übernehmen“.",
    filterLabel: "Produkte filtern",
    search: "Suche",
    searchHelp: "Name oder Kennung",
    category: "Kategorie",
    categoryHelp: "in einem der Kataloge",
    tag: "Schlagwort",
    takeawayRate: "Steuersatz Abholung",
    dineInRate: "Steuersatz vor Ort",
    anyRate: "Alle Steuersätze",
    anyCategory: "Alle Kategorien",
    anyTag: "Alle Schlagwörter",
    matches: (count: number) =>
      count === 1 ? "1 Treffer" : `${count.toLocaleString("de-DE")} Treffer`,
    noMatches: "Keine Produkte gefunden.",
    shownOnly: (shown: number, total: number) =>
      `Angezeigt werden die ersten ${shown.toLocaleString("de-DE")} von ${total.toLocaleString("de-DE")} Treffern; „Alle Treffer“ ändert alle.`,
    choose: "Produkte",
    allMatches: (count: number) => `Alle Treffer (${count.toLocaleString("de-DE")})`,
    productColumn: "Produkt",
    priceColumn: "Preis",
    taxColumns: "Steuer (Lieferung / Abholung / vor Ort)",
    what: "Was ändert sich?",
    fields: {
      price: "Preis",
      tax: "Steuersatz Lieferung",
      takeawayTax: "Steuersatz Abholung",
      dineInTax: "Steuersatz vor Ort",
    },
    how: "Wie?",
    modes: {
      percent: "Um Prozent (z. B. +5 oder -2,5)",
      amount: "Um Betrag in Euro (z. B. 0,20 oder -0,10)",
      set: "Auf Wert setzen (Preis in Euro, Steuersatz in %)",
    },
    value: "Wert",
    valueHelp: "Prozent, Euro oder Steuersatz, je nach Auswahl",
    previewButton: "Vorschau anzeigen",
    previewTitle: "Vorschau",
    previewField: (label: string) => `Geändert wird: ${label}.`,
    previewTable: "Bisherige und neue Werte",
    previewCaption: (count: number) =>
      count === 1
        ? "1 Produkt wird geändert."
        : `${count.toLocaleString("de-DE")} Produkte werden geändert.`,
    rounding:
      "Gerundet wird auf ganze Cent, ab einem halben Cent aufwärts (kaufmännisch): 2,625 € werden 2,63 €.",
    before: "Bisher",
    after: "Neu",
    confirm: "Änderung übernehmen",
    back: "Zurück zur Auswahl",
    saved: (count: number) =>
      count === 1
        ? "1 Produkt wurde geändert."
        : `${count.toLocaleString("de-DE")} Produkte wurden geändert.`,
    errors: {
      title: "Die Änderung wurde nicht gespeichert.",
      noProducts: "Bitte wählen Sie mindestens ein Produkt.",
      tooManyProducts: (max: number) =>
        `Höchstens ${max.toLocaleString("de-DE")} Produkte auf einmal.`,
      unknownProduct: (id: number) => `Das Produkt ${id} existiert nicht (mehr).`,
      field: "Bitte wählen Sie Preis oder einen der drei Steuersätze.",
      mode: "Bitte wählen Sie Prozent, Betrag oder einen festen Wert.",
      taxMode: "Steuersätze werden auf einen Wert gesetzt (z. B. 7 oder 19).",
      percent: "Bitte geben Sie eine Prozentzahl zwischen -100 und 1.000 ein, z. B. 5 oder -2,5.",
      amount: "Bitte geben Sie einen Betrag wie 0,20 oder -0,10 ein.",
      price: "Bitte geben Sie einen Preis wie 2,50 ein.",
      rate: "Bitte geben Sie einen der Steuersätze 0, 7 oder 19 ein; andere Sätze nur am einzelnen Produkt.",
      belowZero: (name: string, after: string) =>
        `„${name}“: Der neue Preis ${after} läge unter 0,00 €.`,
      aboveMax: (name: string, after: string, max: string) =>
        `„${name}“: Der neue Preis ${after} läge über dem Höchstbetrag von ${max}.`,
      stale:
        "Die Produkte wurden seit der Vorschau geändert. Es wurde nichts gespeichert; bitte prüfen Sie die neue Vorschau.",
    },
    // ——— CSV ———
    csv: {
      title: "Produkte als CSV",
      exportTitle: "Exportieren",
      exportText:
        "Alle Produkte als CSV-Datei (UTF-8, Semikolon getrennt, Preise wie 12,50). Die Spalte „Version“ zeigt beim Import, ob ein Produkt seit dem Export geändert wurde.",
      exportLink: "CSV herunterladen",
      importTitle: "Importieren",
      importText:
        "Zeilen mit ID, UID oder Kennung ändern das Produkt, Zeilen ohne legen neue an. Ältere Dateien mit englischen Spalten (price, unit …) und Werten (kilogram …) werden ebenso gelesen. Leere Spalten bleiben, wie sie sind; fehlende Spalten ändern nichts. Erst der Probelauf, dann der Import: gespeichert wird alles oder nichts.",
      file: "CSV-Datei",
      fileHelp: "Höchstens 10 MB und 20.000 Zeilen",
      dryRun: "Probelauf",
      apply: "Importieren",
      dryRunTitle: "Probelauf: nichts wurde gespeichert",
      resultTitle: "Import gespeichert",
      summary: (created: number, changed: number, unchanged: number) =>
        `${created.toLocaleString("de-DE")} neu, ${changed.toLocaleString("de-DE")} geändert, ${unchanged.toLocaleString("de-DE")} unverändert.`,
      createdTitle: "Neue Produkte",
      changedTitle: "Geänderte Produkte",
      errorsTitle: (count: number) =>
        count === 1 ? "1 Fehler" : `${count.toLocaleString("de-DE")} Fehler`,
      moreErrors: (count: number) =>
        `… und ${count.toLocaleString("de-DE")} weitere Fehler (alle in der JSON-Antwort von POST /api/products/import?dryRun=1).`,
      moreRows: (count: number) => `… und ${count.toLocaleString("de-DE")} weitere.`,
      fieldColumn: "Feld",
      rowColumn: "Zeile",
      changeColumn: "Änderung",
      nothingSaved: "Es wurde nichts gespeichert.",
      emptyValue: "(leer)",
    },
    csvErrors: {
      tooLargeTitle: "CSV-Datei zu groß",
      tooLarge: (megabytes: number) =>
        `Die CSV-Datei ist zu groß (höchstens ${megabytes} MB). Bitte teilen Sie sie auf.`,
      tooManyRows: (max: number) =>
        `Die CSV-Datei hat mehr als ${max.toLocaleString("de-DE")} Zeilen. Bitte teilen Sie sie auf.`,
      noFile: "Bitte wählen Sie eine CSV-Datei.",
      notUtf8: "Die Datei ist nicht in UTF-8 gespeichert. Bitte als „CSV UTF-8“ speichern.",
      unreadable: (line: number, reason: string) =>
        `Die Datei ist keine lesbare CSV-Datei (Zeile ${line}): ${reason}`,
      empty: "Die CSV-Datei ist leer.",
      unknownColumn: (name: string) => `Unbekannte Spalte „${name}“.`,
      duplicateColumn: (name: string) => `Die Spalte „${name}“ steht doppelt in der Kopfzeile.`,
      noKeyOrName:
        "Die Kopfzeile braucht eine Spalte „name“ (für neue Produkte) oder „id“, „uid“ bzw. „identifier“.",
      row: (line: number, message: string) => `Zeile ${line}: ${message}`,
      tooManyCells: "Mehr Werte als Spalten in der Kopfzeile.",
      money: (label: string, value: string) => `${label} „${value}“ ist kein Betrag.`,
      moneyRange: (label: string, value: string) =>
        `${label} „${value}“ liegt nicht zwischen 0,00 € und 100.000,00 €.`,
      number: (label: string, value: string) => `${label} „${value}“ ist keine Zahl.`,
      positive: (label: string, value: string) =>
        `${label} „${value}“ muss größer als 0 und höchstens 1.000.000 sein (bis zu 3 Nachkommastellen).`,
      rate: (label: string, value: string) =>
        `${label} „${value}“ ist kein Steuersatz zwischen 0 und 100.`,
      boolean: (label: string, value: string) => `${label} „${value}“ ist weder „ja“ noch „nein“.`,
      choice: (label: string, value: string, allowed: string) =>
        `${label} „${value}“ ist nicht erlaubt (${allowed}).`,
      allergen: (value: string) => `Allergen „${value}“ ist unbekannt.`,
      identifier: (value: string) =>
        `Kennung „${value}“: nur Kleinbuchstaben, Ziffern und einzelne Bindestriche.`,
      tooLong: (label: string, max: number) =>
        `${label} ist zu lang (höchstens ${max.toLocaleString("de-DE")} Zeichen).`,
      markup: (label: string) => `${label}: bitte ohne spitze Klammern (< >).`,
      nameRequired: "Ein neues Produkt braucht einen Namen.",
      nameEmpty: "Der Name darf nicht leer sein.",
      id: (value: string) => `ID „${value}“ ist keine Produktnummer.`,
      uid: (value: string) => `UID „${value}“ ist keine gültige UID.`,
      unknownId: (value: string) => `Ein Produkt mit der ID ${value} gibt es nicht.`,
      unknownDepartment: (value: string, allowed: string) =>
        `Eine Abteilung „${value}“ gibt es nicht. Möglich: ${allowed} oder „${NO_DEPARTMENT}“.`,
      unknownUid: (value: string) => `Ein Produkt mit der UID ${value} gibt es nicht.`,
      keysDisagree: "id, uid und identifier nennen verschiedene Produkte.",
      duplicateRow: (line: number) => `Dasselbe Produkt steht schon in Zeile ${line}.`,
      identifierTaken: (value: string) => `Die Kennung „${value}“ hat schon ein anderes Produkt.`,
      minAboveMax: "Die Mindestmenge liegt über der Höchstmenge.",
      defaultOutside: "Die Standardmenge liegt nicht zwischen Mindest- und Höchstmenge.",
      version: (value: string) => `Version „${value}“ ist keine Versionsnummer.`,
      versionForNew: "Eine Version ohne id oder uid: das Produkt gibt es nicht.",
      conflict: (name: string) =>
        `„${name}“ wurde nach dem Export geändert (Konflikt). Bitte exportieren Sie neu und übertragen Sie Ihre Änderung.`,
      conflictTitle: "Produkte wurden seit dem Export geändert; es wurde nichts gespeichert.",
    },
    columns: {
      id: "ID",
      uid: "UID",
      identifier: "Kennung",
      name: "Name",
      description: "Beschreibung",
      type: "Typ",
      price: "Preis",
      unit: "Einheit",
      calculationModel: "Berechnung",
      taxRate: "Steuersatz Lieferung",
      takeawayTaxRate: "Steuersatz Abholung",
      dineInTaxRate: "Steuersatz vor Ort",
      minimumQuantity: "Mindestmenge",
      maximumQuantity: "Höchstmenge",
      quantityStepSize: "Schrittweite",
      defaultQuantity: "Standardmenge",
      isEnabled: "Aktiv",
      allergens: "Allergene (Freitext)",
      allergenCodes: "Allergene",
      departmentId: "Abteilung",
      version: "Version",
    },
  },
};
