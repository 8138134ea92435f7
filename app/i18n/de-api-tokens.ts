/** German texts of the personal API tokens (issue 38, part 2; docs/decisions/095 and 096). */
export const deApiTokens = {
  area: {
    label: "API-Zugänge",
    description: "Persönliche Schlüssel, mit denen andere Systeme die API nutzen.",
  },
  title: "API-Zugänge",
  intro:
    "Ein API-Zugang erlaubt einem anderen System (Kasse, Warenwirtschaft, Auswertung), die API in Ihrem Namen zu nutzen: mit dem Kopf „Authorization: Bearer …“. Er kann höchstens, was Sie selbst können, und nur mit den Rollen und Filialen, die Sie hier wählen.",
  listTitle: "Alle Zugänge",
  none: "Noch keine API-Zugänge.",
  columns: {
    name: "Name",
    owner: "Inhaber/in",
    scope: "Umfang",
    expires: "Gültig bis",
    lastUsed: "Zuletzt benutzt",
    status: "Status",
    actions: "Aktionen",
  },
  never: "noch nie",
  allBranches: "alle Filialen",
  status: {
    active: "aktiv",
    expired: "abgelaufen",
    revoked: "widerrufen",
  },
  createTitle: "Neuer API-Zugang",
  name: "Name",
  nameHint: "Wofür der Zugang ist, zum Beispiel „Kasse Filiale Mitte“.",
  roles: "Rollen",
  rolesHint: "Höchstens Ihre eigenen Rollen.",
  branches: "Filialen",
  branchesHint: "Keine Auswahl: alle Filialen, die Sie selbst haben.",
  expiresOn: "Gültig bis einschließlich",
  expiresHint: (maxDays: number) => `Spätestens ${maxDays} Tage ab heute.`,
  create: "Zugang erzeugen",
  createdOnce: (name: string) =>
    `API-Zugang „${name}“ erzeugt. Der Schlüssel wird nur jetzt angezeigt – bitte kopieren Sie ihn gleich und bewahren Sie ihn sicher auf. Wir speichern ihn nicht.`,
  tokenLabel: "Schlüssel",
  copyHint:
    "Markieren und kopieren (Strg+C bzw. ⌘+C). Senden als: Authorization: Bearer <Schlüssel>",
  revoke: "Widerrufen",
  revokeQuestion: (name: string) => `API-Zugang „${name}“ widerrufen?`,
  revokeText:
    "Jede Anfrage mit diesem Schlüssel wird danach sofort abgewiesen, auf allen Servern. Das lässt sich nicht rückgängig machen.",
  revokeConfirm: "Ja, widerrufen",
  revoked: (name: string) => `Der API-Zugang „${name}“ wurde widerrufen.`,
  errors: {
    badRequest: "Die Anfrage ist ungültig.",
    nameMissing: "Bitte geben Sie einen Namen ein.",
    nameTooLong: "Bitte geben Sie höchstens 100 Zeichen ein.",
    rolesMissing: "Bitte wählen Sie mindestens eine Rolle.",
    roleNotYours: "Diese Rolle haben Sie selbst nicht.",
    branchNotYours: "Diese Filiale haben Sie selbst nicht.",
    adminWithBranches:
      "Ein Zugang mit der Rolle Administration gilt für alle Filialen. Wählen Sie keine Filiale oder nur Filialleitung bzw. Mitarbeiter/in.",
    expiryMissing: "Bitte geben Sie ein Datum an.",
    expiryPast: "Das Datum muss nach heute liegen.",
    expiryTooFar: (maxDays: number) => `Ein Zugang gilt höchstens ${maxDays} Tage.`,
    notFound: "Diesen API-Zugang gibt es nicht (mehr).",
    alreadyRevoked: "Dieser API-Zugang ist bereits widerrufen.",
  },
  /** Answers of the API to a token call. */
  api: {
    invalid:
      "Der API-Zugang ist ungültig, abgelaufen oder widerrufen. Bitte senden Sie einen gültigen Schlüssel als „Authorization: Bearer …“.",
    tooMany: (seconds: number) =>
      `Zu viele Anfragen mit diesem API-Zugang. Bitte versuchen Sie es in ${seconds === 1 ? "1 Sekunde" : `${seconds} Sekunden`} erneut.`,
    noUserManagement:
      "Mit einem API-Zugang lassen sich keine Benutzer, Anmeldedaten oder API-Zugänge verwalten. Bitte melden Sie sich dafür im Backoffice an.",
  },
};
