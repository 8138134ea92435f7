import { resource } from "./de-backoffice";

/** German texts of devices and printing (issue 20, decision 056). */
export const deDevices = {
  area: { label: "Geräte", description: "Bondrucker und Bestellmelder der Filialen." },
  resource: resource("Geräte", "Gerät", { newTitle: "Neues Gerät", article: "das" }),
  labels: {
    kind: "Art",
    connection: "Verbindung",
    host: "IP-Adresse",
    port: "Port",
    paperWidth: "Papierbreite (mm)",
    printsNewOrders: "Neue Bestellungen drucken",
    printsConfirmedOrders: "Bestätigte Bestellungen drucken",
    orderTypes: "Bestellarten",
    autoConfirm: "Neue Bestellungen automatisch bestätigen",
    noStatusAnswer: "Drucker antwortet nicht auf die Statusabfrage (GS r)",
  },
  help: {
    identifier: "Eindeutiger Name des Geräts, zum Beispiel 'kueche-drucker'.",
    host: "Nur Adressen im eigenen Netz: 10.x.x.x, 172.16.x.x bis 172.31.x.x oder 192.168.x.x.",
    port: "ESC/POS über TCP: meist 9100.",
    autoConfirm:
      "Eine neue Bestellung gilt als bestätigt, sobald ihr Bon auf diesem Drucker gedruckt ist. Wird der Bon nicht gedruckt, bleibt sie unbestätigt.",
    noStatusAnswer:
      "Nur ESC/POS über TCP. Aus (empfohlen): Ein Bon gilt erst als gedruckt, wenn der Drucker auf die Statusabfrage antwortet. An: für Drucker ohne diese Antwort; dann gilt ein Bon als gedruckt, sobald er vollständig übertragen und die Verbindung sauber geschlossen ist.",
  },
  kinds: [
    { value: "printer", label: "Bondrucker" },
    { value: "notifier", label: "Bestellmelder" },
  ],
  connections: [
    { value: "escpos_tcp", label: "ESC/POS über TCP (Port 9100)" },
    { value: "star_cloudprnt", label: "Star CloudPRNT" },
    { value: "epson_sdp", label: "Epson Server Direct Print" },
  ],
  orderTypes: [
    { value: "takeaway", label: "Abholung" },
    { value: "delivery", label: "Lieferung" },
    { value: "dine-in", label: "Vor Ort" },
  ],
  errors: {
    hostNotPrivate:
      "Nur eine IP-Adresse im eigenen Netz ist erlaubt (10.x.x.x, 172.16–31.x.x, 192.168.x.x).",
    hostRequired: "Bitte geben Sie die IP-Adresse des Druckers an.",
    portRequired: "Bitte geben Sie den Port des Druckers an (meist 9100).",
    paperWidth: "Die Papierbreite ist 58 oder 80 mm.",
    connectionRequired: "Bitte wählen Sie die Verbindung des Druckers.",
    autoConfirmNeedsNewOrders:
      "Automatisch bestätigen geht nur bei einem Bondrucker, der neue Bestellungen druckt.",
  },
  ticket: { copy: "KOPIE", job: "Auftrag", test: "Testdruck: Umlaute äöü ÄÖÜ ß, 12,50 €" },
  failures: {
    refused: "Der Drucker hat die Verbindung abgelehnt.",
    timeout: "Der Drucker hat nicht rechtzeitig geantwortet.",
    unknownHost: "Die Adresse des Druckers ist unbekannt.",
    dropped: "Die Verbindung zum Drucker ist abgebrochen.",
    other: "Der Drucker ist nicht erreichbar.",
  },
  hints: {
    noStatus:
      "Er hat den Bon angenommen, aber nicht auf die Statusabfrage (GS r) geantwortet. Druckt er trotzdem, schalten Sie „Drucker antwortet nicht auf die Statusabfrage (GS r)“ ein, sonst kommt der Bon bei jedem Versuch erneut.",
  },
  log: {
    stale: (id: number) => `Auftrag ${id} ist zu alt und wird nicht mehr automatisch gedruckt.`,
    printed: (id: number, attempts: number) => `Auftrag ${id} gedruckt (Versuch ${attempts}).`,
    failed: (id: number, reason: string) => `Auftrag ${id} nicht gedruckt: ${reason}`,
    test: (message: string) => `Gerätetest: ${message}`,
    logsRequested: "Geräteprotokoll angefordert.",
    autoConfirmed: (jobId: number, orderId: number) =>
      `Bestellung ${orderId} automatisch bestätigt (Bon aus Auftrag ${jobId} gedruckt).`,
  },
  reprint: {
    /** Issue 36, item 15: told apart from "Beleg im Browser drucken". */
    button: "Kopie am Bondrucker",
    done: "Eine Kopie wurde an die Drucker der Filiale geschickt.",
    noPrinter: "Diese Filiale hat keinen Drucker.",
    /** `POST /api/orders/{id}/print` (decision 099): how many printers the ticket went to. */
    queued: (count: number) =>
      `Der Beleg wurde an ${count === 1 ? "einen Drucker" : `${count} Drucker`} der Filiale geschickt.`,
  },
  cloudPrnt: {
    unknownDevice: "Dieses Gerät ist unbekannt.",
    unknownJob: "Diesen Druckauftrag gibt es für dieses Gerät nicht.",
    polled: "Drucker meldet sich (CloudPRNT).",
    fetched: (id: number) => `Auftrag ${id} abgeholt.`,
    alreadyFetched: (id: number) => `Auftrag ${id} ist schon abgeholt oder gedruckt.`,
    confirmed: (id: number) => `Auftrag ${id} gedruckt (vom Drucker bestätigt).`,
    confirmedAgain: (id: number) =>
      `Auftrag ${id} war schon gedruckt; zweite Bestätigung ignoriert.`,
    printerError: (code: string) => `Der Drucker meldet einen Fehler: ${code || "ohne Code"}.`,
  },
  epsonSdp: {
    polled: "Drucker meldet sich (Server Direct Print).",
    badRequest:
      "Diese Anfrage ist keine Server-Direct-Print-Anfrage (ConnectionType GetRequest, SetResponse oder SetStatus).",
    badResult: "Das Druckergebnis (ResponseFile) fehlt oder ist unlesbar.",
    printerError: (code: string) => `Der Drucker meldet einen Fehler: ${code || "ohne Code"}.`,
  },
  page: {
    testPrint: "Testdruck",
    logs: "Geräteprotokoll",
    noLogs: "Noch keine Einträge.",
    stale: "Nicht gedruckte, zu alte Aufträge",
    staleHelp:
      "Diese Bons wurden nicht automatisch gedruckt. Bitte bei Bedarf über die Bestellung erneut drucken.",
    time: "Zeit",
    event: "Ereignis",
    message: "Meldung",
    order: "Bestellung",
    address: {
      sdp: "Adresse für den Drucker (Server Direct Print)",
      sdpHelp:
        "In der Web-Konfiguration des Druckers unter „Server Direct Print“ als URL eintragen (Abrufintervall z. B. 5 Sekunden). Die ID darf leer bleiben.",
      cloudprnt: "Adresse für den Drucker (CloudPRNT)",
      cloudprntHelp:
        "In der Web-Konfiguration des Druckers unter „CloudPRNT“ als Server-URL eintragen.",
      notifier: "Adresse des Bestellmelders",
      notifierHelp:
        "Auf dem Tablet oder Telefon in der Küche im Browser öffnen und als Lesezeichen speichern. Wer die Adresse kennt, sieht die neuen Bestellungen der Filiale.",
      open: "Seite öffnen",
    },
  },
  test: {
    printed: "Testdruck erfolgreich.",
    failed: (reason: string) => `Gerätetest nicht erfolgreich: ${reason}`,
    noTcp:
      "Dieses Gerät wird nicht über TCP angesprochen; der Testdruck wird beim nächsten Abruf gedruckt.",
    queued: "Der Testdruck wurde für den nächsten Abruf des Druckers bereitgelegt.",
    notPrinter: "Dieses Gerät ist kein Drucker.",
  },
  notifier: {
    title: (name: string, branch: string) => `Bestellmelder ${name} – ${branch}`,
    notFound: "Diesen Bestellmelder gibt es nicht.",
    heading: "Neue Bestellungen",
    none: "Keine neuen Bestellungen.",
    columns: { number: "Nummer", time: "Zeit", type: "Art", items: "Artikel" },
    types: { takeaway: "Abholung", delivery: "Lieferung", dineIn: "Vor Ort" },
    enable: "Benachrichtigungen aktivieren",
    enabled: "Benachrichtigungen sind aktiviert.",
    unsupported: "Dieser Browser kann keine Benachrichtigungen empfangen.",
    denied: "Benachrichtigungen wurden im Browser abgelehnt.",
    failed: "Benachrichtigungen konnten nicht aktiviert werden.",
    noPush: "Push-Benachrichtigungen sind auf diesem Server nicht eingerichtet.",
    live: "Die Seite läutet bei neuen Bestellungen, solange sie geöffnet ist.",
    noScript: "Ohne JavaScript lädt die Seite alle 15 Sekunden neu.",
    subscription: {
      badEndpoint: "Die Push-Adresse fehlt oder ist keine https-Adresse.",
      unknownService:
        "Die Push-Adresse gehört zu keinem bekannten Push-Dienst (Google, Mozilla, Microsoft, Apple).",
      notPublic: "Die Push-Adresse zeigt auf eine nicht öffentliche Netzadresse.",
      badKeys: "Die Schlüssel der Push-Anmeldung sind ungültig.",
      badBody: "Die Anfrage ist kein gültiges JSON-Objekt.",
      stored: "Benachrichtigungen sind aktiviert.",
    },
    test: {
      sent: "Testbenachrichtigung gesendet.",
      none: "Gerätetest nicht erfolgreich: keine Benachrichtigungen abonniert.",
      title: "Testbenachrichtigung",
      body: "Der Bestellmelder ist eingerichtet.",
    },
    push: { title: "Neue Bestellung" },
  },
};
