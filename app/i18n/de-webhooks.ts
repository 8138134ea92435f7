import type { WebhookDeliveryStatus, WebhookEventType } from "#app/db/schema";

/** German texts of the webhooks (issue 38 part 3, decisions 093 and 094). */
export const deWebhooks = {
  area: {
    label: "Webhooks",
    description:
      "Andere Systeme über Bestellungen, Zahlungen und ausverkaufte Produkte informieren.",
  },
  title: "Webhooks",
  intro:
    "Bei jedem gewählten Ereignis sendet der Shop eine signierte Nachricht (POST, JSON) an die Adresse. Ist der Empfänger nicht erreichbar, wird bis zu drei Tage lang erneut gesendet.",
  newTitle: "Neuer Webhook",
  editTitle: (url: string) => `Webhook ${url}`,
  none: "Noch keine Webhooks angelegt.",
  labels: {
    url: "Adresse (URL)",
    description: "Beschreibung",
    events: "Ereignisse",
    enabled: "Aktiv",
    secret: "Signaturschlüssel",
    createdAt: "Angelegt",
  },
  events: {
    "order.created": "Bestellung eingegangen",
    "order.confirmed": "Bestellung bestätigt",
    "order.canceled": "Bestellung storniert",
    "order.completed": "Bestellung abgeschlossen",
    "payment.received": "Zahlung eingegangen",
    "product.sold_out": "Produkt ausverkauft",
  } satisfies Record<WebhookEventType, string>,
  statuses: {
    pending: "ausstehend",
    delivered: "zugestellt",
    failed: "fehlgeschlagen",
  } satisfies Record<WebhookDeliveryStatus, string>,
  create: "Webhook anlegen",
  save: "Speichern",
  remove: "Webhook löschen",
  regenerate: "Schlüssel neu erzeugen",
  resend: "Erneut senden",
  back: "Zurück zu den Webhooks",
  edit: "Bearbeiten",
  created: "Webhook angelegt.",
  saved: "Webhook gespeichert.",
  removed: "Webhook gelöscht.",
  resent: "Die Nachricht wird erneut gesendet.",
  secretOnce:
    "Der Signaturschlüssel wird nur jetzt angezeigt. Bitte beim Empfänger hinterlegen: damit prüft er die Kopfzeile Webhook-Signature.",
  secretRegenerated: "Neuer Signaturschlüssel erzeugt; der alte gilt ab sofort nicht mehr.",
  log: {
    title: "Zustellungen",
    none: "Noch keine Zustellungen.",
    time: "Zeit",
    event: "Ereignis",
    status: "Status",
    attempts: "Versuche",
    response: "Antwort",
    eventId: "Ereignis-ID",
    action: "Aktion",
  },
  active: "aktiv",
  inactive: "inaktiv",
  errors: {
    badRequest: "Die Anfrage ist ungültig.",
    notFound: "Diesen Webhook gibt es nicht.",
    deliveryNotFound: "Diese Zustellung gibt es nicht.",
    saveFailed: "Webhook konnte nicht gespeichert werden.",
    url: "Adresse (URL): bitte eine vollständige http- oder https-Adresse angeben.",
    urlTooLong: "Adresse (URL): höchstens 2000 Zeichen.",
    urlCredentials: "Adresse (URL): Benutzername und Passwort gehören nicht in die Adresse.",
    urlPrivate:
      "Adresse (URL): Adressen im eigenen Netz (privat, localhost) sind nicht freigegeben (WEBHOOK_PRIVATE_ADDRESSES).",
    descriptionTooLong: "Beschreibung: höchstens 200 Zeichen.",
    events: "Ereignisse: bitte mindestens ein Ereignis wählen.",
    unknownEvent: "Ereignisse: unbekanntes Ereignis.",
    enabled: "Aktiv: bitte an oder aus (true oder false).",
  },
};
