import type { ResourceTexts } from "./de-backoffice";

/**
 * German texts of the content pages ("Seiten") and navigations in the back office and the shop
 * (issue 16, decision 039). The error lines follow the spec's section 8 pattern
 * ('Navigationen konnten nicht geladen werden.', 'Navigation konnte nicht … werden.').
 */
function texts(
  plural: string,
  singular: string,
  article: "Die" | "Der" | "Das",
  newTitle: string,
): ResourceTexts {
  return {
    plural,
    singular,
    newTitle,
    empty: `Noch keine ${plural} angelegt.`,
    errors: {
      list: `${plural} konnten nicht geladen werden.`,
      load: `${singular} konnte nicht geladen werden.`,
      create: `${singular} konnte nicht erstellt werden.`,
      update: `${singular} konnte nicht aktualisiert werden.`,
      delete: `${singular} konnte nicht gelöscht werden.`,
    },
    created: `${article} ${singular} wurde angelegt.`,
    updated: `${article} ${singular} wurde gespeichert.`,
    deleted: `${article} ${singular} wurde gelöscht.`,
  };
}

export const deContent = {
  sites: {
    resource: texts("Seiten", "Seite", "Die", "Neue Seite"),
    area: { label: "Seiten", description: "Inhaltsseiten wie Impressum, Datenschutz und mehr." },
    path: "Pfad",
    pathHelp:
      "Die Adresse der Seite ohne Schrägstrich am Anfang, zum Beispiel 'ueber-uns' oder " +
      "'imprint' (erreichbar unter /site/imprint und /imprint).",
    pathFormat:
      "Nur Kleinbuchstaben, Ziffern, Bindestriche und Unterstriche, Abschnitte durch / getrennt, " +
      "zum Beispiel 'ueber-uns/team'.",
    pathReserved: "Dieser Pfad gehört zu einer anderen Seite des Shops.",
    type: "Typ",
    /** Spec section 3: the one site type. */
    typeDefault: "Standardseite",
    title: "Titel",
    name: "Name",
    nameHelp: "Für die Liste im Backoffice; ohne Titel auch die Überschrift der Seite.",
    description: "Beschreibung",
    isPublic: "Öffentlich",
    isPublicHelp:
      "Nicht öffentliche Seiten sind Entwürfe: Besucher erhalten „404 Not Found“, angemeldete " +
      "Mitarbeiter sehen sie mit dem Hinweis „Entwurf“.",
    /** Spec section 3: the wysiwyg field of the type 'Standardseite'. */
    body: "Inhalt",
    bodyHelp:
      "Überschriften, fett, kursiv, Listen, Tabellen und Links. Anderes HTML wird beim Speichern " +
      "entfernt.",
    bodyTooLong: (max: number) =>
      `Der Inhalt ist zu lang: höchstens ${max.toLocaleString("de-DE")} Zeichen.`,
    seo: "Suchmaschinen",
    seoTitle: "SEO-Titel",
    seoTitleHelp: "Der Titel in Suchergebnissen; leer: der Titel der Seite.",
    seoDescription: "SEO-Beschreibung",
    seoDescriptionHelp: "Der Text in Suchergebnissen; leer: die Beschreibung.",
    noindex: "Nicht in Suchmaschinen aufnehmen",
    inNavigations: (names: string[]) =>
      `Die Seite steht in ${names.length === 1 ? "der Navigation" : "den Navigationen"} ` +
      `${names.map((name) => `„${name}“`).join(", ")}; entfernen Sie sie dort zuerst.`,
  },
  navigations: {
    resource: texts("Navigationen", "Navigation", "Die", "Neue Navigation"),
    area: {
      label: "Navigationen",
      description: "Menüs in Kopf- und Fußzeile des Shops anordnen.",
    },
    identifierHelp:
      "'header' erscheint in der Kopfzeile des Shops, 'footer' in der Fußzeile; andere Kennungen " +
      "werden nirgends angezeigt.",
    items: "Einträge",
    itemsEmpty: "Noch keine Einträge.",
    item: (number: number) => `Eintrag ${number}`,
    child: (parent: number, number: number) => `Eintrag ${parent}.${number}`,
    label: "Beschriftung",
    site: "Seite",
    siteNone: "– keine Seite, stattdessen Adresse –",
    draftSuffix: " – Entwurf",
    href: "Adresse",
    hrefHelp: "Ein Pfad im Shop wie /store/mitte oder eine externe Adresse mit https://.",
    add: "Eintrag hinzufügen",
    /** Holds the button's visible words in their order (WCAG 2.5.3, issue 36). */
    addChild: (label: string) => `Untereintrag hinzufügen zu „${label}“`,
    addChildShort: "Untereintrag hinzufügen",
    up: "Nach oben",
    down: "Nach unten",
    remove: "Entfernen",
    moveUp: (label: string) => `„${label}“ nach oben`,
    moveDown: (label: string) => `„${label}“ nach unten`,
    removeItem: (label: string) => `„${label}“ entfernen`,
    targetMissing: "Bitte wählen Sie eine Seite oder geben Sie eine Adresse ein.",
    targetBoth: "Bitte entweder eine Seite wählen oder eine Adresse eingeben, nicht beides.",
    hrefFormat:
      "Bitte geben Sie einen Pfad im Shop (beginnt mit /) oder eine Adresse mit https:// ein.",
    hrefUnsafe:
      "Bitte geben Sie einen Pfad im Shop (beginnt mit genau einem /) oder eine Adresse mit https:// ein, ohne Leerzeichen, Steuerzeichen und Backslash (\\).",
    siteGone: "Diese Seite existiert nicht (mehr).",
    tooMany: (max: number) => `Höchstens ${max} Einträge.`,
    tooDeep: "Untereinträge können keine eigenen Untereinträge haben.",
  },
} as const;
