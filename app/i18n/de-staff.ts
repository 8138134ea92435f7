import { deCheckout } from "./de-checkout";
import { de as storefront } from "./de";
import { deOrderStatus } from "./de-order-status";

/**
 * The back office's texts and those only the server sends (mails, SMS), beside the storefront's:
 * kept apart so that the storefront's pages do not ship them to every customer's phone. Modules
 * of the back office and the server import `de` from here; it holds every text.
 */
export const de = {
  ...storefront,
  checkout: deCheckout,
  orderStatus: deOrderStatus,
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
  /**
   * The staff sign-in, the back office's frame and the user management. Spec section 8 names the
   * four sign-in messages without their wording, and 'Benutzer konnte nicht … werden.' follows its
   * pattern for resources; everything else is own wording.
   */
  staffAuth: {
    loginTitle: "Anmeldung",
    loginHeading: "Anmeldung im Backoffice",
    email: "E-Mail-Adresse",
    password: "Passwort",
    submit: "Anmelden",
    invalidCredentials: "E-Mail-Adresse oder Passwort ist ungültig.",
    accountLocked: "Ihr Konto ist gesperrt. Bitte wenden Sie sich an die Administration.",
    tooManyAttempts: (minutes: number) =>
      `Zu viele fehlgeschlagene Anmeldeversuche. Bitte versuchen Sie es in ${minutes === 1 ? "1 Minute" : `${minutes} Minuten`} erneut.`,
    /** The account is blocked for unknown devices (decision 028, addendum). */
    tooManyAttemptsForAccount: (minutes: number) =>
      `Für dieses Konto gab es zu viele fehlgeschlagene Anmeldeversuche. Fordern Sie unten einen Login-Link per E-Mail an, melden Sie sich auf einem Gerät an, auf dem Sie schon angemeldet waren, oder versuchen Sie es in ${minutes === 1 ? "1 Minute" : `${minutes} Minuten`} erneut.`,
    invalidLink: "Der Login-Link ist ungültig oder abgelaufen.",
    linkHeading: "Login-Link per E-Mail",
    linkIntro: (minutes: number) =>
      `Wir senden Ihnen einen Link, mit dem Sie sich einmal ohne Passwort anmelden können. Er ist ${minutes} Minuten gültig.`,
    linkEmail: "E-Mail-Adresse für den Login-Link",
    linkSubmit: "Login-Link senden",
    linkSent: (minutes: number) =>
      `Falls ein Konto mit dieser E-Mail-Adresse besteht, haben wir einen Login-Link dorthin gesendet. Er ist ${minutes} Minuten gültig.`,
    linkConfirmTitle: "Mit Login-Link anmelden",
    linkConfirmText:
      "Mit „Anmelden“ melden Sie sich im Backoffice an. Der Link lässt sich nur einmal verwenden.",
    toLogin: "Zur Anmeldung",
    loggedOut: "Sie wurden abgemeldet.",
    emailRequired: "Bitte geben Sie Ihre E-Mail-Adresse ein.",
    emailInvalid: "Bitte geben Sie eine gültige E-Mail-Adresse ein.",
    passwordRequired: "Bitte geben Sie Ihr Passwort ein.",
    badRequest: "Die Anfrage konnte nicht gelesen werden. Bitte versuchen Sie es erneut.",
    unauthorized: "Bitte melden Sie sich an.",
    crossSite:
      "Die Anfrage kam nicht von dieser Website und wurde deshalb abgelehnt. Bitte laden Sie die Seite neu und versuchen Sie es noch einmal.",
    methodNotAllowed: "Diese Methode wird hier nicht unterstützt.",
    linkMail: {
      subject: (shop: string) => `Ihr Login-Link für das Backoffice von ${shop}`,
      greeting: (name: string) => `Hallo ${name},`,
      intro: "mit diesem Link melden Sie sich einmal ohne Passwort im Backoffice an:",
      validity: (minutes: number) =>
        `Der Link ist ${minutes} Minuten gültig und lässt sich nur einmal verwenden.`,
      ignore:
        "Falls Sie keinen Login-Link angefordert haben, können Sie diese E-Mail einfach ignorieren.",
    },
  },
  backOffice: {
    title: "Backoffice",
    navigation: "Backoffice-Navigation",
    orders: "Bestellungen",
    users: "Benutzer",
    changePassword: "Passwort ändern",
    logout: "Abmelden",
    signedInAs: (name: string) => `Angemeldet als ${name}`,
    welcome: (name: string) => `Willkommen, ${name}`,
    menu: "Menü",
    dashboard: {
      today: "Heute",
      noOrdersToday: "Heute sind noch keine Bestellungen eingegangen.",
      withoutOrders: (branches: string) => `Noch ohne Bestellungen: ${branches}.`,
      needsAction: "Warten auf Bestätigung",
      needsActionEmpty: "Keine Bestellung wartet auf Bestätigung.",
      needsActionMore: (count: number) =>
        count === 1 ? "1 Bestellung wartet" : `Alle ${count} wartenden Bestellungen`,
      areas: "Bereiche",
      stateCount: (state: string, count: number) => `${state}: ${count}`,
    },
    /** The back office's areas (app/features/backoffice/areas.ts), as menu entries and tiles. */
    areas: {
      home: { label: "Übersicht", description: "Heutige Bestellungen auf einen Blick." },
      categories: {
        label: "Kategorien",
        description: "Kategorien des Sortiments, ihre Bilder und Verfügbarkeit.",
      },
      productGroups: {
        label: "Produktgruppen",
        description: "Produkte, die ein Katalog gemeinsam aufnimmt.",
      },
      orders: {
        label: "Bestellungen",
        description: "Aktuelle, verpasste und vergangene Bestellungen bearbeiten.",
      },
      phoneOrder: {
        label: "Telefonbestellung",
        description: "Eine Bestellung am Telefon aufnehmen.",
      },
      users: { label: "Benutzer", description: "Mitarbeiter anlegen, sperren und verwalten." },
      deviceKeys: {
        label: "Geräteschlüssel",
        description: "Schlüssel für Thekengeräte ohne Anmeldung.",
      },
      branches: {
        label: "Filialen",
        description: "Adressen, Öffnungszeiten, Liefergebiete und Bestellarten.",
      },
      tables: { label: "Tische", description: "Tische für Bestellungen vor Ort." },
      tags: { label: "Tags", description: "Merkmale für Filialen und Produkte." },
      donatees: { label: "Spendenempfänger", description: "Empfänger der Spenden an der Kasse." },
      divisions: { label: "Organisationen", description: "Firmen oder Marken der Filialen." },
      departments: { label: "Abteilungen", description: "Abteilungen für die Zeiterfassung." },
      settings: {
        label: "Einstellungen",
        description: "Name, Rechtstexte, Funktionen und Zahlungsarten des Shops.",
      },
      logs: { label: "Protokoll", description: "Wer hat wann was geändert." },
      password: { label: "Passwort ändern", description: "Ihr eigenes Passwort ändern." },
    },
    yourBranches: "Ihre Filialen",
    allBranches: "Alle Filialen",
    yourRoles: "Ihre Rollen",
    roles: {
      ROLE_ADMIN: "Administration",
      ROLE_MANAGER: "Filialleitung",
      ROLE_EMPLOYEE: "Mitarbeiter/in",
    },
  },
  /** Own wording: the editor of a branch's opening or delivery hours and its preview. */
  hoursEditor: {
    intro:
      "Die Regeln gelten von oben nach unten: „Täglich“ setzt jeden Tag, ein Wochentag diesen Tag, „Einmalig“ nur das Datum. „Geschlossen“ löscht die Zeiten des Tages, weitere Zeiten kommen hinzu. Ohne Regel ist ein Tag geschlossen.",
    midnightHint:
      "00:00 als Endzeit bedeutet Mitternacht. Zeiten über Mitternacht hinaus tragen Sie als zwei Regeln ein.",
    empty: "Noch keine Regeln – jeder Tag ist geschlossen.",
    /** The delivery hours' list while "Eigene Lieferzeiten" is off: they are not in force. */
    deliveryFollowsOpening: "Eigene Lieferzeiten sind aus: Geliefert wird zu den Öffnungszeiten.",
    /** The same editor for the availability of a category or product (spec: `schedule`). */
    scheduleIntro:
      "Die Regeln gelten von oben nach unten wie bei Öffnungszeiten. Sobald es eine Regel gibt, ist nur innerhalb der Zeiten bestellbar; ein Tag ohne Regel ist nicht verfügbar.",
    scheduleEmpty: "Keine Regeln – immer verfügbar.",
    rule: (position: number) => `Regel ${position}`,
    type: "Tag",
    types: {
      once: "Einmalig",
      daily: "Täglich",
      monday: "Montag",
      tuesday: "Dienstag",
      wednesday: "Mittwoch",
      thursday: "Donnerstag",
      friday: "Freitag",
      saturday: "Samstag",
      sunday: "Sonntag",
    },
    date: "Datum",
    /** Without JavaScript the date field shows on every row. */
    dateOnceOnly: "Datum (nur bei „Einmalig“)",
    from: "Von",
    to: "Bis",
    closed: "Geschlossen",
    add: "Regel hinzufügen",
    remove: "Entfernen",
    removeRule: (position: number) => `Regel ${position} entfernen`,
    moveUp: "Nach oben",
    moveUpRule: (position: number) => `Regel ${position} nach oben verschieben`,
    errors: {
      type: "Bitte wählen Sie, für welchen Tag die Regel gilt.",
      dateRequired: "Bitte geben Sie für eine einmalige Regel ein Datum an.",
      fromRequired: "Bitte geben Sie eine Startzeit an.",
      toRequired: "Bitte geben Sie eine Endzeit an.",
      toBeforeFrom: "Die Endzeit muss nach der Startzeit liegen.",
      closed: "Bitte geben Sie bei „Geschlossen“ ja oder nein an.",
      list: "Bitte geben Sie die Regeln als Liste an.",
      rule: "Bitte geben Sie jede Regel mit Tag, Zeiten und „Geschlossen“ an.",
      tooMany: (max: number) => `Bitte legen Sie höchstens ${max} Regeln an.`,
    },
    preview: {
      heading: "Vorschau",
      week: "Regelmäßige Woche",
      nextDays: (days: number) => `Die nächsten ${days} Tage`,
      day: "Tag",
      hours: "Zeiten",
      today: "heute",
      closure: "Schließtag",
      special: "Sonderöffnungszeit",
      noSlots: "keine Bestellzeiten",
      now: "Jetzt",
    },
  },
  users: {
    listTitle: "Benutzer",
    newUser: "Neuer Benutzer",
    name: "Name",
    email: "E-Mail-Adresse",
    roles: "Rollen",
    branches: "Filialen",
    status: "Status",
    lastLogin: "Letzte Anmeldung",
    never: "noch nie",
    active: "Aktiv",
    locked: "Gesperrt",
    temporarilyBlocked: (time: string) => `Vorübergehend gesperrt bis ${time} Uhr`,
    you: "(Sie)",
    edit: (name: string) => `${name} bearbeiten`,
    editTitle: (name: string) => `Benutzer bearbeiten: ${name}`,
    password: "Passwort",
    passwordHint: (min: number) => `Mindestens ${min} Zeichen.`,
    create: "Benutzer anlegen",
    save: "Änderungen speichern",
    backToList: "Zurück zur Benutzerliste",
    accessHeading: "Zugang",
    lockedNotice: "Dieses Konto ist gesperrt: Anmeldung und bestehende Sitzungen sind blockiert.",
    lock: "Konto sperren",
    unlock: "Konto entsperren",
    resetHeading: "Passwort zurücksetzen",
    newPassword: "Neues Passwort",
    setPassword: "Passwort setzen",
    sendLink: "Login-Link senden",
    sessionsHeading: "Angemeldete Geräte",
    activeSessions: (count: number) =>
      count === 0
        ? "Zurzeit auf keinem Gerät angemeldet."
        : `Zurzeit auf ${count === 1 ? "1 Gerät" : `${count} Geräten`} angemeldet.`,
    signOutEverywhere: "Überall abmelden",
    signOutConfirmHeading: (name: string) => `${name} wirklich überall abmelden?`,
    signOutConfirmText:
      "Alle Sitzungen enden sofort, auf jedem Gerät, auch auf geteilten Kassen-Tablets. Noch nicht benutzte Login-Links werden ungültig. Das Konto bleibt aktiv: Eine neue Anmeldung ist jederzeit möglich.",
    signOutConfirm: "Ja, überall abmelden",
    cancel: "Abbrechen",
    signedOutEverywhere: "Der Benutzer wurde auf allen Geräten abgemeldet.",
    deleteHeading: "Benutzer löschen",
    deleteConfirm: "Ja, diesen Benutzer endgültig löschen",
    delete: "Benutzer löschen",
    created: "Der Benutzer wurde angelegt.",
    saved: "Die Änderungen wurden gespeichert.",
    lockedDone: "Das Konto wurde gesperrt.",
    unlockedDone: "Das Konto wurde entsperrt.",
    passwordSet: "Das Passwort wurde gesetzt.",
    linkSent: (email: string) => `Ein Login-Link wurde an ${email} gesendet.`,
    linkLimit:
      "An dieses Konto wurden gerade erst mehrere Login-Links gesendet. Bitte warten Sie einige Minuten.",
    deleted: "Der Benutzer wurde gelöscht.",
    empty: "Noch keine Benutzer, die Sie verwalten können.",
    errors: {
      loadList: "Benutzer konnten nicht geladen werden.",
      load: "Benutzer konnte nicht geladen werden.",
      create: "Benutzer konnte nicht erstellt werden.",
      update: "Benutzer konnte nicht aktualisiert werden.",
      remove: "Benutzer konnte nicht gelöscht werden.",
      nameRequired: "Bitte geben Sie einen Namen ein.",
      tooLong: (max: number) => `Bitte geben Sie höchstens ${max} Zeichen ein.`,
      emailTaken: "Diese E-Mail-Adresse wird bereits verwendet.",
      rolesRequired: "Bitte wählen Sie mindestens eine Rolle aus.",
      branchesRequired: "Bitte wählen Sie mindestens eine Filiale aus.",
      roleNotAllowed: "Diese Rolle dürfen Sie nicht vergeben.",
      branchNotAllowed: "Diese Filiale dürfen Sie nicht zuweisen.",
      passwordTooShort: (min: number) => `Das Passwort muss mindestens ${min} Zeichen lang sein.`,
      lastAdmin: "Mindestens ein aktives Konto mit der Rolle Administration muss bestehen bleiben.",
      confirmDelete: "Bitte bestätigen Sie das Löschen.",
      confirmSignOut: "Bitte bestätigen Sie das Abmelden auf allen Geräten.",
      unknownAction: "Diese Aktion gibt es nicht.",
    },
  },
  account: {
    passwordTitle: "Passwort ändern",
    currentPassword: "Aktuelles Passwort",
    newPassword: "Neues Passwort",
    repeatPassword: "Neues Passwort wiederholen",
    submit: "Passwort ändern",
    changed: "Ihr Passwort wurde geändert.",
    wrongCurrent: "Das aktuelle Passwort ist falsch.",
    tooManyChecks: (minutes: number) =>
      `Das aktuelle Passwort wurde zu oft falsch eingegeben. Bitte versuchen Sie es in ${minutes === 1 ? "1 Minute" : `${minutes} Minuten`} erneut. Ihre Anmeldung ist davon nicht betroffen.`,
    mismatch: "Die beiden neuen Passwörter stimmen nicht überein.",
    currentRequired: "Bitte geben Sie Ihr aktuelles Passwort ein.",
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
  /** Own wording: the design system's fixed words (app/components/ui). */
  ui: {
    cancel: "Abbrechen",
    filter: "Filtern",
    reset: "Zurücksetzen",
    pagination: "Seiten",
    page: (page: number, count: number) => `Seite ${page} von ${count}`,
    previous: "Vorherige Seite",
    next: "Nächste Seite",
    sortBy: (column: string) => `Nach ${column} sortieren`,
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
  /** Own wording: `npm run reset-password` on the command line. */
  passwordReset: {
    usage:
      "Aufruf: npm run reset-password -- <E-Mail-Adresse>\nEin eigenes Passwort statt eines zufälligen: RESET_PASSWORD=… npm run reset-password -- <E-Mail-Adresse>",
    unknownUser: (email: string) => `Es gibt kein Konto mit der E-Mail-Adresse ${email}.`,
    done: (email: string, sessions: number) =>
      `Das Passwort von ${email} wurde zurückgesetzt; ${sessions === 1 ? "1 Sitzung wurde" : `${sessions} Sitzungen wurden`} beendet.`,
    newPassword: (password: string) => `Neues Passwort: ${password}`,
    ownPassword: "Das Passwort aus RESET_PASSWORD gilt ab sofort.",
    locked:
      "Hinweis: Das Konto ist gesperrt. Eine Administratorin oder ein Administrator muss es unter Benutzer entsperren.",
    failed: (message: string) => `Das Passwort konnte nicht zurückgesetzt werden: ${message}`,
  },
  /** Own wording: what a counter device shows (spec section 3, local settings). */
  localSettings: {
    title: "Anzeige an diesem Gerät",
    intro:
      "Diese Einstellungen gelten nur für dieses Gerät (diesen Browser), etwa einen Rechner an der Theke, den Kundinnen und Kunden sehen können.",
    legend: "Anzeigen",
    showCustomerData: "Kundendaten anzeigen",
    showProductData: "Artikel anzeigen",
    save: "Übernehmen",
    hidden: "ausgeblendet",
    saved: "Die Anzeige an diesem Gerät wurde geändert.",
  },
  /** Own wording: keys for the counter devices. */
  deviceKeys: {
    title: "Geräteschlüssel",
    intro:
      "Mit einem Schlüssel zeigen Geräte an der Theke oder in der Backstube die Bestellungen einer Filiale ohne Anmeldung an.",
    none: "Noch keine Schlüssel.",
    label: "Bezeichnung des Geräts",
    create: "Schlüssel erzeugen",
    createdOnce: (label: string) =>
      `Schlüssel für „${label}“ erzeugt. Die Adressen werden nur jetzt angezeigt – bitte gleich am Gerät öffnen oder notieren.`,
    frontdesk: "Theke",
    backoffice: "Backstube",
    created: (at: string) => `erzeugt ${at}`,
    lastUsed: (at: string) => `zuletzt benutzt ${at}`,
    revokedAt: (at: string) => `gesperrt ${at}`,
    revoke: (label: string) => `„${label}“ sperren`,
    revoked: "Der Schlüssel wurde gesperrt.",
    labelMissing: "Bitte geben Sie eine Bezeichnung ein.",
    labelTooLong: "Bitte geben Sie höchstens 100 Zeichen ein.",
    badRequest: "Die Anfrage konnte nicht gelesen werden. Bitte versuchen Sie es erneut.",
    notFound: "Diesen Schlüssel gibt es nicht, oder er ist bereits gesperrt.",
    switchedOff:
      "Die Ansichten für Theke und Backstube sind ausgeschaltet (Einstellung „enablePluginFrontdesk“ im Back-Office unter Einstellungen); die Schlüssel öffnen sie erst, wenn sie eingeschaltet sind.",
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

export type StaffTexts = typeof de;
