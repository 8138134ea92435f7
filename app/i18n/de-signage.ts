/** Digital signage (issue 22, decision 060): the back office's and the TV player's texts. */
export const deSignage = {
  area: {
    label: "Digital Signage",
    description: "Filmsequenzen, Streams und TVs in den Filialen.",
  },
  areas: {
    segments: { label: "Filmsequenzen", description: "Bilder, Videos, Texte und Menütafeln." },
    streams: { label: "Streams", description: "Abfolgen von Filmsequenzen mit Zeitfenstern." },
    devices: { label: "TVs", description: "Bildschirme in den Filialen koppeln und zuweisen." },
  },
  fields: {
    kind: "Art",
    kinds: {
      image: "Bild",
      video: "Video",
      page: "Seite des Shops",
      text: "Textfolie",
      menu: "Menütafel",
    },
    duration: "Dauer (Sekunden)",
    durationHelp: "Wie lange die Filmsequenz zu sehen ist: 1 bis 3.600 Sekunden.",
    pagePath: "Seite des Shops",
    pagePathHelp: "Eine Adresse dieses Shops, zum Beispiel '/store/filiale-mitte'.",
    body: "Text",
    menuBranch: "Filiale (Menütafel, Video)",
    menuBranchHelp: "Die Menütafel zeigt das aktuelle Menü dieser Filiale mit Preisen.",
    menuCategories: "Kategorien (Menütafel)",
    menuCategoriesHelp:
      "Nur diese Kategorien des Menüs zeigen. Keine gewählt: das ganze aktuelle Menü der Filiale.",
    segments: "Filmsequenzen",
    segmentsHelp:
      "Welche Filmsequenzen der Stream zeigt. Reihenfolge und eigene Dauer stellen Sie nach dem Speichern unter 'Ablauf' ein.",
    entries: "Ablauf",
    entriesHelp:
      "Position 1 läuft zuerst. Eine eigene Dauer gilt nur in diesem Stream; leer: die Dauer der Filmsequenz.",
    entryPosition: (name: string) => `Position von '${name}'`,
    entryDuration: (name: string) => `Dauer von '${name}' (Sekunden)`,
    entryDefault: (seconds: number) => `Standard: ${seconds.toLocaleString("de-DE")} s`,
    entriesEmpty: "Noch keine Filmsequenzen gewählt.",
    transition: "Übergang",
    transitions: { none: "Kein Übergang", fade: "Überblenden", slide: "Schieben" },
    schedule: "Zeitfenster",
    scheduleHelp:
      "Je Zeile 'Tage Von-Bis Stream-Nummer', zum Beispiel 'Mo-Fr 06:00-11:00 3' oder 'täglich 11:00-15:00 4'. Außerhalb aller Zeitfenster läuft dieser Stream selbst.",
    stream: "Stream",
    status: "Zustand",
  },
  problems: {
    imageRequired: "Bitte wählen Sie ein Bild.",
    videoRequired: "Bitte laden Sie ein Video hoch.",
    pageRequired: "Bitte geben Sie eine Seite des Shops ein.",
    pagePath: "Nur Adressen dieses Shops, beginnend mit '/' (nicht '//').",
    bodyRequired: "Bitte geben Sie einen Text ein.",
    branchRequired: "Bitte wählen Sie die Filiale der Menütafel.",
    unknownCategory: (id: number) => `Kategorie ${id} existiert nicht.`,
    categoriesOnlyForMenu: "Kategorien lassen sich nur für eine Menütafel wählen.",
    entryDuration: "Die Dauer muss eine ganze Zahl von 1 bis 3.600 Sekunden sein.",
    entryPosition: "Die Position muss eine ganze Zahl von 1 bis 500 sein.",
    containsItself: "Ein Stream kann sich nicht selbst enthalten (auch nicht über andere Streams).",
    unknownStream: (id: number) => `Stream ${id} existiert nicht.`,
    segmentInStreams: (count: number) =>
      `Diese Filmsequenz ist in ${count === 1 ? "einem Stream" : `${count} Streams`}. Bitte nehmen Sie sie zuerst dort heraus.`,
    streamInUse:
      "Dieser Stream läuft noch auf TVs oder wird von Zeitfenstern anderer Streams genannt.",
  },
  video: {
    tooLarge: (maxBytes: number) =>
      `Dieses Video ist zu groß. Höchstens ${Math.floor(maxBytes / (1024 * 1024)).toLocaleString("de-DE")} MB je Video.`,
    notAVideo: "Diese Datei ist kein Video. Bitte wählen Sie ein MP4- oder WebM-Video.",
    unsupported: "Diese Datei ist kein Video. Bitte wählen Sie ein MP4- oder WebM-Video.",
    missing: "Bitte wählen Sie eine Videodatei (MP4 oder WebM).",
    unreadable: "Das Formular konnte nicht gelesen werden. Bitte versuchen Sie es erneut.",
    notFound: "Dieses Video gibt es nicht.",
    notAVideoSegment: "Diese Filmsequenz ist kein Video. Bitte wählen Sie zuerst die Art 'Video'.",
    rangeNotSatisfiable: "Dieser Bereich liegt außerhalb des Videos.",
    storeFailed:
      "Das Video konnte gerade nicht gespeichert werden. Bitte versuchen Sie es in einigen Minuten erneut.",
    title: (name: string) => `Video für '${name}'`,
    intro:
      "MP4 oder WebM. Das Video ersetzt ein bereits hochgeladenes; es läuft ohne Ton in Schleife.",
    field: "Videodatei",
    current: "Aktuelles Video",
    none: "Noch kein Video hochgeladen: diese Filmsequenz wird auf den TVs übersprungen.",
    submit: "Video hochladen",
    saved: "Das Video wurde gespeichert.",
    back: "Zurück zur Filmsequenz",
    link: "Video hochladen",
  },
  pairing: {
    title: "TV koppeln",
    intro:
      "Öffnen Sie auf dem TV die Adresse /tv. Er zeigt einen Code aus sechs Zeichen; geben Sie ihn hier ein.",
    code: "Code vom Bildschirm",
    name: "Name des TVs",
    branch: "Filiale",
    stream: "Stream",
    submit: "Koppeln",
    wrongCode: "Dieser Code ist unbekannt oder abgelaufen. Bitte prüfen Sie die Anzeige am TV.",
    tooMany:
      "Zu viele falsche Codes. Bitte warten Sie 15 Minuten und versuchen Sie es dann erneut.",
    paired: "Der TV wurde gekoppelt.",
    link: "TV koppeln",
  },
  status: {
    online: "online",
    offline: "offline",
    outdated: "veraltet",
    never: "noch nie gesehen",
    lastSeen: (when: string) => `zuletzt ${when}`,
  },
  player: {
    title: "TV",
    pairTitle: "Diesen Bildschirm koppeln",
    pairText: "Geben Sie im Backend unter Digital Signage → TV koppeln diesen Code ein:",
    /** Own wording (issue 35): too many new pairing codes from one address. */
    tooManyCodes: (minutes: number) =>
      `Von dieser Netzadresse wurden gerade zu viele neue Kopplungscodes angefordert. In höchstens ${minutes === 1 ? "einer Minute" : `${minutes} Minuten`} erscheint hier von selbst ein Code.`,
    nothing: "Für diesen Bildschirm ist noch nichts geplant.",
    soldOut: "Heute ausverkauft",
    offline: "Keine Verbindung – es läuft der zuletzt geladene Stand.",
    preview: "Vorschau",
  },
  events: {
    forbidden: "Dieser Bildschirm ist nicht gekoppelt.",
    unavailable: "Live-Aktualisierung ist gerade nicht verfügbar.",
    method: "Diese Methode ist hier nicht erlaubt.",
    badBody: "Bitte senden Sie gültiges JSON.",
  },
  preview: {
    title: (name: string) => `Vorschau: ${name}`,
    intro: "So zeigt ein TV diesen Stream jetzt.",
    back: "Zurück zum Stream",
    link: "Vorschau",
  },
} as const;
