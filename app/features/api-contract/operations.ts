import { WEBHOOK_EVENT_TYPES } from "#app/domain/webhook-events";
import type { JsonSchema } from "./field-schemas";

/**
 * The API's calls beyond the standard resources (spec section 7), described by hand: each route
 * of `app/routes.ts` under `api/` that the registry does not generate. The contract test
 * (`tests/integration/openapi-contract.test.ts`) fails when a route is missing here, when a path
 * here answers 404 or 405, or when an example body here is refused.
 */

export type Method = "get" | "post" | "put" | "delete";

/** Who may call it: any signed-in staff member, or nobody in particular (a key in the path). */
export type Access = "staff" | "public";

export interface HandOperation {
  method: Method;
  /** The path below `/api`, with `{name}` for Remix's `:name`. */
  path: string;
  tag: string;
  summary: string;
  description?: string;
  access?: Access;
  /** Query parameters: name → description (all optional strings). */
  query?: Readonly<Record<string, string>>;
  /** A JSON body: its schema (an object, open for more) and an example that is accepted. */
  body?: { schema?: JsonSchema; example?: Record<string, unknown>; required?: boolean };
  /** The success status when not 200. */
  status?: 201 | 202 | 204;
  /** What a success carries when it is no JSON (a CSV, a style sheet). */
  produces?: string;
  /** Path parameters that mean something else here than in `PATH_PARAMETERS`. */
  pathParameters?: Readonly<Record<string, PathParameter>>;
}

export interface PathParameter {
  description: string;
  schema: JsonSchema;
  example: string | number;
}

/**
 * Values the generated examples (the required fields) need besides, where a resource's rules
 * ask for more than its required fields say: a printer names its connection, a text segment its
 * text.
 */
export const RESOURCE_EXAMPLES: Readonly<Record<string, Record<string, unknown>>> = {
  allergens: { code: "Z" },
  blocks: { content: {} },
  devices: { kind: "printer", connection: "star_cloudprnt" },
  "digital-signage-segments": { kind: "text", body: "Willkommen in der Backstube" },
};

/** The path parameters' meaning and an example value for each name used in the paths below. */
export const PATH_PARAMETERS: Readonly<Record<string, PathParameter>> = {
  id: { description: "Nummer (id).", schema: { type: "integer", minimum: 1 }, example: 1 },
  orderId: {
    description: "Nummer der Bestellung.",
    schema: { type: "integer", minimum: 1 },
    example: 1,
  },
  userId: {
    description: "Nummer des Benutzers.",
    schema: { type: "integer", minimum: 1 },
    example: 1,
  },
  productId: {
    description: "Nummer des Produkts.",
    schema: { type: "integer", minimum: 1 },
    example: 1,
  },
  branchId: {
    description: "Nummer der Filiale.",
    schema: { type: "integer", minimum: 1 },
    example: 1,
  },
  deliveryId: {
    description: "Nummer einer Zustellung eines Webhooks.",
    schema: { type: "integer", minimum: 1 },
    example: 1,
  },
  index: {
    description: "Stelle der Position in der Bestellung, ab 0.",
    schema: { type: "integer", minimum: 0 },
    example: 0,
  },
  operation: {
    description: "Was mit der Bestellung geschehen soll.",
    schema: {
      type: "string",
      enum: [
        "print",
        "update-payment-status",
        "refund-payment",
        "resend-new-order-email",
        "resend-new-order-sms",
      ],
    },
    example: "print",
  },
  status: {
    description: "Der neue Status.",
    schema: {
      type: "string",
      enum: ["confirm", "reject", "cancel", "in-delivery", "completed", "counter-appointment"],
    },
    example: "confirm",
  },
  view: {
    description: "Die Ansicht: Theke (frontdesk) oder Backstube (backoffice).",
    schema: { type: "string", enum: ["frontdesk", "backoffice"] },
    example: "frontdesk",
  },
  apiKey: {
    description: "Der Schlüssel des Thekengeräts der Filiale.",
    schema: { type: "string" },
    example: "schluessel",
  },
  deviceKey: {
    description: "Der Schlüssel der Stempeluhr der Filiale.",
    schema: { type: "string" },
    example: "schluessel",
  },
  call: {
    description: "Was die Stempeluhr liest.",
    schema: { type: "string", enum: ["me", "working-activities", "working-schedules"] },
    example: "me",
  },
  action: {
    description: "Der Tipp auf der Stempeluhr.",
    schema: { type: "string", enum: ["start", "end", "pause", "resume"] },
    example: "start",
  },
  uid: {
    description: "Die öffentliche Kennung der Bestellung.",
    schema: { type: "string" },
    example: "uid",
  },
  hash: {
    description: "Der Prüfwert aus dem Link der Bestellbestätigung.",
    schema: { type: "string" },
    example: "hash",
  },
  metric: {
    description: "Die Kennzahl.",
    schema: {
      type: "string",
      enum: [
        "unique-visitors",
        "page-views",
        "pages",
        "events",
        "orders",
        "revenue",
        "canceled-orders",
        "items",
        "popular-items",
        "visitor-times",
        "order-times",
        "working-activities",
        "working-schedules",
      ],
    },
    example: "orders",
  },
  family: {
    description: "Die Schriftfamilie, wie /fonts sie nennt.",
    schema: { type: "string" },
    example: "lato",
  },
  file: {
    description: "`style-<Schnitt>.embed.css`, etwa `style-regular.embed.css`.",
    schema: { type: "string", pattern: "^style-[0-9a-z]{1,20}\\.embed\\.css$" },
    example: "style-regular.embed.css",
  },
};

const period = {
  from: "Erster Tag (JJJJ-MM-TT).",
  to: "Letzter Tag (JJJJ-MM-TT).",
};

const object = (properties: JsonSchema = {}, required: string[] = []): JsonSchema => ({
  type: "object",
  properties,
  ...(required.length ? { required } : {}),
});

const text = { type: "string" };
const webhookBody: JsonSchema = {
  type: "object",
  properties: {
    url: { type: "string", format: "uri", description: "http(s)-Adresse des Empfängers." },
    description: { type: "string", maxLength: 200 },
    events: {
      type: "array",
      items: {
        type: "string",
        enum: [...WEBHOOK_EVENT_TYPES],
      },
      minItems: 1,
    },
    enabled: { type: "boolean" },
  },
  required: ["url", "events"],
};
const WEBHOOK_EXAMPLE = {
  url: "https://warenwirtschaft.example.org/backstube",
  description: "Warenwirtschaft",
  events: ["order.created", "order.confirmed"],
};
const id = { type: "integer", minimum: 1 };
const ids = { type: "array", items: id };
const unit01 = { type: "number", minimum: 0, maximum: 1 };
const day = { type: "string", format: "date", description: "Tag (JJJJ-MM-TT)." };
const clock = { type: "string", pattern: "^\\d{2}:\\d{2}$", description: "Uhrzeit (HH:MM)." };
const instant = { type: "string", format: "date-time", description: "Zeitpunkt (ISO 8601)." };

const nullableText = (maxLength: number, description?: string): JsonSchema => ({
  type: ["string", "null"],
  maxLength,
  ...(description ? { description } : {}),
});
/** An id, or an object with one (`{ "id": 5 }`), as the spec's payloads name references. */
const reference: JsonSchema = {
  oneOf: [id, object({ id }, ["id"])],
  description: "Nummer, oder ein Objekt mit `id`.",
};
const pauses: JsonSchema = {
  type: "array",
  maxItems: 20,
  items: object({ start: instant, end: { ...instant, type: ["string", "null"] } }, ["start"]),
};
const reason = {
  type: "string",
  minLength: 1,
  maxLength: 500,
  description: "Der Grund der Änderung (wird protokolliert).",
};
/** One configured step of an item: a text (`value`) or chosen options. */
const itemPart: JsonSchema = object(
  {
    partId: id,
    value: nullableText(4000, "Text eines Textschritts."),
    options: { type: "array", maxItems: 100, items: object({ optionId: id }, ["optionId"]) },
    optionIds: { type: "array", maxItems: 100, items: id },
  },
  ["partId"],
);
const itemFields = {
  amount: {
    type: ["number", "string"],
    description: 'Menge; Zahl oder Text wie "1,5" (Gewicht in kg).',
  },
  unit: { type: "string", maxLength: 20, description: "Einheit, z. B. piece oder kg." },
  parts: { type: "array", maxItems: 100, items: itemPart },
};
/** `POST /api/orders`: the order form's fields with the branch and the items (decision 019). */
const staffOrderBody: JsonSchema = object(
  {
    branch: reference,
    isDelivery: { type: "boolean" },
    isDineIn: { type: "boolean" },
    deliveryArea: { ...reference, oneOf: [id, object({ id }, ["id"]), { type: "null" }] },
    items: {
      type: "array",
      minItems: 1,
      maxItems: 100,
      items: object({ product: reference, ...itemFields }, ["product", "amount"]),
    },
    name: nullableText(120),
    company: nullableText(120),
    street: nullableText(200),
    city: nullableText(120),
    floor: nullableText(20),
    stairway: nullableText(20),
    door: nullableText(20),
    phone: nullableText(40),
    email: nullableText(254),
    appointmentDate: nullableText(40, "Termin (ISO 8601)."),
    appointment: nullableText(40, "Termin wie im Bestellformular."),
    comment: nullableText(2000),
    paymentMethod: nullableText(40, "z. B. cash."),
    table: { ...reference, oneOf: [id, object({ id }, ["id"]), { type: "null" }] },
    donatee: { ...reference, oneOf: [id, object({ id }, ["id"]), { type: "null" }] },
    legalInstructions: { type: "boolean" },
    privacyPolicy: { type: "boolean" },
    orderKey: {
      type: "string",
      pattern: "^[A-Za-z0-9_-]{16,64}$",
      description: "Ein wiederholter Schlüssel antwortet mit derselben Bestellung.",
    },
  },
  ["branch", "items"],
);

/** A shift's fields (decision 059); `required` names those a new shift needs. */
const shiftBody = (required: string[]): JsonSchema =>
  object(
    {
      userId: id,
      branchId: id,
      departmentId: { type: ["integer", "null"], minimum: 1 },
      day,
      start: clock,
      end: { ...clock, description: "Ende (HH:MM); vor dem Beginn endet sie am nächsten Tag." },
    },
    required,
  );

export const HAND_OPERATIONS: readonly HandOperation[] = [
  // ——— Start, settings, log ———
  {
    method: "get",
    path: "/openapi.json",
    tag: "Start",
    summary: "Diese Beschreibung der Schnittstelle (OpenAPI 3.1)",
    description: "Mit `ETag`; wer ihn in `If-None-Match` nennt, hört 304.",
  },
  {
    method: "get",
    path: "/init",
    tag: "Start",
    summary: "Startdaten des Backoffice in einem Aufruf",
    description:
      "Eine Liste von Einträgen mit `url` und `data.data` für Einstellungen, Organisationen, Filialen, Speisekarten, Kategorien, Produkte, Tags, Tische, Seiten, Navigationen, Blöcke und Spendenempfänger.",
  },
  {
    method: "get",
    path: "/config",
    tag: "Einstellungen",
    summary: "Einstellungen des Shops lesen",
  },
  {
    method: "post",
    path: "/config",
    tag: "Einstellungen",
    summary: "Einstellungen des Shops ändern",
    description: "Die gesendeten Felder ersetzen die gespeicherten, die übrigen bleiben.",
    body: {
      schema: object({ enablePluginFrontdesk: { type: "boolean" } }),
      example: { enablePluginFrontdesk: true },
    },
  },
  {
    method: "get",
    path: "/logs",
    tag: "Protokoll",
    summary: "Protokoll der Änderungen",
    query: {
      userId: "Nur dieser Benutzer.",
      entityType: "Nur diese Art von Datensatz.",
      action: "Nur diese Handlung.",
      branchId: "Nur diese Filiale.",
      ...period,
      before: "Einträge vor diesem Zeiger (aus `meta.next`).",
    },
  },
  { method: "get", path: "/logs/{id}", tag: "Protokoll", summary: "Ein Protokolleintrag" },
  // ——— Users ———
  { method: "get", path: "/users/me", tag: "Benutzer", summary: "Der angemeldete Benutzer" },
  { method: "get", path: "/users", tag: "Benutzer", summary: "Benutzer auflisten" },
  {
    method: "post",
    path: "/users",
    tag: "Benutzer",
    summary: "Benutzer anlegen",
    status: 201,
    body: {
      schema: object(
        {
          name: text,
          email: { type: "string", format: "email" },
          roles: {
            type: "array",
            items: { enum: ["ROLE_ADMIN", "ROLE_MANAGER", "ROLE_EMPLOYEE"] },
            minItems: 1,
          },
          branchIds: ids,
          password: { type: "string", minLength: 8 },
        },
        ["name", "email", "roles", "password"],
      ),
      example: {
        name: "Erika Muster",
        email: "erika.muster@example.org",
        roles: ["ROLE_EMPLOYEE"],
        branchIds: [1],
        password: "Roggenbrot-2026",
      },
    },
  },
  { method: "get", path: "/users/{userId}", tag: "Benutzer", summary: "Einen Benutzer lesen" },
  {
    method: "put",
    path: "/users/{userId}",
    tag: "Benutzer",
    summary: "Einen Benutzer ändern",
    description:
      "Die gesendeten Felder ersetzen die gespeicherten; `isLocked` sperrt oder entsperrt, `password` setzt ein neues Passwort.",
    body: {
      schema: object({
        name: text,
        email: text,
        roles: { type: "array", items: text },
        branchIds: ids,
        isLocked: { type: "boolean" },
        password: text,
      }),
      example: { name: "Erika Muster-Beispiel" },
    },
  },
  { method: "delete", path: "/users/{userId}", tag: "Benutzer", summary: "Einen Benutzer löschen" },
  {
    method: "post",
    path: "/users/{userId}/logout-everywhere",
    tag: "Benutzer",
    summary: "Überall abmelden",
    description: "Beendet jede Sitzung des Benutzers und jeden unbenutzten Anmeldelink.",
  },
  // ——— Orders (staff) ———
  {
    method: "get",
    path: "/orders",
    tag: "Bestellungen",
    summary: "Bestellungen (Verlauf, mit Filtern)",
    query: { ...period, branchId: "Nur diese Filiale.", search: "Suchtext.", page: "Seite." },
  },
  {
    method: "post",
    path: "/orders",
    tag: "Bestellungen",
    summary: "Bestellung erfassen (Telefon, Theke)",
    status: 201,
    description:
      "Die Felder des Bestellformulars mit `isDelivery`, `isDineIn`, `items` und `branch`. Ein wiederholter `orderKey` antwortet 200 mit derselben Bestellung.",
    body: { schema: staffOrderBody },
  },
  { method: "get", path: "/orders/current", tag: "Bestellungen", summary: "Aktuelle Bestellungen" },
  { method: "get", path: "/orders/missed", tag: "Bestellungen", summary: "Verpasste Bestellungen" },
  {
    method: "get",
    path: "/orders/{orderId}",
    tag: "Bestellungen",
    summary: "Eine Bestellung mit Positionen und Summen",
  },
  {
    method: "put",
    path: "/orders/{orderId}",
    tag: "Bestellungen",
    summary: "Kontaktdaten, Termin und Kommentar ändern",
    description: "Mit der zuvor gelesenen `version`; eine veraltete ergibt 409.",
    body: {
      schema: object(
        {
          version: { type: ["string", "integer"], description: "Die gelesene Version." },
          name: nullableText(120),
          company: nullableText(120),
          phone: nullableText(40),
          email: nullableText(254),
          street: nullableText(200),
          city: nullableText(120),
          floor: nullableText(20),
          stairway: nullableText(20),
          door: nullableText(20),
          appointment: nullableText(40),
          comment: nullableText(2000),
        },
        ["version"],
      ),
    },
  },
  {
    method: "delete",
    path: "/orders/{orderId}",
    tag: "Bestellungen",
    summary: "Eine nie abgeschlossene Bestellung löschen",
  },
  {
    method: "post",
    path: "/orders/{orderId}/{operation}",
    tag: "Bestellungen",
    summary: "Drucken, Zahlstatus, Erstattung, Bestätigung erneut senden",
    body: { schema: object(), example: {}, required: false },
  },
  {
    method: "post",
    path: "/orders/{orderId}/status/{status}",
    tag: "Bestellungen",
    summary: "Status der Bestellung ändern",
    description:
      "`message` bei Ablehnung; `date` und `time` für einen Thekentermin (`counter-appointment`).",
    body: {
      schema: object({ message: text, date: text, time: text }),
      example: {},
      required: false,
    },
  },
  {
    method: "put",
    path: "/orders/{orderId}/items/{index}",
    tag: "Bestellungen",
    summary: "Eine Position ändern und neu berechnen",
    description:
      'Zum Beispiel `{ "amount": 2, "unit": "piece", "parts": [{ "partId": 7, "options": [{ "optionId": 3 }] }] }`; die Antwort ist die ganze Bestellung.',
    body: { schema: object(itemFields, ["amount"]) },
  },
  {
    method: "get",
    path: "/orders/{view}/{branchId}/{apiKey}",
    tag: "Bestellungen",
    summary: "Theken- und Backstubenansicht mit Geräteschlüssel",
    access: "public",
  },
  // ——— Orders (public) ———
  {
    method: "get",
    path: "/orders/public/{uid}/{hash}",
    tag: "Bestellungen (öffentlich)",
    summary: "Die öffentliche Sicht einer Bestellung",
    access: "public",
  },
  {
    method: "post",
    path: "/orders/public/{uid}/{hash}/{operation}",
    tag: "Bestellungen (öffentlich)",
    summary: "Thekentermin bestätigen oder ablehnen, Fragebogen senden",
    description:
      "`confirm-counter-appointment` und `reject-counter-appointment` ohne Körper; `questionnaire` mit rating, foodRating, serviceRating, processRating, comment.",
    access: "public",
    pathParameters: {
      operation: {
        description: "Was die Kundin oder der Kunde tut.",
        schema: {
          type: "string",
          enum: ["confirm-counter-appointment", "reject-counter-appointment", "questionnaire"],
        },
        example: "questionnaire",
      },
    },
    body: {
      schema: object({
        rating: { type: "integer", minimum: 1, maximum: 5 },
        foodRating: { type: "integer", minimum: 1, maximum: 5 },
        serviceRating: { type: "integer", minimum: 1, maximum: 5 },
        processRating: { type: "integer", minimum: 1, maximum: 5 },
        comment: text,
      }),
      required: false,
    },
  },
  // ——— Catalogue extras ———
  {
    method: "get",
    path: "/products/sold-out",
    tag: "Produkte",
    summary: "Heute ausverkaufte Produkte einer Filiale",
    query: { branchId: "Die Filiale." },
  },
  {
    method: "put",
    path: "/products/{productId}/sold-out",
    tag: "Produkte",
    summary: "Heute ausverkauft setzen oder aufheben",
    body: { schema: object({ branchId: id, soldOut: { type: "boolean" } }) },
  },
  {
    method: "post",
    path: "/products/bulk",
    tag: "Produkte",
    summary: "Preise und Steuersätze vieler Produkte ändern",
    description:
      "Erst mit `dryRun: true` die alten und neuen Werte und die `checksum` holen, dann mit derselben Auswahl und der `checksum` (oder den `versions`) ausführen; hat sich ein Produkt dazwischen geändert, 409 und nichts wird gespeichert.",
    body: {
      schema: object(
        {
          productIds: { type: "array", minItems: 1, items: id },
          field: {
            type: "string",
            enum: ["price", "tax", "takeawayTax", "dineInTax"],
            description: "Preis oder einer der drei Steuersätze (Namen wie beim Produkt).",
          },
          mode: {
            type: "string",
            enum: ["percent", "amount", "set"],
            description: "Steuersätze nur mit set.",
          },
          value: {
            type: ["number", "string"],
            description:
              "percent: Prozent (5 = +5 %); amount: Cent (−20 = 20 Cent weniger); set: Cent beim Preis, Prozent (0, 7, 19) beim Steuersatz.",
          },
          dryRun: { type: "boolean" },
          checksum: { type: "string", description: "Die `checksum` der Vorschau." },
          versions: {
            type: "object",
            additionalProperties: { type: "string" },
            description: "Die Versionen der Vorschau je Produktnummer.",
          },
        },
        ["productIds", "field", "mode", "value"],
      ),
    },
  },
  {
    method: "get",
    path: "/products/export",
    tag: "Produkte",
    summary: "Produkte als CSV",
    produces: "text/csv",
  },
  {
    method: "post",
    path: "/products/import",
    tag: "Produkte",
    summary: "Produkte aus einer CSV-Datei einlesen",
    query: { dryRun: "Nur prüfen, nichts speichern (1)." },
    body: { schema: object() },
  },
  {
    method: "post",
    path: "/products/{id}/copy",
    tag: "Produkte",
    summary: "Ein Produkt kopieren",
    status: 201,
  },
  {
    method: "get",
    path: "/branches/{id}/menus",
    tag: "Filialen",
    summary: "Die Speisekarten einer Filiale",
  },
  {
    method: "get",
    path: "/image-templates/{id}/layers",
    tag: "Bildvorlagen",
    summary: "Die Ebenen einer Bildvorlage",
  },
  {
    method: "get",
    path: "/fonts",
    tag: "Schriften",
    summary: "Die verfügbaren Schriften",
    access: "public",
  },
  {
    method: "get",
    path: "/fonts/google/{family}/{file}",
    tag: "Schriften",
    summary: "@font-face-Regeln einer Schrift mit eingebetteten Dateien",
    access: "public",
    produces: "text/css",
  },
  // ——— Images and files ———
  {
    method: "get",
    path: "/images",
    tag: "Bilder",
    summary: "Bilder auflisten",
    query: { search: "Suchtext.", page: "Seite." },
  },
  {
    method: "post",
    path: "/images",
    tag: "Bilder",
    summary: "Ein Bild hochladen",
    description: "Als multipart/form-data mit der Datei im Feld `file`.",
    status: 201,
  },
  { method: "get", path: "/images/{id}", tag: "Bilder", summary: "Ein Bild lesen" },
  {
    method: "put",
    path: "/images/{id}",
    tag: "Bilder",
    summary: "Angaben eines Bildes ändern",
    body: {
      schema: object({
        alt: { type: "string", description: "Was auf dem Bild zu sehen ist." },
        focalPoint: object({ x: unit01, y: unit01 }, ["x", "y"]),
        version: {
          type: ["integer", "string"],
          description: "Die gelesene Version (oder If-Match).",
        },
      }),
    },
  },
  { method: "delete", path: "/images/{id}", tag: "Bilder", summary: "Ein Bild löschen" },
  {
    method: "get",
    path: "/uploads",
    tag: "Dateien",
    summary: "Dateien auflisten",
    query: { search: "Suchtext.", page: "Seite.", pageSize: "Einträge je Seite." },
  },
  {
    method: "post",
    path: "/uploads",
    tag: "Dateien",
    summary: "Eine Datei hochladen",
    description: "Als multipart/form-data, oder JSON mit einer Data-URL im Feld `data`.",
    status: 201,
  },
  { method: "get", path: "/uploads/{id}", tag: "Dateien", summary: "Eine Datei lesen" },
  {
    method: "put",
    path: "/uploads/{id}",
    tag: "Dateien",
    summary: "Angaben einer Datei ändern",
    body: { schema: object({ name: text }) },
  },
  { method: "delete", path: "/uploads/{id}", tag: "Dateien", summary: "Eine Datei löschen" },
  // ——— Devices and signage ———
  {
    method: "post",
    path: "/devices/{id}/test/print",
    tag: "Geräte",
    summary: "Testdruck auf einem Drucker",
  },
  {
    method: "post",
    path: "/devices/{id}/test/notification",
    tag: "Geräte",
    summary: "Testmeldung an einen Melder",
  },
  {
    method: "post",
    path: "/devices/{id}/request-device-logs",
    tag: "Geräte",
    summary: "Protokoll eines Geräts anfordern",
  },
  {
    method: "post",
    path: "/digital-signage-devices/pair",
    tag: "Digital Signage",
    summary: "Einen Fernseher mit seinem Code koppeln",
    body: { schema: object({ code: text, name: text, branchId: id, streamId: id }) },
  },
  // ——— Webhooks (issue 38 part 3, decisions 093 and 094): administrators only ———
  {
    method: "get",
    path: "/webhooks",
    tag: "Webhooks",
    summary: "Webhook-Empfänger auflisten (ohne ihre Geheimnisse)",
  },
  {
    method: "post",
    path: "/webhooks",
    tag: "Webhooks",
    summary: "Einen Webhook-Empfänger anlegen",
    description:
      "Antwortet 201 mit dem Geheimnis (`secret`) für die Signaturen, das nur hier gezeigt wird. " +
      "Jede Zustellung trägt `Webhook-Id`, `Webhook-Event` und `Webhook-Signature: t=<Unix-Zeit>," +
      'v1=<HMAC-SHA256(secret, "<t>.<Body>") hex>`.',
    status: 201,
    body: { schema: webhookBody, example: WEBHOOK_EXAMPLE, required: true },
  },
  { method: "get", path: "/webhooks/{id}", tag: "Webhooks", summary: "Einen Empfänger lesen" },
  {
    method: "put",
    path: "/webhooks/{id}",
    tag: "Webhooks",
    summary: "Einen Empfänger ändern",
    body: { schema: webhookBody, example: WEBHOOK_EXAMPLE, required: true },
  },
  { method: "delete", path: "/webhooks/{id}", tag: "Webhooks", summary: "Einen Empfänger löschen" },
  {
    method: "get",
    path: "/webhooks/{id}/deliveries",
    tag: "Webhooks",
    summary: "Die Zustellungen an einen Empfänger, neueste zuerst, mit Antwort und Versuchen",
  },
  {
    method: "post",
    path: "/webhooks/deliveries/{deliveryId}/resend",
    tag: "Webhooks",
    summary: "Eine Zustellung mit derselben Ereignis-Id erneut senden",
    status: 202,
  },
  // ——— Production list (issue 39 part 1, decision 103) ———
  {
    method: "get",
    path: "/production-lists",
    tag: "Backliste",
    summary: "Was an einem Tag zu backen ist, je Produkt und Ausführung summiert",
    query: {
      day: "Der Tag (JJJJ-MM-TT), ohne Angabe heute.",
      branchId: "Nur diese Filiale; ohne Angabe alle eigenen.",
      groupBy: "Gruppiert nach category (Kategorie, ohne Angabe) oder department (Abteilung).",
    },
  },
  // ——— The tax adviser's export (issue 39 part 3, decision 116) ———
  {
    method: "get",
    path: "/exports",
    tag: "Steuerberater-Export",
    summary: "Umsatz eines Monats nach Steuersatz und Zahlungsart (Cent)",
    description:
      "Zählt wie die Statistik: im Monat angelegte Bestellungen, die nicht storniert, abgelehnt, fehlgeschlagen oder Angebotsanfragen sind. Erstattungen, Stornos und Spenden stehen getrennt. Administratoren und Filialleitungen (eigene Filialen).",
    query: {
      month: "Der Monat (JJJJ-MM), ohne Angabe der letzte volle Monat.",
      branchId: "Nur diese Filiale; ohne Angabe alle (Administratoren) bzw. die erste eigene.",
    },
  },
  {
    method: "get",
    path: "/exports/datev",
    tag: "Steuerberater-Export",
    summary: "DATEV-Buchungsstapel eines Monats (EXTF 700, Windows-1252)",
    description:
      "Je Bestellung und Steuersatz eine Buchung vom Konto der Zahlungsart an das Erlöskonto, Erstattungen als Gegenbuchung. 409, solange Berater- oder Mandantennummer fehlen.",
    query: {
      month: "Der Monat (JJJJ-MM), ohne Angabe der letzte volle Monat.",
      branchId: "Nur diese Filiale; ohne Angabe alle (Administratoren) bzw. die erste eigene.",
    },
    produces: "text/csv",
  },
  {
    method: "get",
    path: "/exports/order-lines",
    tag: "Steuerberater-Export",
    summary: "Alle Bestellpositionen eines Monats mit Netto, Steuer und Brutto (CSV)",
    query: {
      month: "Der Monat (JJJJ-MM), ohne Angabe der letzte volle Monat.",
      branchId: "Nur diese Filiale; ohne Angabe alle (Administratoren) bzw. die erste eigene.",
    },
    produces: "text/csv",
  },
  // ——— Daily closing (issue 39 part 3, decision 117) ———
  {
    method: "get",
    path: "/daily-closings",
    tag: "Tagesabschluss",
    summary: "Der Tagesabschluss einer Filiale: Umsatz nach Steuersatz, Bestellart und Zahlungsart",
    description:
      "Ein abgeschlossener Tag mit Nummer, wer und wann, und den festgeschriebenen Zahlen; ein offener Tag mit den Zahlen, die ein Abschluss jetzt festschreiben würde. Beträge in Cent. Administratoren und die Leitung der Filiale.",
    query: {
      branchId: "Die Filiale; ohne Angabe die erste eigene.",
      date: "Der Geschäftstag (JJJJ-MM-TT), ohne Angabe heute.",
    },
  },
  {
    method: "post",
    path: "/daily-closings",
    tag: "Tagesabschluss",
    summary: "Einen Tag abschließen",
    description:
      "Schreibt die Zahlen des Tages fest und vergibt die nächste Nummer der Filiale. Ein bereits abgeschlossener Tag: 409. Spätere Änderungen an Bestellungen des Tages bucht der nächste Abschluss als Korrektur.",
    status: 201,
    body: {
      schema: object(
        {
          branchId: { type: "integer", minimum: 1, description: "Die Filiale." },
          date: {
            type: "string",
            format: "date",
            description: "Der Geschäftstag (JJJJ-MM-TT), heute oder früher.",
          },
        },
        ["branchId", "date"],
      ),
      example: { branchId: 1, date: "2026-11-28" },
    },
  },
  // ——— Personal data (decision 112) ———
  {
    method: "get",
    path: "/customer-data",
    tag: "Kundendaten",
    summary: "Auskunft über eine Kundin oder einen Kunden (Art. 15 DSGVO)",
    description:
      "Alle gespeicherten Bestellungen und Nachrichten zu dieser E-Mail-Adresse oder Telefonnummer. Nur Administratoren.",
    query: { q: "E-Mail-Adresse oder Telefonnummer (mindestens 6 Ziffern)." },
  },
  {
    method: "post",
    path: "/customer-data/erase",
    tag: "Kundendaten",
    summary: "Kundendaten löschen (Art. 17 DSGVO)",
    description:
      "Entfernt die Kontaktdaten aller Bestellungen dieser Kundin oder dieses Kunden, Texte auf Artikeln, hochgeladene Fotos und gesendete Nachrichten. Artikel, Preise, Steuern und Zahlungsdaten bleiben. Nur Administratoren.",
    body: {
      schema: object({ q: { type: "string", description: "E-Mail-Adresse oder Telefonnummer." } }, [
        "q",
      ]),
      example: { q: "kundin@example.org" },
    },
  },
  // ——— Statistics ———
  {
    method: "get",
    path: "/statistics/{metric}",
    tag: "Statistik",
    summary: "Eine Kennzahl über einen Zeitraum",
    query: { ...period, branch: "Nur diese Filiale." },
  },
  // ——— Time tracking ———
  {
    method: "get",
    path: "/working-activities",
    tag: "Arbeitszeit",
    summary: "Arbeitszeiten auflisten",
    query: { ...period, user: "Nur dieser Benutzer.", branchId: "Nur diese Filiale." },
  },
  {
    method: "post",
    path: "/working-activities",
    tag: "Arbeitszeit",
    summary: "Arbeitszeit nachtragen",
    status: 201,
    body: {
      schema: object(
        {
          userId: id,
          branchId: id,
          departmentId: { type: ["integer", "null"], minimum: 1 },
          projectId: { type: ["integer", "null"], minimum: 1 },
          taskId: { type: ["integer", "null"], minimum: 1 },
          start: instant,
          end: { ...instant, type: ["string", "null"] },
          pauses,
          comment: nullableText(1000),
          reason,
        },
        ["userId", "branchId", "start", "reason"],
      ),
    },
  },
  {
    method: "get",
    path: "/working-activities/{id}",
    tag: "Arbeitszeit",
    summary: "Eine Arbeitszeit lesen",
  },
  {
    method: "put",
    path: "/working-activities/{id}",
    tag: "Arbeitszeit",
    summary: "Eine Arbeitszeit korrigieren",
    body: {
      schema: object(
        {
          start: instant,
          end: { ...instant, type: ["string", "null"] },
          pauses,
          comment: nullableText(1000),
          reason,
        },
        ["start", "reason"],
      ),
    },
  },
  {
    method: "delete",
    path: "/working-activities/{id}",
    tag: "Arbeitszeit",
    summary: "Eine Arbeitszeit löschen (mit Grund)",
    query: { reason: "Der Grund (oder im Körper)." },
    body: { schema: object({ reason }), required: false },
  },
  {
    method: "get",
    path: "/clock-credentials/{userId}",
    tag: "Arbeitszeit",
    summary: "Zugang eines Benutzers zur Stempeluhr",
  },
  {
    method: "put",
    path: "/clock-credentials/{userId}",
    tag: "Arbeitszeit",
    summary: "PIN oder Karte für die Stempeluhr setzen",
    body: {
      schema: object({
        pin: { type: "string", description: "4 bis 8 Ziffern." },
        card: { type: ["string", "null"], description: "Kartennummer; null entfernt die Karte." },
        removeCard: { type: "boolean", description: "true entfernt die Karte." },
      }),
      example: { pin: "4711" },
    },
  },
  {
    method: "get",
    path: "/working-schedules",
    tag: "Dienstplan",
    summary: "Schichten auflisten",
    query: { ...period, branchId: "Nur diese Filiale." },
  },
  {
    method: "post",
    path: "/working-schedules",
    tag: "Dienstplan",
    summary: "Eine Schicht planen",
    status: 201,
    body: { schema: shiftBody(["userId", "branchId", "day", "start", "end"]) },
  },
  {
    method: "post",
    path: "/working-schedules/copy-week",
    tag: "Dienstplan",
    summary: "Eine Woche in eine andere kopieren",
    body: {
      schema: object(
        { branchId: id, week: { ...day, description: "Ein Tag der Woche, in die kopiert wird." } },
        ["branchId", "week"],
      ),
    },
  },
  { method: "get", path: "/working-schedules/{id}", tag: "Dienstplan", summary: "Eine Schicht" },
  {
    method: "put",
    path: "/working-schedules/{id}",
    tag: "Dienstplan",
    summary: "Eine Schicht ändern",
    description:
      "Die gesendeten Felder ersetzen die der Schicht; das Ganze wird wie eine neue Schicht geprüft.",
    body: { schema: shiftBody([]), example: { start: "07:00" } },
  },
  {
    method: "delete",
    path: "/working-schedules/{id}",
    tag: "Dienstplan",
    summary: "Eine Schicht löschen",
  },
  {
    method: "get",
    path: "/absences",
    tag: "Dienstplan",
    summary: "Abwesenheiten auflisten",
    query: period,
  },
  {
    method: "post",
    path: "/absences",
    tag: "Dienstplan",
    summary: "Eine Abwesenheit eintragen",
    status: 201,
    body: {
      schema: object(
        {
          userId: id,
          from: day,
          to: { ...day, description: "Letzter Tag; ohne Angabe nur `from`." },
          kind: { type: "string", enum: ["holiday", "sickness", "other"] },
          half: { type: "boolean", description: "Ein halber Tag (nur bei einem Tag)." },
        },
        ["userId", "from", "kind"],
      ),
    },
  },
  {
    method: "delete",
    path: "/absences/{id}",
    tag: "Dienstplan",
    summary: "Eine Abwesenheit löschen",
  },
  {
    method: "get",
    path: "/working-contracts/{userId}",
    tag: "Dienstplan",
    summary: "Arbeitsvertrag eines Benutzers",
  },
  {
    method: "put",
    path: "/working-contracts/{userId}",
    tag: "Dienstplan",
    summary: "Arbeitsvertrag eines Benutzers setzen",
    body: {
      schema: object({
        weekdayMinutes: {
          type: "array",
          minItems: 7,
          maxItems: 7,
          items: { type: ["integer", "string"] },
          description: "Vertragsminuten Montag bis Sonntag (Zahl oder HH:MM).",
        },
        holidayDays: { type: "number", minimum: 0, description: "Urlaubstage im Jahr `year`." },
        carryOverDays: { type: "number", description: "Resturlaub aus dem Vorjahr." },
        year: { type: "integer", description: "Das Jahr der Urlaubstage." },
      }),
    },
  },
  {
    method: "get",
    path: "/time-sheets",
    tag: "Dienstplan",
    summary: "Stundenzettel eines Monats",
    query: { user: "Der Benutzer.", month: "Der Monat (JJJJ-MM)." },
  },
  {
    method: "get",
    path: "/time-sheets/holiday-balances",
    tag: "Dienstplan",
    summary: "Urlaubskonten",
    query: { year: "Das Jahr." },
  },
  { method: "get", path: "/closed-months", tag: "Dienstplan", summary: "Abgeschlossene Monate" },
  {
    method: "post",
    path: "/closed-months",
    tag: "Dienstplan",
    summary: "Einen Monat abschließen",
    status: 201,
    body: {
      schema: object(
        { month: { type: "string", pattern: "^\\d{4}-\\d{2}$", description: "JJJJ-MM." } },
        ["month"],
      ),
    },
  },
  {
    method: "get",
    path: "/time-tracking/{branchId}/{deviceKey}/{call}",
    tag: "Stempeluhr",
    summary: "Stempeluhr: eigener Stand, Arbeitszeiten, Schichten",
    description: "Die Person mit den Köpfen `X-Username` und `X-Access-Token`.",
    access: "public",
  },
  {
    method: "post",
    path: "/time-tracking/{branchId}/{deviceKey}/working-activities/{action}",
    tag: "Stempeluhr",
    summary: "Stempeluhr: kommen, gehen, Pause, weiter",
    access: "public",
    body: { schema: object({ username: text, accessToken: text }), required: false },
  },
  // ——— Visitor analytics ———
  {
    method: "post",
    path: "/analytics-log",
    tag: "Statistik",
    summary: "Ein Besucherereignis der Website",
    description: "Nur mit Zustimmung im Cookie-Banner; Fehler werden still übergangen.",
    access: "public",
    body: { schema: object({ type: text, action: text, category: text, data: {} }) },
  },
];
