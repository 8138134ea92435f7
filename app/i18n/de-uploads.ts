import { de as storefront } from "./de";

/** German texts of the uploads: the back office's "Dateien" and the previews (decision 037). */
export const deUploads = {
  area: {
    label: "Dateien",
    description: "Hochgeladene Dateien der Kunden und eigene Dateien",
  },
  /** Spec section 8: the uploads' 'could not be loaded / created / updated / deleted'. */
  errors: {
    list: "Dateien konnten nicht geladen werden.",
    load: "Datei konnte nicht geladen werden.",
    create: "Datei konnte nicht erstellt werden.",
    update: "Datei konnte nicht aktualisiert werden.",
    delete: "Datei konnte nicht gelöscht werden.",
  },
  /** Spec section 8: the selected file cannot be processed; names the file. */
  failed: (fileName: string) =>
    `Die Datei „${fileName}“ konnte nicht verarbeitet werden. Möglicherweise ist sie zu groß oder hat ein nicht erkanntes Format.`,
  noFile: "Bitte wählen Sie eine Datei aus.",
  tooMany: (max: number) => `Bitte laden Sie höchstens ${max} Dateien auf einmal hoch.`,
  oneFileOnly: "Eine neue Fassung ersetzt genau eine Datei.",
  tooLarge: "Die Anfrage ist zu groß. Bitte laden Sie kleinere Dateien hoch.",
  notFound: "Diese Datei existiert nicht (mehr).",
  inOrder: (orders: string) =>
    `Kann nicht gelöscht werden: Die Datei gehört zu Bestellung ${orders}.`,
  created: (count: number) =>
    count === 1 ? "Die Datei wurde hochgeladen." : `${count} Dateien wurden hochgeladen.`,
  deleted: "Die Datei wurde gelöscht.",
  list: {
    title: "Dateien",
    intro: "Dateien, die Kunden zu Bestellungen hochgeladen haben, und eigene Dateien.",
    empty: "Noch keine Dateien. Laden Sie oben eine Datei hoch.",
    preview: "Vorschau",
    name: "Datei",
    type: "Typ",
    size: "Größe",
    uploaded: "Hochgeladen",
    order: "Bestellung",
    origin: "Herkunft",
    staffFile: "Eigene Datei",
    customerFile: "Kunde",
    actions: "Aktionen",
    delete: "Löschen",
    orderLink: (number: string) => `Bestellung ${number}`,
    previewOf: (name: string) => `Vorschau von „${name}“`,
    open: (name: string) => `„${name}“ öffnen`,
    page: (page: number, count: number) => `Seite ${page} von ${count}`,
    previous: "Zurück",
    next: "Weiter",
  },
  form: {
    title: "Datei hochladen",
    files: "Dateien",
    hint: (extensions: string, maxMegabytes: number, maxFiles: number) =>
      `Erlaubt: ${extensions}, höchstens ${maxMegabytes} MB je Datei und ${maxFiles} Dateien auf einmal.`,
    submit: "Hochladen",
  },
  confirm: {
    title: (name: string) => `„${name}“ wirklich löschen?`,
    hint: "Das kann nicht rückgängig gemacht werden.",
    yes: "Ja, löschen",
    cancel: "Abbrechen",
  },
  /** Beside the customer's chosen photo (item dialog, cart) and on the staff's order pages. */
  previewAlt: storefront.uploads.previewAlt,
} as const;
