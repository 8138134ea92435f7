import { deCheckout } from "./de-checkout";
import { de as storefront } from "./de";
import { deOrderStatus } from "./de-order-status";
import { deOrders } from "./de-orders";

/**
 * The back office's texts and those only the server sends (mails, SMS), beside the storefront's:
 * kept apart so that the storefront's pages do not ship them to every customer's phone. Modules
 * of the back office and the server import `de` from here; it holds every text.
 */
export const de = {
  ...storefront,
  checkout: deCheckout,
  orderStatus: deOrderStatus,
  ...deOrders,
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
    /** The rules that are not one weekday; those are named by `de.weekdays`. */
    types: {
      once: "Einmalig",
      daily: "Täglich",
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
} as const;

export type StaffTexts = typeof de;
