/**
 * The storefront's catalogue of German texts; the checkout's and the status page's are in
 * `de-checkout.ts` and `de-order-status.ts`, so that the menu's scripts do not carry them.
 * Wording from the specification is kept word for word, including sentences it quotes without a
 * closing full stop; texts marked "own wording" are not in the specification. Placeholders are
 * filled by the small functions beside the strings.
 */
export const de = {
  shell: {
    skipToContent: "Zum Inhalt springen",
    home: "Startseite",
    onlineOrdering: "Online Bestellen",
    copyright: (year: number, business: string) => `© ${year} ${business}`,
    /** Own wording (decision 039): the landmark of the header's navigation. */
    headerNavigation: "Hauptnavigation",
    footerNavigation: "Rechtliches",
    terms: "AGB",
    privacy: "Datenschutz",
    imprint: "Impressum",
    allergens: "Allergene",
    accessibility: "Barrierefreiheit",
    /** Own wording: the screen-reader hint on links that open a new tab. */
    newTab: "(öffnet in neuem Tab)",
    /** Own wording: the toolbar's landmark name. */
    toolbar: "Standortstatus",
  },
  home: {
    branchesHeading: "Unsere Filialen",
    inactive: "Derzeit nicht verfügbar",
    directions: "Route planen",
    toBranch: (name: string) => `Zur Filiale ${name}`,
    /** Own wording for the search and tag filter controls. */
    searchLabel: "Filiale suchen",
    searchPlaceholder: "Name, Straße, Ort oder PLZ",
    searchButton: "Suchen",
    tagLabel: "Nach Merkmal filtern",
    allTags: "Alle Filialen",
    filterButton: "Filtern",
    resetFilter: "Filter zurücksetzen",
    filterHeading: "Filialen finden",
    /** Own wording: a branch card's order status (issue 17). */
    orderStates: {
      open: "Online-Bestellung möglich",
      preorder: "Vorbestellung möglich",
      quotation: "Angebotsanfrage möglich",
      closed: "Derzeit keine Online-Bestellung",
    },
  },
  /** Own wording: the division page (spec section 2). */
  division: {
    notFound: "Diesen Bereich gibt es nicht.",
  },
  consent: {
    /** Own wording: the banner's text about cookies. */
    heading: "Cookies",
    text: "Wir verwenden Cookies, damit Warenkorb und Bestellung funktionieren, und mit Ihrer Zustimmung für anonyme Statistiken und die Kartenansicht. Ohne Ihre Zustimmung bleibt es bei den notwendigen Cookies.",
    learnMore: "Mehr erfahren",
    accept: "Akzeptieren",
  },
  /** The branch page's hours and reservation teaser (issue 17, decision 048). */
  branchHours: {
    heading: "Zeiten und Kontakt",
    /** Spec (section 2). */
    openingHours: "Öffnungszeiten",
    /** Own wording for the spec's "delivery hours". */
    deliveryHours: "Lieferzeiten",
    choose: "Welche Zeiten anzeigen?",
    day: "Tag",
    hours: "Zeiten",
    deliveryFollowsOpening: "Wir liefern während unserer Öffnungszeiten.",
    address: "Adresse",
    reservationHeading: "Tisch reservieren",
    reservationText: "Reservieren Sie Ihren Tisch gerne telefonisch:",
    call: (phone: string) => `${phone} anrufen`,
  },
  sites: {
    /** Own wording: the marker on a site that is not public yet. */
    draft: "Entwurf",
    draftNote: "Diese Seite ist noch nicht veröffentlicht.",
  },
  meta: {
    /** Own wording: the Open Graph site type and image description. */
    imageAlt: (shop: string) => `Logo von ${shop}`,
  },
  kiosk: {
    /** The idle screen of the self-service context. */
    idle: "Tippen um zu bestellen",
  },
  landing: {
    /** Own wording, except 'Öffnungszeiten' (spec section 2) and the button texts noted. */
    orderNow: "Jetzt bestellen",
    bookCourses: "Kurse buchen",
    coursesHeading: "Kurse",
    courseDetails: (name: string) => `Details zu ${name}`,
    newsHeading: "Neuigkeiten",
    galleryHeading: "Galerie",
    contactHeading: "Kontakt",
    phone: "Telefon",
    email: "E-Mail",
    website: "Website",
    address: "Adresse",
    openingHours: "Öffnungszeiten",
    day: "Tag",
    hours: "Zeiten",
    map: "Karte",
    mapConsent: "Die Karte wird angezeigt, sobald Sie Cookies akzeptiert haben.",
    close: "Schließen",
    previous: "Zurück",
    next: "Weiter",
    counter: (current: number, total: number) => `${current} / ${total}`,
    openImage: (current: number, total: number) => `Bild ${current} von ${total} öffnen`,
    thumbnails: "Alle Bilder",
    reopenNews: "Neuigkeiten anzeigen",
    newsOf: (current: number, total: number) => `Neuigkeit ${current} von ${total}`,
  },
  menu: {
    heading: "Speisekarte",
    noMenu: "Für diese Filiale ist derzeit keine Speisekarte verfügbar.",
    approximate: "ca.",
    minimum: "ab",
    perUnit: (unit: string) => `pro ${unit}`,
    priceOnRequest: "Preis auf Anfrage",
    unavailable: "Derzeit nicht verfügbar",
    leadTime: (text: string) => `Vorlaufzeit: ${text}`,
    /** Own wording: the lead time's units on a menu row ('Vorlaufzeit: 2 Tage'). */
    leadTimeUnits: {
      minutes: { one: "Minute", many: "Minuten" },
      hours: { one: "Stunde", many: "Stunden" },
      days: { one: "Tag", many: "Tage" },
      weeks: { one: "Woche", many: "Wochen" },
    },
    bundle: "Paket",
    /** Own wording from here on in this group. */
    categoryBar: "Kategorien",
    choose: (name: string) => `${name} auswählen`,
    chooseShort: "Auswählen",
    /** The one-tap button of a simple product (a '+' on screen). */
    quickAdd: (name: string) => `${name} hinzufügen`,
    search: "Speisekarte durchsuchen",
    searchPlaceholder: "z. B. Brötchen, vegan",
    searchSubmit: "Suchen",
    /** Spec (section 8): a search without hits. */
    noResults: "Leider wurden keine Ergebnisse gefunden.",
    searchCount: (count: number) =>
      count === 1 ? "1 Produkt gefunden" : `${count} Produkte gefunden`,
    /** Told when an open menu page took up a changed menu (spec section 4; own wording). */
    refreshed: "Die Speisekarte wurde aktualisiert.",
    unknownBranch: "Diese Filiale gibt es nicht.",
    unknownProduct: "Dieses Produkt gibt es in der Speisekarte dieser Filiale nicht.",
    productUnavailable: "Dieses Produkt ist derzeit nicht verfügbar.",
  },
  /** Own wording except where the specification quotes it (marked). */
  cartPanel: {
    heading: "Warenkorb",
    /** The sticky bar at the foot of a phone's screen: '3 Produkte · 12,40 € · Warenkorb'. */
    barCount: (count: string, isOne: boolean) => (isOne ? "1 Produkt" : `${count} Produkte`),
    barOpen: "Warenkorb",
    /** Read after 'Warenkorb' by a screen reader only: the bar's name is its visible words (issue 36). */
    barOpenHidden: " öffnen",
    barLabel: (summary: string) => `Warenkorb öffnen: ${summary}`,
    /** Spec. */
    toggle: "Warenkorb öffnen/ausblenden",
    /** Spec. */
    deliveryType: "Art der Lieferung",
    /** Spec. */
    deliveryTypes: { takeaway: "Takeaway", delivery: "Lieferung", "dine-in": "Dine In" },
    /** Spec. */
    deliveryArea: "Liefergebiet",
    chooseArea: "Bitte wählen",
    apply: "Übernehmen",
    /** Spec. */
    costs: "Kosten",
    /** Spec. */
    deliveryCosts: "Lieferkosten",
    /** Spec. */
    total: "Gesamt",
    free: "kostenlos",
    /** Spec. */
    checkout: "Jetzt bestellen",
    quantity: (name: string) => `Menge von ${name}`,
    changeQuantity: "Menge ändern",
    edit: "Bearbeiten",
    editItem: (name: string) => `${name} bearbeiten`,
    remove: "Entfernen",
    removeItem: (name: string) => `${name} entfernen`,
    priceFollows: "Der endgültige Preis folgt mit unserem Angebot.",
    approximateNote: "Der Endpreis richtet sich nach dem tatsächlichen Gewicht oder Aufwand.",
    /** Spec. */
    added: "Produkt zum Warenkorb hinzugefügt.",
    updated: "Der Warenkorb wurde aktualisiert.",
    removed: "Das Produkt wurde aus dem Warenkorb entfernt.",
    menuChanged: (names: string) =>
      `Die Speisekarte hat sich geändert. Folgende Produkte wurden aus Ihrem Warenkorb entfernt: ${names}.`,
    unknownItem: "Dieses Produkt ist nicht (mehr) in Ihrem Warenkorb.",
    badRequest: "Die Anfrage konnte nicht verarbeitet werden. Bitte versuchen Sie es erneut.",
    deliveryTypeUnavailable: "Diese Art der Lieferung bietet die Filiale nicht an.",
    unknownArea: "Bitte wählen Sie ein Liefergebiet dieser Filiale.",
    tamperedCookie:
      "Ihr Warenkorb konnte nicht gelesen werden und wurde neu angelegt. Bitte fügen Sie Ihre Produkte erneut hinzu.",
    files: (count: number) => (count === 1 ? "1 Datei" : `${count} Dateien`),
    /** Too many new carts from one address within a minute (issue 35). */
    tooManyNewCarts: (seconds: number) =>
      `Von Ihrem Anschluss wurden gerade sehr viele Warenkörbe angelegt. Bitte versuchen Sie es in ${seconds} Sekunden erneut.`,
  },
  /** Own wording. */
  itemDialog: {
    /** Own wording: the EU allergens a product contains, before the shop's free text. */
    contains: (allergens: string) => `Enthält: ${allergens}.`,
    close: "Schließen",
    cancel: "Abbrechen",
    back: "Zurück",
    next: "Weiter",
    save: "In den Warenkorb",
    saveChanges: "Änderungen speichern",
    quantity: "Menge",
    unit: "Einheit",
    decrease: "Menge verringern",
    increase: "Menge erhöhen",
    optional: "optional",
    noChoice: "Keine Auswahl",
    step: (current: number, total: number) => `Schritt ${current} von ${total}`,
    keepUpload: (name: string) => `${name} behalten`,
    required: "Bitte füllen Sie dieses Feld aus.",
    chooseOne: "Bitte wählen Sie eine Option aus.",
    chooseAtLeastOne: "Bitte wählen Sie mindestens eine Option aus.",
    uploadAtLeastOne: "Bitte laden Sie mindestens eine Datei hoch.",
    unknownOption: "Diese Option gibt es für dieses Produkt nicht.",
    oneOptionOnly: "Bitte wählen Sie nur eine Option aus.",
    oneFileOnly: "Bitte laden Sie nur eine Datei hoch.",
    textTooLong: (max: number) => `Bitte geben Sie höchstens ${max} Zeichen ein.`,
    notANumber: "Bitte geben Sie eine Menge als Zahl ein, zum Beispiel 1 oder 0,5.",
    quantityRange: (minimum: string, maximum: string, step: string) =>
      `Bitte wählen Sie eine Menge von ${minimum} bis ${maximum} in Schritten von ${step}.`,
    unknownUnit: "Dieses Produkt wird in dieser Einheit nicht verkauft.",
    fixErrors: "Bitte prüfen Sie Ihre Angaben.",
    priceOnRequest: "Der Preis folgt mit unserem Angebot.",
  },
  /** Own wording except where the specification quotes it (marked). */
  uploads: {
    /** Spec (section 8): the file cannot be processed, possibly too large or of unknown type. */
    failed: (fileName: string) =>
      `Die Datei „${fileName}“ konnte nicht verarbeitet werden. Möglicherweise ist sie zu groß oder hat ein nicht erkanntes Format.`,
    /** Own wording. */
    allowed: (extensions: string, maxMegabytes: number) =>
      `Erlaubt: ${extensions}, höchstens ${maxMegabytes} MB je Datei.`,
    tooLarge: "Die Anfrage ist zu groß. Bitte laden Sie kleinere Dateien hoch.",
    /** Own wording (decision 037): the preview picture of a chosen file. */
    previewAlt: (name: string) => `Vorschau: ${name}`,
    /** Own wording (decision 027): the cart's files together. */
    cartQuota: (maxFiles: number, maxMegabytes: number) =>
      `Ein Warenkorb kann höchstens ${maxFiles} Dateien mit zusammen ${maxMegabytes} MB aufnehmen. Bitte entfernen Sie zuerst Dateien oder laden Sie kleinere hoch.`,
    /** Own wording (decision 027): the files from one address in the last hour. */
    addressQuota:
      "Von Ihrem Anschluss wurden in der letzten Stunde zu viele Dateien hochgeladen. Bitte versuchen Sie es später noch einmal.",
  },
  /** A request body above the limit for its address (decision 027). */
  requestBody: {
    tooLargeTitle: "413 Anfrage zu groß",
    tooLarge:
      "Die Anfrage ist zu groß und wurde nicht verarbeitet. Bitte senden Sie weniger Daten oder kleinere Dateien.",
    backHome: "Zur Startseite",
  },
  errors: {
    notFoundTitle: "404 Not Found",
    notFoundText: "Die angeforderte Seite wurde leider nicht gefunden.",
    internalTitle: "500 Internal Server Error",
    internalText: "Leider ist ein interner Fehler aufgetreten.",
    backHome: "Zur Startseite",
    forbiddenTitle: "Zugriff verweigert",
    forbidden: "Sie haben keine Berechtigung für diese Seite oder Aktion.",
    badRequestTitle: "Ungültige Anfrage",
    badRequest:
      "Die Anfrage enthält ungültige Werte und konnte nicht bearbeitet werden. Bitte prüfen Sie Ihre Eingaben.",
    badAddress: "Diese Adresse enthält ungültige Zeichen.",
    crossSite:
      "Diese Anfrage kam nicht von unserer Seite und wurde deshalb abgelehnt. Bitte laden Sie die Seite neu und versuchen Sie es erneut.",
    apiNotFound: "Diese Schnittstelle gibt es nicht.",
    methodNotAllowed: "Diese Adresse nimmt diese Anfrageart nicht an.",
    methodNotAllowedTitle: "Anfrageart nicht erlaubt",
    /** `?_data`: the data requests of Remix before single fetch, which this shop never makes. */
    dataParameter: "Diese Adresse enthält einen Parameter, den der Shop nicht annimmt.",
    /** Own wording: the database is away for a moment (a restart); 503 with Retry-After. */
    unavailableTitle: "Gerade nicht erreichbar",
    unavailableText:
      "Der Shop ist gerade nicht erreichbar. Bitte versuchen Sie es in wenigen Sekunden erneut.",
  },
  /** The shared checks of app/domain/values.ts. */
  values: {
    invalidId: "Ungültige Nummer.",
    invalidDate: "Ungültiges Datum.",
    invalidTime: "Ungültige Uhrzeit.",
  },
  format: {
    yes: "Ja",
    no: "Nein",
    empty: "-",
    ellipsis: "…",
  },
  weekdays: {
    monday: "Montag",
    tuesday: "Dienstag",
    wednesday: "Mittwoch",
    thursday: "Donnerstag",
    friday: "Freitag",
    saturday: "Samstag",
    sunday: "Sonntag",
  },
  /** Name, and the short forms shown after a number (singular, plural). */
  units: {
    piece: { name: "Stück", short: "Stk.", shortPlural: "Stk." },
    serving: { name: "Portion", short: "Portion", shortPlural: "Portionen" },
    pair: { name: "Paar", short: "Paar", shortPlural: "Paar" },
    person: { name: "Person", short: "Person", shortPlural: "Personen" },
    package: { name: "Packung", short: "Packung", shortPlural: "Packungen" },
    gram: { name: "Gramm", short: "g", shortPlural: "g" },
    decagram: { name: "10 Gramm", short: "10 g", shortPlural: "10 g" },
    kilogram: { name: "Kilogramm", short: "kg", shortPlural: "kg" },
    ml: { name: "Milliliter", short: "ml", shortPlural: "ml" },
    cl: { name: "Zentiliter", short: "cl", shortPlural: "cl" },
    dl: { name: "Deziliter", short: "dl", shortPlural: "dl" },
    l: { name: "Liter", short: "l", shortPlural: "l" },
    mm: { name: "Millimeter", short: "mm", shortPlural: "mm" },
    cm: { name: "Zentimeter", short: "cm", shortPlural: "cm" },
    dm: { name: "Dezimeter", short: "dm", shortPlural: "dm" },
    m: { name: "Meter", short: "m", shortPlural: "m" },
    km: { name: "Kilometer", short: "km", shortPlural: "km" },
    mm2: { name: "Quadratmillimeter", short: "mm²", shortPlural: "mm²" },
    cm2: { name: "Quadratzentimeter", short: "cm²", shortPlural: "cm²" },
    dm2: { name: "Quadratdezimeter", short: "dm²", shortPlural: "dm²" },
    m2: { name: "Quadratmeter", short: "m²", shortPlural: "m²" },
    mm3: { name: "Kubikmillimeter", short: "mm³", shortPlural: "mm³" },
    cm3: { name: "Kubikzentimeter", short: "cm³", shortPlural: "cm³" },
    dm3: { name: "Kubikdezimeter", short: "dm³", shortPlural: "dm³" },
    m3: { name: "Kubikmeter", short: "m³", shortPlural: "m³" },
  },
  calculationModels: {
    fixed: "Fix",
    approximate: "ca.",
    minimum: "ab",
  },
  cart: {
    empty: "Keine Produkte im Warenkorb",
    one: "1 Produkt im Warenkorb",
    many: (count: string) => `${count} Produkte im Warenkorb`,
  },
  delivery: {
    minimumNotReached: (amount: string) =>
      `Sie haben den Mindestbestellwert in Höhe von ${amount} leider noch nicht erreicht.`,
    addGoodsOrChangeType: (amount: string) =>
      `Fügen Sie Waren im Wert von mindestens ${amount} hinzu oder wählen Sie eine andere Art der Lieferung.`,
    freeFrom: (amount: string) => `Kostenlose Lieferung ab ${amount}.`,
    /** Own wording (decision 045): the area lists postcodes and the address names none. */
    postcodeMissing: (postcodes: string) =>
      `Bitte geben Sie die Postleitzahl vor dem Ort an (in dieses Liefergebiet liefern wir an ${postcodes}).`,
    /** Own wording: the address lies outside the area's postcodes. */
    postcodeOutside: (postcode: string, area: string, postcodes: string) =>
      `Leider liefern wir nicht an die Postleitzahl ${postcode}: Das Liefergebiet „${area}“ umfasst nur ${postcodes}. Bitte wählen Sie ein anderes Liefergebiet oder eine andere Art der Lieferung.`,
    /** Own wording: what the area select shows beside each area's name. */
    areaOption: (name: string, fee: string, minimum: string | null) =>
      `${name} – Lieferung ${fee}${minimum ? `, Mindestbestellwert ${minimum}` : ""}`,
    areaFree: "kostenlos",
  },
  openingHours: {
    heading: "Öffnungszeiten",
    /** Own wording: the label of the toggle's second table. */
    deliveryHeading: "Lieferzeiten",
    closedDay: "Geschlossen",
    /** Own wording: how one range reads in the weekly table. */
    range: (from: string, to: string) => `${from} – ${to}`,
    rangeSeparator: ", ",
  },
  notices: {
    closed: "Derzeit haben wir leider geschlossen.",
    reopensToday: (time: string) =>
      `Derzeit haben wir leider geschlossen. Wir öffnen wieder um ${time} Uhr`,
    reopensOn: (day: string, time: string) =>
      `Derzeit haben wir leider geschlossen. Wir öffnen wieder am ${day} um ${time} Uhr`,
    preorder: "Sie können aber gerne für einen späteren Zeitpunkt vorbestellen.",
    noDelivery: "Derzeit bieten wir leider keine Lieferung an.",
    deliveryResumesToday: (time: string) =>
      `Derzeit ist leider keine Lieferung möglich. Wir liefern wieder ab ${time} Uhr`,
    deliveryResumesOn: (day: string, time: string) =>
      `Derzeit ist leider keine Lieferung möglich. Wir liefern wieder am ${day} ab ${time} Uhr`,
  },
  toolbar: {
    openUntil: (time: string) => `Geöffnet bis ${time}`,
    closed: "Geschlossen",
    branchesOpen: (count: number) =>
      count === 1 ? "1 Standort geöffnet" : `${count} Standorte geöffnet`,
    allClosed: "Alle Standorte geschlossen",
  },
  appointment: {
    required: "Bitte wählen Sie einen Termin aus.",
    outsideHours:
      "Zum ausgewählten Zeitpunkt haben wir leider geschlossen. Bitte wählen Sie einen Termin während unserer Öffnungszeiten.",
    noTimesOnDay: "Zum ausgewählten Tag sind keine Termine verfügbar.",
    /** Own wording: the lead time of the cart's products is not yet over. */
    tooEarly: (dateTime: string) => `Bitte wählen Sie einen Termin ab ${dateTime} Uhr.`,
    /** Own wording: later than the slot horizon. */
    tooLate: (days: number) => `Bitte wählen Sie einen Termin innerhalb der nächsten ${days} Tage.`,
  },
  phone: {
    invalid: (example: string) => `Bitte geben Sie eine gültige Nummer im Format ${example} an.`,
  },
  search: {
    resultCount: (shown: number, total: number) => `${shown} von ${total} Filialen`,
    noResults: "Leider wurden keine Ergebnisse gefunden.",
  },
  /** The installable app (issue 19, spec section 2; helper "pwa", decision 052). */
  pwa: {
    offlineHeading: "Sie sind offline",
    offlineText: "Bitte überprüfen Sie Ihre Internetverbindung.",
    offlineRetry: "Erneut versuchen",
    updateHeading: "Ein Update wurde installiert!",
    updateText: "Starten Sie die App neu um die aktuelle Version zu erhalten.",
    updateRestart: "App neustarten",
    promptHeading: (shop: string) => `${shop} als App installieren?`,
    promptText: (shop: string) =>
      `Fügen Sie diese App zu Ihrem Homescreen hinzu und bestellen Sie zukünftig noch leichter bei ${shop}.`,
    promptInstall: "Installieren",
    promptDismiss: "Jetzt nicht",
    browserHeading: "Fast geschafft!",
    browserText: "Bestätigen Sie die Installation im Dialog Ihres Browsers.",
    finish: "Installation abschliessen",
    finishing: "Installation läuft",
    cancelShort: "Abbrechen",
    cancel: "Installation abbrechen",
    iosHeading: "App installieren",
    iosText: "Tippen Sie auf das Teilen-Symbol und wählen Sie „Zum Home-Bildschirm“.",
    iosIpad: "Auf dem iPad finden Sie das Teilen-Symbol oben in der Adressleiste.",
    iosIphone: "Auf dem iPhone finden Sie das Teilen-Symbol unten am Bildschirmrand.",
    iosImage: "Das Teilen-Symbol: ein Quadrat mit einem Pfeil nach oben",
    iosArrow: "Das Teilen-Symbol finden Sie unten",
    otherHeading: "App installieren",
    otherText:
      "Ihr Browser unterstützt die automatische Installation leider nicht. Fügen Sie die App bitte manuell über das Menü Ihres Browsers zum Startbildschirm hinzu.",
    footerLink: "App installieren",
    promoHeading: "Beim nächsten Mal noch schneller",
    promoText: (shop: string) =>
      `Installieren Sie ${shop} als App auf Ihrem Startbildschirm und bestellen Sie mit einem Tipp.`,
    promoButton: "App installieren",
    offlinePageTitle: "Offline",
  },
  /** Visitor analytics (issue 19, decision 054): the answers of POST /api/analytics-log. */
  analytics: {
    unknownType: "Diese Ereignisart gibt es nicht.",
    tooLong: (max: number) => `Höchstens ${max} Zeichen.`,
    badData: "Die Zusatzdaten müssen ein flaches Objekt mit höchstens 16 kurzen Werten sein.",
    badBody: "Die Anfrage muss ein JSON-Objekt mit einer Ereignisart (type) sein.",
    tooMany: "Zu viele Ereignisse. Bitte später erneut versuchen.",
  },
} as const;

export type Texts = typeof de;
