/**
 * The back office's and the server's texts about orders (issue 37): the board, an order's page and
 * its changes, receipts, refunds, the e-mails and SMS about an order, the counter views and the
 * live updates. `de` in de-staff.ts spreads them, so modules keep importing `de` from there.
 */
export const deOrders = {
  /** Own wording: the e-mails about an order. */
  mails: {
    customerSubject: (shop: string, number: string) => `Ihre Bestellung bei ${shop} – ${number}`,
    branchSubject: (number: string, name: string) => `Neue Bestellung ${number} von ${name}`,
    greeting: (name: string) => `Hallo ${name},`,
    thanks: "vielen Dank für Ihre Bestellung. Wir melden uns, sobald wir sie bestätigt haben.",
    thanksPreorder:
      "vielen Dank für Ihre Vorbestellung. Wir bearbeiten sie, sobald wir wieder geöffnet haben.",
    thanksQuotation:
      "vielen Dank für Ihre Anfrage. Sie erhalten unser Angebot so bald wie möglich.",
    statusLink: "Den Stand Ihrer Bestellung sehen Sie jederzeit hier:",
    newOrder: "Eine neue Bestellung ist eingegangen:",
    orderType: "Art",
    appointment: "Termin",
    asSoonAsPossible: "so bald wie möglich",
    table: "Tisch",
    address: "Adresse",
    contact: "Kontakt",
    comment: "Anmerkung",
    payment: "Zahlung",
    total: "Gesamt",
    deliveryCosts: "Lieferkosten",
    donation: (amount: string, name: string) => `Spende: ${amount} an ${name}`,
    signature: (shop: string) => `Ihr Team von ${shop}`,
  },
  /**
   * Own wording (decision 023): the customer's e-mail and SMS when staff propose another time or
   * reject or cancel the order. The proposal's words follow the status page's.
   */
  orderNotices: {
    counterSubject: (shop: string, number: string) =>
      `Neuer Terminvorschlag für Ihre Bestellung bei ${shop} – ${number}`,
    counterProposal: (date: string, time: string) =>
      `zum gewünschten Termin können wir Ihre Bestellung leider nicht fertigstellen. Wir schlagen Ihnen stattdessen den ${date} um ${time} Uhr vor.`,
    wished: (appointment: string) => `Ihr Wunschtermin: ${appointment}`,
    counterAnswer:
      "Bitte sagen Sie uns auf der Statusseite Ihrer Bestellung, ob der neue Termin für Sie passt. Wenn Sie ablehnen, wird die Bestellung storniert.",
    endedSubject: (shop: string, number: string) =>
      `Ihre Bestellung bei ${shop} wurde storniert – ${number}`,
    rejected: "leider können wir Ihre Bestellung nicht ausführen und haben sie storniert.",
    canceled: "wir haben Ihre Bestellung storniert.",
    reason: (message: string) => `Begründung: ${message}`,
    refund: (amount: string, method: string) =>
      `Den bezahlten Betrag von ${amount} erstatten wir Ihnen auf dem Weg, auf dem Sie bezahlt haben (${method}). Bis die Gutschrift bei Ihnen ankommt, kann es einige Tage dauern.`,
    refunded: (amount: string, method: string) =>
      `Den bezahlten Betrag von ${amount} haben wir Ihnen bereits erstattet (${method}).`,
    questions: (branch: string, phone: string) =>
      `Bei Fragen erreichen Sie ${branch} unter ${phone}.`,
    statusLink: "Ihre Bestellung auf einen Blick:",
    counterSms: (shop: string, number: string, date: string, time: string, link: string) =>
      `${shop}: Neuer Terminvorschlag für Ihre Bestellung (${number}): ${date} um ${time} Uhr. Bitte zusagen oder ablehnen: ${link}`,
    endedSms: (shop: string, number: string, link: string) =>
      `${shop}: Ihre Bestellung (${number}) wurde leider storniert. Details: ${link}`,
  },
  /** Own wording (decision 022): giving back an online payment from the back office. */
  refunds: {
    /** In the pattern of spec section 8's back-office messages. */
    failed: "Zahlung konnte nicht erstattet werden.",
    unreachable: "Der Zahlungsanbieter ist gerade nicht erreichbar.",
    refused:
      "Der Zahlungsanbieter hat die Erstattung abgelehnt; bitte prüfen Sie die Zahlung dort.",
    providerMissing: "Der Zahlungsanbieter ist nicht eingerichtet.",
    retry: "Bitte versuchen Sie es später mit „Zahlung erstatten“ erneut.",
    notOnline: "Diese Bestellung wurde nicht online bezahlt.",
    notClosed: "Erstattet wird nur die Zahlung einer abgelehnten oder stornierten Bestellung.",
    notPaid: "Die Online-Zahlung ist nicht eingegangen; es gibt nichts zu erstatten.",
    already: "Die Zahlung wurde bereits erstattet.",
    done: "Die Zahlung wurde erstattet.",
    withChange: (notice: string) => `${notice} Die Online-Zahlung wurde erstattet.`,
    notWithChange: (notice: string, reason: string) =>
      `${notice} Die Online-Zahlung konnte aber nicht erstattet werden: ${reason}`,
    owed: (amount: string) => `Die Online-Zahlung über ${amount} ist noch nicht erstattet.`,
    action: "Zahlung erstatten",
  },
  /** The back office's orders (spec sections 4 and 8; labels and refusals are own wording). */
  staffOrders: {
    errors: {
      // Spec section 8, "Back-office orders".
      loadFailed: "Bestellungen konnten nicht geladen werden.",
      cancelFailed: "Bestellung konnte nicht storniert werden.",
      statusFailed: "Bestellstatus konnte nicht geändert werden.",
      paymentCheckFailed: "Zahlungsstatus konnte nicht überprüft werden.",
      printFailed: "Beleg konnte nicht gedruckt werden.",
      ratingFailed: "Bewertung konnte nicht gesendet werden.",
      confirmationFailed: "Bestätigung konnte nicht gesendet werden.",
      // Why a transition is refused (own wording).
      notFound: "Diese Bestellung wurde nicht gefunden.",
      closed: (state: string) =>
        `Die Bestellung ist bereits ${state} und kann nicht mehr geändert werden.`,
      notConfirmed: "Bitte bestätigen Sie die Bestellung zuerst.",
      awaitingPayment: "Die Online-Zahlung ist noch nicht eingegangen.",
      confirmedNoCounter:
        "Die Bestellung ist bereits bestätigt; ein anderer Termin kann nicht mehr vorgeschlagen werden.",
      counterInPast: "Bitte schlagen Sie einen Termin in der Zukunft vor.",
      counterMissing: "Bitte geben Sie Datum und Uhrzeit des vorgeschlagenen Termins an.",
      rejectionTooLong: (max: number) => `Bitte geben Sie höchstens ${max} Zeichen ein.`,
      notOnline: "Diese Bestellung wird nicht online bezahlt.",
      providerMissing: "Der Zahlungsanbieter ist nicht eingerichtet.",
      providerFailed:
        "Der Zahlungsanbieter hat nicht geantwortet. Bitte versuchen Sie es später erneut.",
      unknownAction: "Diese Aktion gibt es nicht.",
    },
    states: {
      awaitingPayment: "Zahlung ausstehend",
      new: "Neu",
      confirmed: "Bestätigt",
      counterProposed: "Termin vorgeschlagen",
      inDelivery: "In Zustellung",
      readyForPickup: "Abholbereit",
      completed: "Abgeschlossen",
      delivered: "Geliefert",
      rejected: "Abgelehnt",
      canceled: "Storniert",
      failed: "Fehlgeschlagen",
    },
    closedStates: {
      completed: "abgeschlossen",
      rejected: "abgelehnt",
      canceled: "storniert",
      failed: "fehlgeschlagen",
    },
    actions: {
      confirm: "Bestätigen",
      reject: "Ablehnen",
      inDelivery: "In Zustellung",
      readyForPickup: "Abholbereit",
      completed: "Abschließen",
      cancel: "Stornieren",
      counterAppointment: "Anderen Termin vorschlagen",
    },
    /** The confirmation step before a destructive action (decision 031). */
    confirm: {
      reject: {
        question: "Wirklich ablehnen?",
        text: "Der Kunde erhält eine Nachricht; eine Online-Zahlung wird erstattet.",
        yes: "Ja, ablehnen",
      },
      cancel: {
        question: "Wirklich stornieren?",
        text: "Die Bestellung wird storniert; eine Online-Zahlung wird erstattet.",
        yes: "Ja, stornieren",
      },
    },
    destructive: "Ablehnen oder stornieren",
    board: {
      title: "Bestellungen",
      views: { current: "Aktuell", missed: "Verpasst", history: "Verlauf" },
      viewsLabel: "Ansicht",
      count: (count: number) =>
        count === 1 ? "1 Bestellung" : `${count.toLocaleString("de-DE")} Bestellungen`,
      empty: "Keine Bestellungen.",
      tableLabel: "Liste der Bestellungen",
      columns: {
        ticket: "Nr.",
        branch: "Filiale",
        customer: "Kunde",
        type: "Art",
        due: "Termin",
        total: "Betrag",
        payment: "Zahlung",
        state: "Status",
      },
      asSoonAsPossible: "So schnell wie möglich",
      overdue: "überfällig",
      table: (name: string) => `Tisch ${name}`,
      open: (ticket: string) => `Bestellung ${ticket} öffnen`,
      filters: "Filter",
      branch: "Filiale",
      allBranches: "Alle Filialen",
      from: "Von",
      to: "Bis",
      status: "Status",
      anyStatus: "Alle",
      paymentMethod: "Zahlungsart",
      anyPayment: "Alle",
      search: "Suche",
      searchHint: "Name, Telefon, Nummer",
      sort: "Sortierung",
      sortKeys: {
        created: "Eingang",
        due: "Termin",
        ticket: "Nummer",
        total: "Betrag",
        name: "Name",
      },
      direction: "Reihenfolge",
      ascending: "aufsteigend",
      descending: "absteigend",
      apply: "Filtern",
      reset: "Zurücksetzen",
      page: (page: number, count: number) => `Seite ${page} von ${count}`,
      previous: "Vorherige Seite",
      next: "Nächste Seite",
      pagination: "Seiten",
      badFilter: "Dieser Filter ist ungültig. Bitte prüfen Sie die Angaben.",
      newOrder: "Neue Bestellung",
      phoneOrder: "Telefonbestellung erfassen",
      statusFilters: {
        new: "Neu",
        confirmed: "Bestätigt",
        "in-delivery": "In Zustellung / Abholbereit",
        completed: "Abgeschlossen",
        rejected: "Abgelehnt",
        canceled: "Storniert",
        failed: "Fehlgeschlagen",
        "awaiting-payment": "Zahlung ausstehend",
      },
    },
    printed: "Der Beleg wurde zum Drucken geöffnet.",
    notices: {
      confirm: "Die Bestellung wurde bestätigt.",
      reject: "Die Bestellung wurde abgelehnt.",
      "in-delivery": "Der Status wurde geändert.",
      completed: "Die Bestellung wurde abgeschlossen.",
      cancel: "Die Bestellung wurde storniert.",
      "counter-appointment": "Der Terminvorschlag wurde an den Kunden geschickt.",
      "update-payment-status": "Der Zahlungsstatus wurde abgefragt.",
      "resend-email": "Die Bestellbestätigung wird erneut per E-Mail gesendet.",
      "resend-sms": "Die Bestellbestätigung wird erneut per SMS gesendet.",
      create: "Die Telefonbestellung wurde aufgenommen.",
      "edit-item": "Der Artikel wurde geändert und neu berechnet.",
      "edit-item-below-minimum":
        "Der Artikel wurde geändert und neu berechnet. Hinweis: Der Mindestbestellwert des Liefergebiets wird nicht mehr erreicht.",
      refund: "Die Zahlung wurde erstattet.",
      "update-details": "Die Angaben der Bestellung wurden gespeichert.",
    },
    detail: {
      title: (label: string, number: string) => `${label} ${number}`,
      back: "Zurück zu den Bestellungen",
      actions: "Aktionen",
      rejectMessage: "Nachricht an den Kunden (optional)",
      itemsTable: "Artikelliste",
      taxesTable: "Steuertabelle",
      date: "Datum",
      time: "Uhrzeit",
      propose: "Vorschlagen",
      /** Issue 36, item 15: told apart from the ticket printer's "Kopie am Bondrucker". */
      print: "Beleg im Browser drucken",
      resendEmail: "E-Mail erneut senden",
      resendSms: "SMS erneut senden",
      checkPayment: "Zahlungsstatus prüfen",
      order: "Bestellung",
      address: "Lieferadresse",
      rejectionMessage: "Nachricht bei Ablehnung",
      comment: "Kommentar",
      customerView: "Statusseite des Kunden öffnen",
      items: "Artikel",
      quantity: "Menge",
      product: "Produkt",
      price: "Preis",
      uploads: "Hochgeladene Dateien",
      taxes: "Steuern",
      taxRate: "Steuersatz",
      net: "Netto",
      tax: "Steuer",
      gross: "Brutto",
      trail: "Verlauf der Bearbeitung",
      noTrail: "Noch nicht bearbeitet.",
      unknownUser: "Unbekannt",
      refused: "abgelehnt",
      repeated: "bereits erledigt",
      auditAction: (action: string) =>
        (
          ({
            confirm: "bestätigt",
            reject: "abgelehnt",
            "in-delivery": "in Zustellung / abholbereit",
            completed: "abgeschlossen",
            cancel: "storniert",
            "counter-appointment": "Termin vorgeschlagen",
            "update-payment-status": "Zahlungsstatus geprüft",
            "resend-email": "E-Mail erneut gesendet",
            "resend-sms": "SMS erneut gesendet",
            print: "Beleg gedruckt",
            "edit-item": "Artikel geändert",
            refund: "Erstattung der Zahlung",
            create: "telefonisch erfasst",
            update: "Angaben geändert",
            delete: "gelöscht",
          }) as Record<string, string>
        )[action] ?? action,
    },
    /** Editing one item of an order (own wording; the failure title follows section 8). */
    itemEdit: {
      title: "Artikel bearbeiten",
      heading: (name: string) => `${name} bearbeiten`,
      link: "Bearbeiten",
      linkLabel: (name: string) => `Bearbeiten: ${name}`,
      back: "Zurück zur Bestellung",
      currentPrice: "Bisheriger Preis",
      repriced: "Beim Speichern wird der Artikel zu den aktuellen Preisen neu berechnet.",
      rules: (unit: string, minimum: string, maximum: string, step: string) =>
        `${unit}: ${minimum} bis ${maximum} in Schritten von ${step}`,
      uploadsKept: "Die hochgeladenen Dateien bleiben unverändert.",
      noFiles: "Keine Dateien",
      save: "Änderungen speichern",
      belowMinimum: "Der Mindestbestellwert des Liefergebiets wird nicht mehr erreicht.",
      errors: {
        failed: "Bestellung konnte nicht aktualisiert werden.",
        itemNotFound: "Diesen Artikel gibt es in dieser Bestellung nicht.",
        productGone:
          "Das Produkt dieses Artikels gibt es nicht mehr im Sortiment; der Artikel kann nicht bearbeitet werden.",
        onlinePayment:
          "Die Bestellung wird online bezahlt; ihr Betrag kann nicht mehr geändert werden.",
        changed: "Der Artikel wurde inzwischen geändert. Bitte laden Sie die Seite neu.",
        deliveryUnknown: "Die Liefergebühr dieser Bestellung lässt sich nicht neu berechnen.",
        unknownPart: "Diesen Schritt gibt es für dieses Produkt nicht.",
        partShape: "Diese Angabe passt nicht zu diesem Schritt.",
        duplicatePart: "Jeder Schritt darf nur einmal vorkommen.",
        badRequest:
          "Bitte senden Sie ein JSON-Objekt mit Menge (amount), Einheit (unit) und Schritten (parts).",
      },
    },
    paymentState: (status: "paid" | "pending" | "failed" | "refunded") =>
      ({
        paid: "Die Zahlung ist eingegangen.",
        pending: "Die Zahlung steht noch aus.",
        failed: "Die Zahlung ist fehlgeschlagen.",
        refunded: "Die Zahlung wurde erstattet.",
      })[status],
  },
  /** Own wording: the printed order receipt (page and ESC/POS), decision 013. */
  receipt: {
    title: "Beleg",
    pageTitle: (number: string) => `Beleg – ${number}`,
    /** Issue 36, item 15: the browser's print dialog, not the ticket printer. */
    print: "Im Browser drucken",
    canceled: "Storniert",
    preorder: "Vorbestellung",
    quotation: "Angebotsanfrage",
    /** Decision 112: an order whose contact data expired or was erased says so. */
    anonymised: (date: string) => `Kundendaten am ${date} gelöscht (DSGVO)`,
    orderType: "Art",
    table: "Tisch",
    appointment: "Termin",
    asSoonAsPossible: "So bald wie möglich",
    counterAppointment: "Terminvorschlag",
    orderedAt: "Bestellt am",
    customer: "Kunde",
    name: "Name",
    company: "Firma",
    phone: "Telefon",
    email: "E-Mail",
    deliveryAddress: "Lieferadresse",
    items: "Artikel",
    comment: "Anmerkung",
    donation: (amount: string, name: string) => `Spende: ${amount} an ${name}`,
    payment: "Zahlung",
    paymentMethod: "Zahlungsart",
    paymentState: "Zahlungsstatus",
    paid: "bezahlt",
    unpaid: "offen",
    subtotal: "Zwischensumme",
    deliveryCosts: "Lieferkosten",
    free: "kostenlos",
    total: "Gesamt",
    taxes: "Enthaltene MwSt.",
    taxRate: "Satz",
    net: "Netto",
    tax: "MwSt.",
    gross: "Brutto",
    percent: (rate: string) => `${rate} %`,
    thanks: "Vielen Dank für Ihre Bestellung!",
    notFiscal: "Bestellbeleg – kein Kassenbon",
    printedAt: (dateTime: string) => `Gedruckt am ${dateTime}`,
  },
  /** Own wording: text messages to customers and the resend actions, decision 014. */
  sms: {
    newOrder: (shop: string, what: string, number: string, link: string) =>
      `${shop}: Vielen Dank für Ihre ${what} (${number}). Status: ${link}`,
    order: "Bestellung",
    preorder: "Vorbestellung",
    quotation: "Anfrage",
  },
  resend: {
    /** Spec section 8: confirmation could not be sent. */
    failed: "Bestätigung konnte nicht gesendet werden.",
    notFound: "Diese Bestellung wurde nicht gefunden.",
    smsDisabled: "Der SMS-Versand ist nicht aktiviert.",
    noPhone: "Für diese Bestellung ist keine Telefonnummer hinterlegt.",
    noEmail: "Für diese Bestellung ist keine E-Mail-Adresse hinterlegt.",
    emailQueued: "Die Bestellbestätigung wird erneut per E-Mail gesendet.",
    smsQueued: "Die Bestellbestätigung wird erneut per SMS gesendet.",
  },
  /** Own wording: phone orders taken by staff (decision 019). */
  phoneOrder: {
    title: "Telefonbestellung",
    intro:
      "Wählen Sie die Filiale. Sie nehmen die Bestellung dann wie ein Kunde im Shop auf, mit einem neuen, leeren Warenkorb; nach dem Absenden sehen Sie die Bestellung hier im Backoffice.",
    start: (branch: string) => `Telefonbestellung für ${branch}`,
    badRequest: "Bitte wählen Sie eine Ihrer Filialen.",
    banner: "Telefonbestellung: Sie sind als Mitarbeiter angemeldet.",
  },
  /**
   * Own wording: an order entered, changed or deleted by staff (decision 033); the failure titles
   * follow spec section 8 ('Bestellung konnte nicht … werden.').
   */
  orderChanges: {
    createFailed: "Bestellung konnte nicht erstellt werden.",
    updateFailed: "Bestellung konnte nicht aktualisiert werden.",
    deleteFailed: "Bestellung konnte nicht gelöscht werden.",
    badRequest: "Bitte senden Sie ein JSON-Objekt mit den Angaben der Bestellung.",
    branchRequired: "Bitte wählen Sie eine Ihrer Filialen.",
    itemsRequired: "Bitte geben Sie mindestens einen Artikel an.",
    unknownProduct: "Dieses Produkt gibt es in dieser Filiale derzeit nicht.",
    invalidValue: "Dieser Wert ist ungültig.",
    stale:
      "Die Bestellung wurde inzwischen von jemand anderem geändert. Bitte laden Sie sie neu und übernehmen Sie Ihre Änderungen erneut.",
    versionRequired:
      "Bitte senden Sie die Version (version) mit, die Sie gelesen haben, damit keine Änderung verloren geht.",
    nothingChanged: "Es wurde nichts geändert.",
    closed: "Die Bestellung ist abgeschlossen; ihre Angaben können nicht mehr geändert werden.",
    addressOnlyForDelivery: "Eine Lieferadresse gibt es nur bei Lieferungen.",
    deleteRefused: {
      paid: "Eine bezahlte Bestellung kann nicht gelöscht werden; bitte stornieren Sie sie und erstatten Sie die Zahlung.",
      refunded:
        "Eine erstattete Bestellung bleibt für die Buchhaltung erhalten und kann nicht gelöscht werden.",
      confirmed:
        "Eine bestätigte Bestellung kann nicht gelöscht werden; bitte stornieren Sie sie stattdessen.",
      placed:
        "Nur Bestellungen, deren Online-Zahlung fehlgeschlagen ist oder nie abgeschlossen wurde, können gelöscht werden. Bitte stornieren oder lehnen Sie diese Bestellung ab.",
      awaitingPayment:
        "Die Online-Zahlung dieser Bestellung kann noch eingehen. Sie kann frühestens 24 Stunden nach dem Eingang gelöscht werden.",
    },
    edit: {
      title: "Angaben bearbeiten",
      link: "Kontakt, Termin und Kommentar bearbeiten",
      back: "Zurück zur Bestellung",
      intro:
        "Ändern Sie Kontaktdaten, Termin oder Kommentar. Artikel ändern Sie in der Bestellung selbst.",
      name: "Name",
      company: "Firma",
      phone: "Telefon",
      email: "E-Mail",
      street: "Straße und Hausnummer",
      city: "PLZ und Ort",
      floor: "Stock",
      stairway: "Aufgang",
      door: "Tür",
      appointment: "Termin",
      appointmentHint: "Leer lassen für „so bald wie möglich“.",
      comment: "Kommentar",
      save: "Speichern",
      required: " *",
    },
  },
  /** Own wording: the counter devices' read-only order lists (spec section 7 names the routes). */
  counterOrders: {
    title: (view: "frontdesk" | "backoffice", branch: string) =>
      `${view === "frontdesk" ? "Theke" : "Backstube"} – ${branch}`,
    empty: "Gerade keine offenen Bestellungen.",
    notFound: "Diese Ansicht gibt es nicht, oder der Schlüssel ist ungültig.",
    asap: (time: string) => `so bald wie möglich (seit ${time} Uhr)`,
    at: (time: string) => `${time} Uhr`,
  },
  /** Own wording: live updates of the order board (the spec names none). */
  liveOrders: {
    /** The event stream's answer when the instance has no listener. */
    unavailable: "Live-Aktualisierung ist gerade nicht verfügbar.",
    /** The board's connection indicator, by the hook's state. */
    state: {
      off: "Die Übersicht aktualisiert sich alle 10 Sekunden.",
      connecting: "Verbinde …",
      live: "Live",
      reconnecting: "Verbindung unterbrochen – neuer Versuch …",
    },
    /** The switch for the audible signal on new orders. */
    chime: "Ton bei neuen Bestellungen",
    chimeOn: "Ton an",
    chimeOff: "Ton aus",
  },
} as const;
