/**
 * The published contract's words (issue 38, decision 101): the OpenAPI document's title, the
 * standard resources' operation summaries and the descriptions every reader of
 * `/api/openapi.json` and of the reference page `/backend/api` sees.
 */
export const de = {
  title: "Backstube – Programmierschnittstelle",
  description: [
    "Die JSON-Schnittstelle des Bestellsystems. Jede Antwort trägt ihre Daten im Feld `data`;",
    "abgelehnte Anfragen antworten mit `errors: [{ message, field? }]`, die erste Meldung liest",
    "sich für sich allein, `field` nennt das Feld.",
    "",
    '**Geldbeträge** sind ganze Cent (`250` = 2,50 €). Ein Euro-Betrag wie `1.2` oder `"2,50"`',
    "wird mit 400 und einer Meldung abgelehnt, die sagt, was erwartet wird. Die Formulare des",
    "Backoffice nehmen dagegen „2,50“.",
    "",
    "**Anmeldung**: die Sitzung des Backoffice (Cookie) oder ein API-Token als",
    "`Authorization: Bearer …`. Ändernde Aufrufe mit Cookie brauchen einen `Origin` dieser Seite.",
  ].join("\n"),
  security: {
    cookie: "Die Sitzung nach der Anmeldung unter /backend/login.",
    bearer: "Ein API-Token, im Kopf `Authorization: Bearer <token>`.",
  },
  envelope: {
    data: "Die Daten der Antwort.",
    meta: "Angaben zur Liste: Anzahl, Seite, Seitenzahl, Seitengröße.",
    errors: "Was abgelehnt wurde; die erste Meldung liest sich für sich allein.",
    message: "Die Meldung auf Deutsch.",
    field: "Das Feld, um das es geht (bei Listen mit Punkt und Stelle, etwa `parts.0.name`).",
  },
  responses: {
    ok: "Erfolg.",
    created: "Angelegt.",
    badRequest: "Ungültige Eingabe: die Meldungen nennen die Felder.",
    unauthorized: "Nicht angemeldet.",
    forbidden: "Keine Berechtigung.",
    notFound: "Nicht gefunden.",
    conflict: "Inzwischen geändert (Version veraltet) oder noch in Gebrauch.",
    notModified: "Unverändert seit dem genannten ETag.",
    file: "Eine Datei.",
  },
  parameters: {
    id: "Die Nummer (id) des Datensatzes.",
    search: "Suchtext (ohne Groß- und Kleinschreibung).",
    sort: "Spalte, nach der sortiert wird.",
    dir: "Richtung der Sortierung.",
    page: "Seite, ab 1.",
    pageSize: "Einträge je Seite (höchstens 200).",
    branchId: "Nur diese Filiale.",
    filter: (name: string) => `Nur Einträge mit diesem Wert in „${name}“.`,
    ifMatch: "Die Version, die zuletzt gelesen wurde (ETag); eine veraltete ergibt 409.",
  },
  resource: {
    list: (plural: string) => `${plural} auflisten`,
    create: (singular: string) => `${singular} anlegen`,
    read: (singular: string) => `${singular} lesen`,
    update: (singular: string) => `${singular} ändern`,
    updateDescription:
      "Die gesendeten Felder ersetzen die gespeicherten, die übrigen bleiben. `version` im Körper oder `If-Match` prüft, ob inzwischen jemand anderes geändert hat.",
    delete: (singular: string) => `${singular} löschen`,
    record: (singular: string) => `${singular}, wie die Schnittstelle ihn zeigt`,
    input: (singular: string) => `${singular}: Eingabe`,
  },
  record: {
    id: "Nummer des Datensatzes.",
    version: "Version für die nächste Änderung (wie `ETag`).",
  },
  money: {
    description:
      "Betrag in ganzen Cent: 250 steht für 2,50 €. Ein Euro-Betrag wie 1.2 wird mit einer Meldung abgelehnt.",
  },
  formats: {
    identifier: "Kleinbuchstaben, Ziffern und einzelne Bindestriche, z. B. „altstadt-2“.",
    color: "Farbe als #rrggbb.",
    postcodes: "Postleitzahlen, durch Komma oder Leerzeichen getrennt.",
    localDateTime: "Tag und Uhrzeit in der Zeitzone des Shops, z. B. 2026-12-24T08:30.",
  },
  reference: {
    one: (resource: string) => `Nummer (id) eines Eintrags aus /${resource}.`,
    many: (resource: string) => `Nummern (ids) von Einträgen aus /${resource}, in Reihenfolge.`,
  },
  example: {
    name: "Beispiel",
    text: "Ein kurzer Text.",
  },
  area: {
    label: "Programmierschnittstelle",
    description: "Alle Aufrufe der JSON-Schnittstelle, zum Nachlesen und Herunterladen.",
  },
  page: {
    title: "Programmierschnittstelle",
    lead: "Die Beschreibung aller Aufrufe der JSON-Schnittstelle (OpenAPI 3.1), für Entwicklerinnen und Entwickler.",
    json: "Beschreibung als JSON herunterladen (/api/openapi.json)",
    operations: "Alle Aufrufe",
    method: "Methode",
    path: "Pfad",
    summary: "Zweck",
    loading: "Die ausführliche Ansicht wird geladen …",
  },
} as const;
