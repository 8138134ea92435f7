/**
 * The texts of the back office's resource pages (decision 035): field messages of the field
 * registry, the list and edit pages' frame, and each resource's names and the spec's section 8
 * messages ('Tags konnten nicht geladen werden.'). Part of the one catalogue: `de-staff.ts`
 * re-exports it.
 */

/** The spec's pattern: 'X konnte nicht geladen/erstellt/aktualisiert/gelöscht werden.' */
function failures(plural: string, singular: string, pluralVerb = "konnten", verb = "konnte") {
  return {
    list: `${plural} ${pluralVerb} nicht geladen werden.`,
    load: `${singular} ${verb} nicht geladen werden.`,
    create: `${singular} ${verb} nicht erstellt werden.`,
    update: `${singular} ${verb} nicht aktualisiert werden.`,
    delete: `${singular} ${verb} nicht gelöscht werden.`,
  };
}

export interface ResourceTexts {
  /** 'Tags' */
  plural: string;
  /** 'Tag' */
  singular: string;
  /** 'Neuer Tag' */
  newTitle: string;
  /** 'Noch keine Tags angelegt.' */
  empty: string;
  errors: ReturnType<typeof failures>;
  created: string;
  updated: string;
  deleted: string;
}

export function resource(
  plural: string,
  singular: string,
  options: { newTitle: string; article: "der" | "die" | "das"; pluralVerb?: string; verb?: string },
): ResourceTexts {
  const subject = `${options.article.charAt(0).toUpperCase()}${options.article.slice(1)} ${singular}`;
  return {
    plural,
    singular,
    newTitle: options.newTitle,
    empty: `Noch keine ${plural} angelegt.`,
    errors: failures(plural, singular, options.pluralVerb, options.verb),
    created: `${subject} wurde angelegt.`,
    updated: `${subject} wurde gespeichert.`,
    deleted: `${subject} wurde gelöscht.`,
  };
}

export const de = {
  fields: {
    required: "Bitte füllen Sie dieses Feld aus.",
    tooLong: (max: number) => `Höchstens ${max.toLocaleString("de-DE")} Zeichen.`,
    tooShort: (min: number) => `Mindestens ${min} Zeichen.`,
    markup: "Bitte ohne spitze Klammern (< >).",
    identifier:
      "Nur Kleinbuchstaben, Ziffern und einzelne Bindestriche, zum Beispiel 'filiale-mitte'.",
    email: "Bitte geben Sie eine gültige E-Mail-Adresse ein.",
    url: "Bitte geben Sie eine Adresse ein, die mit https:// oder / beginnt.",
    linkUnsafe:
      "Bitte geben Sie eine Adresse ein, die mit https:// oder genau einem / beginnt, ohne Leerzeichen, Steuerzeichen und Backslash (\\).",
    phone: "Bitte geben Sie eine gültige Telefonnummer ein.",
    color: "Bitte geben Sie eine Farbe wie #E0CBA2 ein.",
    digits: "Bitte nur Ziffern eingeben.",
    postcodes: "Bitte Postleitzahlen durch Komma getrennt eingeben, zum Beispiel '1010, 1020'.",
    number: "Bitte geben Sie eine Zahl ein.",
    wholeNumber: "Bitte geben Sie eine ganze Zahl ein.",
    atLeast: (min: number) => `Mindestens ${min.toLocaleString("de-DE")}.`,
    atMost: (max: number) => `Höchstens ${max.toLocaleString("de-DE")}.`,
    money: "Bitte geben Sie einen Betrag wie 2,50 ein.",
    /** The JSON API's amounts are whole cents (issue 38). */
    cents: "Bitte geben Sie den Betrag in Cent als ganze Zahl an (z. B. 250 für 2,50 €).",
    moneyRange: "Der Betrag muss zwischen 0,00 € und 100.000,00 € liegen.",
    boolean: "Bitte wählen Sie ja oder nein.",
    choice: "Bitte wählen Sie einen der angebotenen Werte.",
    date: "Bitte geben Sie ein Datum ein.",
    time: "Bitte geben Sie eine Uhrzeit wie 08:30 ein.",
    reference: "Bitte wählen Sie einen vorhandenen Eintrag.",
    unknownReference: "Dieser Eintrag existiert nicht (mehr).",
    invalidFilter: "Dieser Filterwert ist ungültig.",
    tooMany: "Zu viele Einträge.",
    duplicate: "Dieser Wert ist schon vergeben.",
    none: "– keine Auswahl –",
    notAnImage: "Diese Datei ist kein Bild. Bitte wählen Sie ein JPEG-, PNG- oder WebP-Bild.",
    imageTooLarge: "Dieses Bild ist zu groß. Höchstens 10 MB je Bild.",
    imageTooMany: "Zu viele Bilder auf einmal (höchstens 10, bei einem Einzelbild eines).",
    uploadImage: "Bild hochladen",
    uploadImages: "Bilder hochladen",
    removeImage: "Entfernen",
    imageAlt: "Bildbeschreibung (Alternativtext)",
    noImage: "Noch kein Bild.",
  },
  resources: {
    list: {
      search: "Suchen",
      searchLabel: (plural: string) => `${plural} durchsuchen`,
      filter: "Filtern",
      reset: "Zurücksetzen",
      create: "Neu anlegen",
      edit: (name: string) => `${name} bearbeiten`,
      noHits: "Leider wurden keine Ergebnisse gefunden.",
      page: (page: number, count: number) => `Seite ${page} von ${count}`,
      previous: "Zurück",
      next: "Weiter",
      total: (count: number) =>
        count === 1 ? "1 Eintrag" : `${count.toLocaleString("de-DE")} Einträge`,
      pagination: "Seiten",
      branch: "Filiale",
    },
    edit: {
      save: "Speichern",
      create: "Anlegen",
      cancel: "Abbrechen",
      delete: "Löschen",
      back: (plural: string) => `Zurück zu ${plural}`,
      confirmDelete: (name: string) => `„${name}“ wirklich löschen?`,
      confirmDeleteHint: "Das kann nicht rückgängig gemacht werden.",
      yesDelete: "Ja, löschen",
      stale:
        "Jemand anderes hat diesen Eintrag inzwischen geändert. Ihre Änderungen wurden nicht " +
        "gespeichert; unten sehen Sie den aktuellen Stand.",
      staleApi: "Der Eintrag wurde inzwischen geändert. Bitte laden Sie ihn neu.",
      inUse: (what: string) => `Kann nicht gelöscht werden: ${what}`,
      notFound: "Dieser Eintrag existiert nicht (mehr).",
      badRequest: "Die Anfrage konnte nicht gelesen werden.",
      forbidden: "Dafür fehlt Ihnen die Berechtigung.",
      lastChanged: "Zuletzt geändert",
    },
    tags: resource("Tags", "Tag", { newTitle: "Neuer Tag", article: "der" }),
    tables: resource("Tische", "Tisch", { newTitle: "Neuer Tisch", article: "der" }),
    // Digital signage (issue 22, decision 060): the spec's section 8 names.
    signageSegments: resource("Filmsequenzen", "Filmsequenz", {
      newTitle: "Neue Filmsequenz",
      article: "die",
    }),
    signageStreams: resource("Streams", "Stream", { newTitle: "Neuer Stream", article: "der" }),
    signageDevices: resource("TVs", "TV", { newTitle: "Neuer TV", article: "der" }),
    projects: resource("Projekte", "Projekt", { newTitle: "Neues Projekt", article: "das" }),
    tasks: resource("Aufgaben", "Aufgabe", { newTitle: "Neue Aufgabe", article: "die" }),
    donatees: resource("Spendenempfänger", "Spendenempfänger", {
      newTitle: "Neuer Spendenempfänger",
      article: "der",
    }),
    divisions: resource("Organisationen", "Organisation", {
      newTitle: "Neue Organisation",
      article: "die",
    }),
    departments: resource("Abteilungen", "Abteilung", {
      newTitle: "Neue Abteilung",
      article: "die",
    }),
    branches: resource("Filialen", "Filiale", { newTitle: "Neue Filiale", article: "die" }),
    categories: resource("Kategorien", "Kategorie", {
      newTitle: "Neue Kategorie",
      article: "die",
    }),
    products: resource("Produkte", "Produkt", { newTitle: "Neues Produkt", article: "das" }),
    "product-groups": resource("Produktgruppen", "Produktgruppe", {
      newTitle: "Neue Produktgruppe",
      article: "die",
    }),
    // The spec's section 8 calls menus "catalogues" ('Kataloge konnten nicht geladen werden.').
    menus: resource("Kataloge", "Katalog", { newTitle: "Neuer Katalog", article: "der" }),
    // Content blocks of the landing page (issue 16, decision 040).
    blocks: resource("Inhalte", "Inhalt", { newTitle: "Neuer Inhalt", article: "der" }),
    settings: {
      ...resource("Einstellungen", "Einstellungen", {
        newTitle: "Einstellungen",
        article: "die",
        verb: "konnten",
      }),
      errors: {
        list: "Einstellungen konnten nicht geladen werden.",
        load: "Einstellungen konnten nicht geladen werden.",
        create: "Einstellungen konnten nicht gespeichert werden.",
        update: "Einstellungen konnten nicht gespeichert werden.",
        delete: "Einstellungen konnten nicht gespeichert werden.",
      },
      updated: "Die Einstellungen wurden gespeichert.",
    },
  },
  settings: {
    title: "Einstellungen",
    preview: "Vorschau der Rechtstexte",
    previewButton: "Vorschau anzeigen",
    previewHint: "Die Vorschau speichert nichts.",
    sections: {
      names: "Namen und Texte",
      legal: "Rechtliches",
      plugins: "Funktionen",
      payments: "Zahlungsarten",
      map: "Karte",
      operation: "Betrieb",
      consent: "Cookie-Hinweis",
      orderButton: "Bestellabschluss (§ 312j BGB)",
      analytics: "Statistik und Pixel",
      privacy: "Datenschutz (Kundendaten)",
    },
    /** Visitor analytics and the social-media pixel (issue 19, decision 054). */
    analytics: {
      pixelId: "Social-Media-Pixel-ID",
      pixelIdHelp:
        "Die Pixel-ID von Meta (nur Ziffern). Der Pixel lädt erst, nachdem Besucher Cookies akzeptiert haben. Leer: kein Pixel.",
      retentionDays: "Rohdaten aufbewahren (Tage)",
      retentionDaysHelp:
        "Einzelne Seitenaufrufe und Ereignisse werden nach so vielen Tagen gelöscht, sobald die Tagesstatistik berechnet ist (1 bis 3650). Die Tagesstatistik bleibt.",
    },
    /** Personal data that expires (decision 112). */
    privacyRetention: {
      days: "Kundendaten löschen nach … Tagen",
      daysHelp:
        "Tage nach Abschluss, Stornierung oder Ablehnung einer Bestellung (30 bis 3650). Danach werden Name, E-Mail, Telefon, Adresse, Anmerkungen, Texte auf Artikeln und hochgeladene Fotos entfernt, ebenso gesendete E-Mails und SMS; Artikel, Preise, Steuern und Zahlungsdaten bleiben. Leer: Kundendaten bleiben erhalten.",
    },
    /** The cookie banner's buttons (decision 047). */
    consent: {
      accept: "Beschriftung „Akzeptieren“",
      acceptHelp: "Knopf, der alle Cookies erlaubt (Statistik, Karte). Höchstens 40 Zeichen.",
      decline: "Beschriftung „Ablehnen“",
      declineHelp:
        "Knopf, der nur notwendige Cookies erlaubt; gleich groß wie „Akzeptieren“. Höchstens 40 Zeichen.",
    },
    orderButton: {
      order: "Beschriftung „Bestellung abschicken“",
      orderHelp:
        "Leer: „Bestellung abschicken“. Nach § 312j BGB muss die Schaltfläche eindeutig sagen, dass die Bestellung etwas kostet, zum Beispiel „Zahlungspflichtig bestellen“.",
      preorder: "Beschriftung „Vorbestellung abschicken“",
      preorderHelp: "Leer: „Vorbestellung abschicken“.",
      notice: "Hinweis über der Schaltfläche",
      noticeHelp:
        "Leer: „Mit einem Klick auf … bestellen Sie verbindlich und zahlungspflichtig.“ mit dem Gesamtbetrag. Bei Angebotsanfragen erscheint kein Hinweis.",
    },
    shopName: "Name des Shops",
    shopNameHelp: "Steht im Kopf jeder Seite und in den E-Mails.",
    businessName: "Firmenname",
    shopTitle: "Titel",
    description: "Beschreibung",
    seoTitle: "Titel für Suchmaschinen",
    seoTitleHelp: "Leer lassen, um den Titel oder den Namen des Shops zu verwenden.",
    seoDescription: "Beschreibung für Suchmaschinen",
    website: "Website",
    currency: "Währung",
    color: "Farbe",
    colorHelp: "Hauptfarbe des Shops als #RRGGBB, zum Beispiel #E0CBA2.",
    defaultDeliveryMethod: "Voreingestellte Bestellart",
    methods: { takeaway: "Abholung", delivery: "Lieferung", dineIn: "Vor Ort" },
    disableTickets: "Keine Bestellnummern (Tickets) vergeben",
    disableTicketsHelp: "Kunden sehen dann keine Abholnummer.",
    terms: "AGB",
    privacy: "Datenschutz",
    imprint: "Impressum",
    allergens: "Allergene",
    legalUrl: (name: string) => `${name}: Adresse einer externen Seite`,
    legalUrlHelp: "Nur nötig, wenn der Text unten leer bleibt.",
    legalText: (name: string) => `${name}: Text`,
    markdownHelp:
      "Absätze durch Leerzeilen trennen; '## ' am Zeilenanfang für Überschriften, '- ' für Listen.",
    plugins: {
      homePage: "Startseite (Landingpage)",
      homePageHelp: "Aus: Die Startseite zeigt direkt die Filialen.",
      search: "Suche in der Speisekarte",
      tags: "Tags (Filter nach Merkmalen)",
      categoryBar: "Kategorieleiste",
      toolbar: "Werkzeugleiste (Öffnungsstatus)",
      pwa: "Installierbare App",
      sms: "SMS-Benachrichtigungen",
      donations: "Spenden an der Kasse",
      frontdesk: "Theken-Ansichten (Frontdesk)",
      frontdeskHelp: "Bestelllisten für Thekengeräte ohne Anmeldung.",
      orderReviews: "Bewertungen nach der Bestellung",
    },
    payments: {
      cash: "Barzahlung",
      atmCardPlugin: "Kartenzahlung vor Ort verfügbar",
      atmCard: "Kartenzahlung vor Ort anbieten",
      voucherPlugin: "Gutscheine verfügbar",
      voucher: "Gutscheine anbieten",
      stripePlugin: "Stripe verfügbar",
      stripe: "Stripe anbieten",
      paypalPlugin: "PayPal verfügbar",
      paypal: "PayPal anbieten",
    },
    map: {
      enabled: "Karte auf der Kontaktseite",
      enabledHelp:
        "Erst nach „Akzeptieren“ im Cookie-Hinweis lädt der Browser die Kartenkacheln (OpenStreetMap, oder MAP_TILE_URL).",
      token: "Zugangsschlüssel des Kartendienstes",
      zoom: "Zoomstufe",
      pitch: "Neigung (Grad)",
      bearing: "Drehung (Grad)",
    },
    timeZone: "Zeitzone",
    slotHorizonDays: "Bestellbar im Voraus (Tage)",
    slotHorizonDaysHelp: "Wie viele Tage im Voraus Kunden einen Termin wählen können.",
  },
  branches: {
    logo: "Logo",
    images: "Bilder der Filiale",
    sections: {
      identity: "Filiale",
      address: "Adresse und Kontakt",
      visibility: "Sichtbarkeit und Suche",
      modes: "Bestellarten",
      requirements: "Pflichtangaben je Bestellart",
      payments: "Zahlungsarten",
      hours: "Öffnungs- und Lieferzeiten",
      areas: "Liefergebiete",
      preview: "Vorschau",
      images: "Logo und Bilder",
    },
    identifierHelp: "Steht in der Adresse der Filiale: /store/kennung.",
    street: "Straße und Hausnummer",
    zipCode: "PLZ",
    city: "Ort",
    phone: "Telefon",
    email: "E-Mail",
    latitude: "Breitengrad",
    longitude: "Längengrad",
    isPublic: "Öffentlich",
    isPublicHelp:
      "Nicht öffentliche Filialen stehen in der Filialliste als „Derzeit nicht verfügbar“; Speisekarte und Bestellung sind für Kunden gesperrt.",
    closedMessage: "Hinweis, wenn geschlossen",
    closedMessageHelp: "Zum Beispiel: „Wir sind im Urlaub bis 6. Januar.“",
    orderableFrom: "Bestellbar ab",
    orderableFromHelp: "Leer lassen, wenn die Filiale schon bestellbar ist.",
    keywords: "Suchbegriffe",
    keywordsHelp: "Weitere Wörter, unter denen Kunden die Filiale finden.",
    tags: "Tags",
    modes: { takeaway: "Abholung", delivery: "Lieferung", dineIn: "Vor Ort" },
    deliveryHoursEnabled: "Eigene Lieferzeiten",
    deliveryHoursEnabledHelp: "Aus: Geliefert wird zu den Öffnungszeiten.",
    preorder: "Vorbestellung, wenn geschlossen",
    preorderHelp: "Kunden können auch außerhalb der Öffnungszeiten bestellen.",
    quotation: "Nur Anfragen (Angebot)",
    quotationHelp: "Bestellungen werden als Anfrage angenommen und bestätigt.",
    appointment: "Termin muss gewählt werden",
    tableSelection: "Tischwahl vor Ort",
    requires: {
      email: (mode: string) => `${mode}: E-Mail erforderlich`,
      phone: (mode: string) => `${mode}: Telefon erforderlich`,
      address: (mode: string) => `${mode}: Adresse erforderlich`,
    },
    payments: {
      cash: "Barzahlung",
      atmCard: "Kartenzahlung vor Ort",
      voucher: "Gutschein",
      stripe: "Stripe",
      paypal: "PayPal",
    },
    openingHours: "Öffnungszeiten",
    deliveryHours: "Lieferzeiten",
    holidayCountry: "Gesetzliche Feiertage",
    holidayCountryHelp:
      "An den gesetzlichen Feiertagen dieses Landes ist die Filiale geschlossen und liefert nicht. Wer an einem Feiertag öffnet, legt dafür eine einmalige Öffnungszeit an.",
    holidayRegion: "Bundesland",
    holidayRegionHelp:
      "Dazu die Feiertage, die nur in diesem Bundesland gelten, etwa Heilige Drei Könige in Baden-Württemberg.",
    holidayRegionMismatch: "Dieses Bundesland gehört nicht zum gewählten Land.",
    holidayRegionWithoutCountry: "Bitte wählen Sie zuerst das Land der Feiertage.",
    previewOpening: "So sehen Kunden die Öffnungszeiten",
    areas: {
      legend: "Liefergebiete",
      name: "Gebiet",
      price: "Liefergebühr (€)",
      taxRate: "Steuersatz (%)",
      isFree: "Kostenlos",
      freeFrom: "Kostenlos ab (€)",
      minimum: "Mindestbestellwert (€)",
      postcodes: "Postleitzahlen",
      postcodesHelp:
        "Durch Komma getrennt. Dann liefern wir in dieses Gebiet nur an Adressen mit diesen Postleitzahlen; leer: jede Adresse.",
      add: "Liefergebiet hinzufügen",
      remove: (name: string) => `Liefergebiet ${name} entfernen`,
      /** The remove button's visible text; its name says which area. */
      removeShort: "Entfernen",
      area: (position: number) => `Liefergebiet ${position}`,
      empty: "Noch keine Liefergebiete: Lieferung ist nur möglich, wenn eines angelegt ist.",
      list: "Bitte geben Sie die Liefergebiete als Liste an.",
      tooMany: (max: number) => `Bitte legen Sie höchstens ${max} Liefergebiete an.`,
      duplicate: "Dieses Gebiet gibt es schon.",
    },
  },
  logs: {
    title: "Protokoll",
    /** Own wording: the filter form's name. */
    filterLabel: "Protokoll filtern",
    entryTitle: (id: number) => `Protokolleintrag ${id}`,
    loadError: "Protokoll konnte nicht geladen werden.",
    when: "Zeit",
    who: "Wer",
    what: "Was",
    action: "Aktion",
    record: "Eintrag",
    branch: "Filiale",
    from: "Von",
    to: "Bis",
    anyone: "Alle",
    anything: "Alles",
    system: "System",
    ip: "Adresse",
    older: "Ältere Einträge",
    newest: "Zu den neuesten",
    empty: "Keine Einträge für diese Auswahl.",
    field: "Feld",
    before: "Vorher",
    after: "Nachher",
    noChanges: "Keine Feldänderungen gespeichert.",
    changes: "Geänderte Felder",
    back: "Zurück zum Protokoll",
    /** Begins with the visible time, so the link's name holds its label (WCAG 2.5.3, issue 36). */
    details: (when: string, id: number) => `${when}, Eintrag ${id} ansehen`,
    entityTypes: {
      branch: "Filiale",
      capacity: "Kapazität",
      "customer-data": "Kundendaten",
      config: "Einstellungen",
      department: "Abteilung",
      division: "Organisation",
      donatee: "Spendenempfänger",
      order: "Bestellung",
      table: "Tisch",
      tag: "Tag",
      user: "Benutzer",
    } as Record<string, string>,
    actions: {
      "customer-data.erase": "Kundendaten gelöscht (Art. 17 DSGVO)",
      "customer-data.export": "Auskunft heruntergeladen (Art. 15 DSGVO)",
      created: "angelegt",
      updated: "geändert",
      deleted: "gelöscht",
      refund: "erstattet",
      "login.succeeded": "Angemeldet",
      "login.link-succeeded": "Mit Anmeldelink angemeldet",
      "login.failed": "Anmeldung fehlgeschlagen",
      "login.throttled": "Anmeldung gebremst",
      "login-link.sent": "Anmeldelink gesendet",
      "password.check-failed": "Passwortprüfung fehlgeschlagen",
      "user.created": "Benutzer angelegt",
      "user.updated": "Benutzer geändert",
      "user.deleted": "Benutzer gelöscht",
      "user.locked": "Benutzer gesperrt",
      "user.unlocked": "Benutzer entsperrt",
      "user.password-changed": "Passwort geändert",
      "user.password-set": "Passwort gesetzt",
      "user.password-reset": "Passwort zurückgesetzt",
      "user.signed-out-everywhere": "Überall abgemeldet",
    } as Record<string, string>,
  },
  fieldLabels: {
    name: "Name",
    identifier: "Kennung",
    identifierHelp: "Für Adressen und Schnittstellen: Kleinbuchstaben, Ziffern, Bindestriche.",
    tableNameHelp: "Darf leer bleiben: Dann heißt der Tisch wie seine Kennung.",
    identifierDerived:
      "Darf leer bleiben: Dann wird sie aus dem Namen gebildet (aus „Große Brötchen“ wird „grosse-broetchen“).",
    description: "Beschreibung",
    title: "Titel",
    position: "Reihenfolge",
    positionHelp: "Kleinere Zahlen stehen weiter vorne.",
    isPublic: "Öffentlich",
    isEnabled: "Aktiv",
    branch: "Filiale",
    division: "Organisation",
    image: "Bild",
  },
  inUse: {
    tagOnBranches: (count: number) =>
      `Der Tag ist ${count === 1 ? "einer Filiale" : `${count} Filialen`} zugeordnet.`,
    tagOnProducts: (count: number) =>
      `Der Tag ist ${count === 1 ? "einem Produkt" : `${count} Produkten`} zugeordnet.`,
    tableHasOrders: "Der Tisch kommt in Bestellungen vor; benennen Sie ihn stattdessen um.",
    donateeHasOrders:
      "An diesen Empfänger wurde schon gespendet; deaktivieren Sie ihn stattdessen.",
    divisionHasBranches: (count: number) =>
      `Der Organisation ${count === 1 ? "gehört eine Filiale" : `gehören ${count} Filialen`}.`,
    branchHasOrders:
      "Die Filiale hat Bestellungen; stellen Sie sie stattdessen auf „nicht öffentlich“.",
  },
} as const;
