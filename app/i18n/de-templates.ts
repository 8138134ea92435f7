import type { ResourceTexts } from "./de-backoffice";

/**
 * Image templates and fonts (issue 16, decision 041): the back office's "Bildvorlagen", the layer
 * editor, and the messages of `/api/image-templates` and `/api/fonts`.
 */
const resource: ResourceTexts = {
  plural: "Bildvorlagen",
  singular: "Bildvorlage",
  newTitle: "Neue Bildvorlage",
  empty: "Noch keine Bildvorlagen angelegt.",
  errors: {
    list: "Bildvorlagen konnten nicht geladen werden.",
    load: "Bildvorlage konnte nicht geladen werden.",
    create: "Bildvorlage konnte nicht erstellt werden.",
    update: "Bildvorlage konnte nicht aktualisiert werden.",
    delete: "Bildvorlage konnte nicht gelöscht werden.",
  },
  created: "Die Bildvorlage wurde angelegt.",
  updated: "Die Bildvorlage wurde gespeichert.",
  deleted: "Die Bildvorlage wurde gelöscht.",
};

export const deTemplates = {
  resource,
  area: {
    label: "Bildvorlagen",
    description: "Preisschilder und Beiträge aus Ebenen, als PNG erzeugt.",
  },
  fields: {
    width: "Breite (Pixel)",
    height: "Höhe (Pixel)",
  },
  layers: {
    legend: "Ebenen (von unten nach oben)",
    empty: "Noch keine Ebenen. Fügen Sie eine Farbfläche, ein Bild oder einen Text hinzu.",
    row: (index: number, kind: string) => `Ebene ${index}: ${kind}`,
    kinds: { area: "Farbfläche", image: "Bild", text: "Text" },
    add: {
      area: "Farbfläche hinzufügen",
      image: "Bild hinzufügen",
      text: "Text hinzufügen",
    },
    x: "Links (x)",
    y: "Oben (y)",
    width: "Breite",
    height: "Höhe",
    color: "Farbe",
    colorHelp: "Zum Beispiel #E0CBA2.",
    radius: "Eckenradius",
    imageId: "Bild",
    fit: "Einpassen",
    fits: { cover: "Füllen (zuschneiden)", contain: "Ganz zeigen" },
    text: "Text",
    textHelp: "Platzhalter: {name}, {price}, {description}, {unit}.",
    fontFamily: "Schriftart",
    fontVariant: "Schnitt",
    size: "Schriftgröße",
    align: "Ausrichtung",
    aligns: { left: "Links", center: "Mitte", right: "Rechts" },
    maxLines: "Höchstens Zeilen",
    up: "Nach oben",
    down: "Nach unten",
    remove: "Entfernen",
    upLabel: (what: string) => `${what} nach oben`,
    downLabel: (what: string) => `${what} nach unten`,
    removeLabel: (what: string) => `${what} entfernen`,
  },
  preview: {
    heading: "Vorschau",
    product: "Produkt für die Platzhalter",
    noProduct: "– ohne Produkt –",
    show: "Vorschau zeigen",
    alt: (name: string) => `Vorschau der Bildvorlage „${name}“`,
    open: "PNG öffnen",
    saveFirst: "Speichern Sie die Vorlage, um die Vorschau zu sehen.",
  },
  errors: {
    list: "Bitte geben Sie die Ebenen als Liste an.",
    tooMany: (max: number) => `Höchstens ${max} Ebenen.`,
    kind: "Bitte wählen Sie Farbfläche, Bild oder Text.",
    unknownFont: "Diese Schriftart gibt es nicht. Bitte wählen Sie eine aus der Liste.",
    unknownVariant: "Diesen Schnitt gibt es für die Schriftart nicht.",
    unknownImage: "Dieses Bild gibt es nicht (mehr). Bitte wählen Sie ein anderes.",
    unknownProduct: "Dieses Produkt gibt es nicht.",
    textRequired: "Bitte geben Sie einen Text ein.",
    imageRequired: "Bitte wählen Sie ein Bild.",
    render: "Das Bild konnte nicht erzeugt werden.",
  },
  fonts: {
    list: "Schriftarten konnten nicht geladen werden.",
    unknown: "Diese Schriftart oder diesen Schnitt gibt es nicht.",
  },
};
