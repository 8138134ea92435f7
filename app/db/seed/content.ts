import type {
  BlockContent,
  NewDonatee,
  NewNavigation,
  NewSite,
  NavigationItem,
} from "#app/db/schema";
import { markdownToHtml } from "#app/domain/markdown";

/** Website content of the demo shop: sites (legal pages and more), landing-page blocks, navigations. */

export type SiteSeed = Omit<NewSite, "content"> & { content: { body: string } };
export type BlockSeed = {
  identifier: string;
  name: string;
  isPublic: boolean;
  position: number;
  content: BlockContent;
};
/** A seeded entry names a site by its path; the seed turns it into the site's id. */
export type NavigationSeedItem = Omit<NavigationItem, "children" | "siteId"> & {
  sitePath?: string;
  children?: NavigationSeedItem[];
};
export type NavigationSeed = Omit<NewNavigation, "items"> & { items: NavigationSeedItem[] };

export const donatees: NewDonatee[] = [
  {
    identifier: "brotzeit-fuer-schulkinder",
    name: "Brotzeit für Schulkinder Freiburg e. V.",
    description: "Ein gesundes Frühstück für Kinder an Freiburger Grundschulen, jeden Schultag.",
    position: 1,
  },
  {
    identifier: "waermestube-wiehre",
    name: "Wärmestube Wiehre",
    description:
      "Warme Mahlzeiten und ein offenes Ohr für wohnungslose Menschen im Freiburger Süden.",
    position: 2,
  },
  {
    identifier: "tierschutz-dreisamtal",
    name: "Tierschutzverein Dreisamtal e. V.",
    description: "Versorgt Fundtiere und vermittelt Hunde und Katzen in ein neues Zuhause.",
    position: 3,
  },
];

export const sites: SiteSeed[] = [
  {
    path: "terms-and-conditions",
    name: "AGB",
    title: "Allgemeine Geschäftsbedingungen",
    isPublic: true,
    // The text is the settings' (termsAndConditionsText) until the owner writes one here (decision 039).
    content: { body: "" },
  },
  {
    path: "privacy",
    name: "Datenschutz",
    title: "Datenschutzerklärung",
    isPublic: true,
    // The text is the settings' (privacyPolicyText) until the owner writes one here (decision 039).
    content: { body: "" },
  },
  {
    path: "imprint",
    name: "Impressum",
    title: "Impressum",
    isPublic: true,
    // The text is the settings' (imprintText) until the owner writes one here (decision 039).
    content: { body: "" },
  },
  {
    path: "allergens",
    name: "Allergene",
    title: "Allergene und Zusatzstoffe",
    isPublic: true,
    // The text is the settings' (allergensText) until the owner writes one here (decision 039).
    content: { body: "" },
  },
  {
    path: "accessibility",
    name: "Barrierefreiheit",
    title: "Erklärung zur Barrierefreiheit",
    isPublic: true,
    content: {
      body: markdownToHtml(`## Erklärung zur Barrierefreiheit

Wir möchten, dass alle Menschen bei uns bestellen können. Unser Online-Shop funktioniert mit Tastatur und Bildschirmleser und auch ohne JavaScript.

### Stand der Vereinbarkeit
Der Shop ist weitgehend mit den Anforderungen der WCAG 2.1 auf Stufe AA vereinbar. Hochgeladene Tortenfotos haben keinen Alternativtext.

### Barrieren melden
Wenn Ihnen eine Barriere auffällt, schreiben Sie uns an barrierefreiheit@sonnenkorn.example oder rufen Sie uns an: +49 761 2020 100.`),
    },
  },
  {
    path: "ueber-uns",
    name: "Über uns",
    title: "Über die Bäckerei Sonnenkorn",
    description: "Seit 1987 backen wir in Freiburg mit Zeit, Sauerteig und regionalem Getreide.",
    isPublic: true,
    content: {
      body: markdownToHtml(`## Über uns

Seit 1987 backen wir in Freiburg. Unser Getreide kommt von drei Höfen aus dem Markgräflerland, gemahlen wird in der Mühle in Kenzingen.

Jeder Teig bekommt bei uns Zeit: Unsere Brote reifen bis zu 48 Stunden, bevor sie in den Steinofen kommen.`),
    },
  },
  {
    path: "karriere",
    name: "Karriere",
    title: "Arbeiten bei Sonnenkorn",
    isPublic: false,
    content: { body: markdownToHtml("## Karriere\n\nDiese Seite ist noch in Arbeit.") },
  },
];

const text = (value: string) => ({ type: "text", value });
const textarea = (value: string) => ({ type: "textarea", value });
const markdown = (value: string) => ({ type: "markdown", value });

export const blocks: BlockSeed[] = [
  {
    identifier: "intro",
    name: "Einleitung",
    isPublic: true,
    position: 1,
    content: {
      data: [
        text("Willkommen bei der Bäckerei Sonnenkorn"),
        textarea(
          "Handwerklich gebacken in Freiburg: Brot mit langer Teigführung, Torten aus der eigenen Konditorei und ein Café direkt am Münster.",
        ),
      ],
    },
  },
  {
    identifier: "gallery",
    name: "Galerie",
    isPublic: true,
    position: 2,
    content: {
      data: [{ type: "gallery", value: { label: "Einblicke in unsere Backstube", images: [] } }],
    },
  },
  {
    identifier: "shop",
    name: "Online-Shop",
    isPublic: true,
    position: 3,
    content: {
      data: [
        text("Online bestellen"),
        textarea(
          "Bestellen Sie bis 18 Uhr und holen Sie am nächsten Morgen ab, lassen Sie sich in der Wiehre beliefern oder reservieren Sie Ihre Wunschtorte.",
        ),
      ],
    },
  },
  {
    identifier: "news",
    name: "Neuigkeiten",
    isPublic: true,
    position: 4,
    content: {
      news: [
        {
          value: {
            title: "Stollenzeit am Münsterplatz",
            text: "<p>Unser Butterstollen reift vier Wochen. Ab sofort können Sie ihn online vorbestellen.</p>",
            image: null,
            button: { label: "Jetzt vorbestellen", link: "/store/altstadt" },
          },
        },
        {
          value: {
            title: "Lieferservice in der Wiehre",
            text: "<p>Frühstück an die Haustür: In der Nachbarschaft liefern wir ohne Liefergebühr.</p>",
            image: null,
            button: { label: "Zum Lieferservice", link: "/store/wiehre" },
          },
        },
      ],
    },
  },
  {
    identifier: "vegan",
    name: "Vegan",
    isPublic: true,
    position: 5,
    content: {
      data: [
        text("Vegan genießen"),
        textarea(
          "Viele unserer Brote und Brötchen sind von Natur aus vegan. Dazu kommen vegane Apfeltaschen, Schokoladenkuchen und Sandwiches.",
        ),
      ],
    },
  },
  {
    identifier: "events",
    name: "Veranstaltungen",
    isPublic: true,
    position: 6,
    content: {
      data: [
        text("Veranstaltungen"),
        markdown(
          "- Jeden ersten Samstag im Monat: Backstubenführung um 10 Uhr (Herdern)\n- Zum Münstermarkt: Brotverkostung am Stand vor dem Café\n- Im Advent: Plätzchenbacken für Kinder",
        ),
      ],
    },
  },
  {
    identifier: "about",
    name: "Über uns",
    isPublic: true,
    position: 7,
    content: {
      data: [
        text("Über uns"),
        textarea(
          "Seit 1987 backen wir in Freiburg mit regionalem Getreide aus dem Markgräflerland. Drei Filialen, eine Backstube und viel Zeit für jeden Teig.",
        ),
      ],
    },
  },
  {
    identifier: "course-brotbackkurs",
    name: "Brotbackkurs für Einsteiger",
    isPublic: true,
    position: 8,
    content: {
      data: [
        text("Brotbackkurs für Einsteiger"),
        textarea(
          "An einem Samstagvormittag lernen Sie, wie Sauerteig angesetzt, geführt und gebacken wird.",
        ),
        markdown(
          "- Dauer: 4 Stunden\n- Ort: Backstube Herdern\n- Höchstens 8 Teilnehmende\n- Ihr Brot nehmen Sie mit nach Hause",
        ),
        text("89,00 € pro Person"),
      ],
    },
  },
  {
    identifier: "course-tortenkurs",
    name: "Torten verzieren",
    isPublic: true,
    position: 9,
    content: {
      data: [
        text("Torten verzieren"),
        textarea("Unsere Konditormeisterin zeigt Spritztechniken, Fondant und Schokoladendekor."),
        markdown(
          "- Dauer: 3 Stunden\n- Ort: Tortenmanufaktur Herdern\n- Material und Torte inklusive",
        ),
      ],
    },
  },
  {
    identifier: "course-kinderbacken",
    name: "Kinderbacken",
    isPublic: true,
    position: 10,
    content: {
      data: [
        text("Kinderbacken"),
        textarea("Für Kinder von 6 bis 10 Jahren: Brezeln schlingen und Brötchen formen."),
      ],
    },
  },
  {
    identifier: "news-popup",
    name: "Neuigkeiten (Popup)",
    isPublic: true,
    position: 11,
    content: {
      news: [
        {
          value: {
            title: "Jetzt online vorbestellen",
            text: "<p>Bestellen Sie heute für morgen und holen Sie ohne Wartezeit ab.</p>",
            image: null,
            button: { label: "Filiale wählen", link: "/" },
          },
        },
        {
          value: {
            title: "Torten nach Wunsch",
            text: "<p>Motivtorten mit Ihrem Foto fertigen wir mit zwei Tagen Vorlauf.</p>",
            image: null,
            button: { label: "Zur Tortenmanufaktur", link: "/store/herdern" },
          },
        },
      ],
    },
  },
];

export const navigations: NavigationSeed[] = [
  {
    identifier: "header",
    name: "Kopfzeile",
    items: [
      { label: "Filialen", href: "/" },
      { label: "Über uns", sitePath: "ueber-uns" },
      { label: "Allergene", sitePath: "allergens" },
    ],
  },
  {
    identifier: "footer",
    name: "Fußzeile",
    items: [
      { label: "AGB", sitePath: "terms-and-conditions" },
      { label: "Datenschutz", sitePath: "privacy" },
      { label: "Impressum", sitePath: "imprint" },
      { label: "Allergene", sitePath: "allergens" },
      { label: "Barrierefreiheit", sitePath: "accessibility" },
    ],
  },
];
