import type {
  HoursRule,
  NewAlternativeUnit,
  NewCategory,
  NewPartOption,
  NewProduct,
  NewProductPart,
} from "#app/db/schema";

/**
 * The demo catalogue: categories in shelf order, each with its products (and product groups).
 * Prices are integer cents. Menus (./menus.ts) pick categories and leave products out by identifier.
 */

type PartSeed = Omit<NewProductPart, "productId" | "position"> & {
  options?: Omit<NewPartOption, "partId" | "position">[];
};

export interface ProductSeed extends Omit<NewProduct, "schedule"> {
  identifier: string;
  schedule?: HoursRule[];
  tags?: string[];
  alternativeUnits?: Omit<NewAlternativeUnit, "productId" | "position">[];
  parts?: PartSeed[];
  /** Components of a bundle, by product identifier. */
  bundle?: { product: string; quantity: number }[];
}

export interface GroupSeed {
  group: string;
  name: string;
  description?: string;
  products: ProductSeed[];
}

export interface CategorySeed extends Omit<NewCategory, "schedule"> {
  identifier: string;
  schedule?: HoursRule[];
  entries: (ProductSeed | GroupSeed)[];
}

/** Drinks (and coffee) are taxed at 19 % in every order type. */
const drink = { taxRate: 19, takeawayTaxRate: 19, dineInTaxRate: 19 } as const;
/** Food: 7 % in every order type, eaten in the café too since 1 January 2026 (decision 092). */
const food = { taxRate: 7, takeawayTaxRate: 7, dineInTaxRate: 7 } as const;

const daily = (fromTime: string, toTime: string): HoursRule => ({
  type: "daily",
  date: null,
  isClosed: false,
  fromTime,
  toTime,
});
const on = (type: HoursRule["type"], fromTime: string, toTime: string): HoursRule => ({
  type,
  date: null,
  isClosed: false,
  fromTime,
  toTime,
});

const leadTime = (leadTimeValue: number, leadTimeType: "hours" | "days" | "weeks") =>
  ({ isLeadTimeEnabled: true, leadTimeType, leadTimeValue }) as const;

/** Sold by weight: priced per kilogram, picked in grams, billed by the actual weight. */
const byWeight = (pricePerKg: number, step = 50) =>
  ({
    price: pricePerKg,
    unit: "kilogram",
    pricing: "Preis pro kg",
    calculationModel: "approximate",
    minimumQuantity: 0.25,
    maximumQuantity: 3,
    quantityStepSize: 0.05,
    defaultQuantity: 0.5,
    defaultUnit: "gram",
    alternativeUnits: [
      {
        unit: "gram",
        ratio: 0.001,
        minimumQuantity: 250,
        maximumQuantity: 3000,
        quantityStepSize: step,
        calculationModel: "approximate",
      },
    ],
  }) satisfies Partial<ProductSeed>;

const milkChoice: PartSeed = {
  name: "Milch",
  type: "select",
  isOptional: true,
  options: [
    { name: "Hafermilch", modifier: "add", value: 40 },
    { name: "Laktosefreie Milch", modifier: "add", value: 0 },
  ],
};

const cakeExtras: PartSeed = {
  name: "Extras",
  type: "multiselect",
  isOptional: true,
  options: [
    { name: "Kerzen-Set (12 Stück)", modifier: "add", value: 250 },
    { name: "Wunderkerze", modifier: "add", value: 150 },
    { name: "Schokoladenschild mit Namen", modifier: "add", value: 350 },
    { name: "Essbarer Goldglitzer", modifier: "add", value: 200 },
  ],
};

export const categories: CategorySeed[] = [
  {
    identifier: "brot",
    name: "Brot",
    description: "Mit Sauerteig und viel Zeit gebacken, jeden Morgen frisch aus dem Steinofen.",
    entries: [
      {
        identifier: "bauernbrot-vom-laib",
        name: "Bauernbrot vom Laib",
        description:
          "Roggenmischbrot mit kräftiger Kruste, frisch vom großen 3-kg-Laib geschnitten.",
        allergens: "Gluten (Roggen, Weizen)",
        ...byWeight(590),
      },
      {
        identifier: "roggenbrot-vom-laib",
        name: "Schwarzwälder Roggenbrot vom Laib",
        description:
          "Dunkles Roggenbrot mit 48 Stunden Sauerteigführung, nach Gewicht geschnitten.",
        allergens: "Gluten (Roggen)",
        ...byWeight(640),
      },
      {
        identifier: "sonnenkornbrot",
        name: "Sonnenkornbrot (750 g)",
        description: "Unser Hausbrot mit Sonnenblumenkernen, Leinsaat und Sesam.",
        allergens: "Gluten (Weizen, Roggen), Sesam",
        price: 490,
        tags: ["vegan"],
      },
      {
        identifier: "dinkelvollkornbrot",
        name: "Dinkelvollkornbrot (750 g)",
        description: "100 % Dinkelvollkorn aus dem Markgräflerland, saftig durch Quellstück.",
        allergens: "Gluten (Dinkel)",
        price: 520,
        tags: ["vegan"],
      },
      {
        identifier: "kartoffelbrot",
        name: "Kartoffelbrot (1 kg)",
        description: "Weizenmischbrot mit gekochten Kartoffeln, bleibt tagelang frisch.",
        allergens: "Gluten (Weizen, Roggen)",
        price: 460,
      },
      {
        identifier: "walnussbrot",
        name: "Walnussbrot (500 g)",
        description: "Mit reichlich Walnüssen, passt wunderbar zu Käse.",
        allergens: "Gluten (Weizen, Roggen), Schalenfrüchte (Walnuss)",
        price: 540,
      },
      {
        identifier: "baguette",
        name: "Baguette",
        description: "Französisch, mit langer Teigführung und offener Krume.",
        allergens: "Gluten (Weizen)",
        price: 220,
        tags: ["vegan"],
      },
      {
        identifier: "ciabatta",
        name: "Ciabatta",
        description: "Luftig mit Olivenöl, ideal zum Grillen.",
        allergens: "Gluten (Weizen)",
        price: 280,
        tags: ["vegan"],
      },
      {
        identifier: "buchweizenbrot-glutenfrei",
        name: "Glutenfreies Buchweizenbrot (500 g)",
        description: "Mit Buchweizen, Hirse und Reismehl, an einem eigenen Backtag gebacken.",
        allergens: "kann Spuren von Gluten enthalten",
        price: 690,
        tags: ["glutenfrei-optionen", "vegan"],
      },
      {
        identifier: "buttertoast",
        name: "Buttertoast (500 g)",
        description: "Weich und fein, geschnitten.",
        allergens: "Gluten (Weizen), Milch",
        price: 320,
      },
    ],
  },
  {
    identifier: "broetchen",
    name: "Brötchen",
    description: "Knusprig, ab 6 Uhr frisch.",
    entries: [
      {
        identifier: "weizenbroetchen",
        name: "Weizenbrötchen",
        description: "Der Klassiker mit knuspriger Kruste.",
        allergens: "Gluten (Weizen)",
        price: 45,
        maximumQuantity: 50,
        tags: ["vegan"],
      },
      {
        identifier: "kaiserbroetchen",
        name: "Kaiserbrötchen",
        description: "Handgeschlagen, mit dem typischen Sternmuster.",
        allergens: "Gluten (Weizen)",
        price: 55,
        maximumQuantity: 50,
      },
      {
        identifier: "koernerbroetchen",
        name: "Körnerbrötchen",
        description: "Mit Sonnenblumenkernen, Kürbiskernen und Sesam.",
        allergens: "Gluten (Weizen, Roggen), Sesam",
        price: 85,
        maximumQuantity: 50,
      },
      {
        identifier: "dinkelbroetchen",
        name: "Dinkelbrötchen",
        description: "Aus Dinkelmehl mit Haferflocken bestreut.",
        allergens: "Gluten (Dinkel, Hafer)",
        price: 80,
        maximumQuantity: 50,
      },
      {
        identifier: "roggenbroetchen",
        name: "Roggenbrötchen",
        description: "Kräftig und saftig, mit Kümmel.",
        allergens: "Gluten (Roggen, Weizen)",
        price: 70,
        maximumQuantity: 50,
      },
      {
        identifier: "mohnbroetchen",
        name: "Mohnbrötchen",
        description: "Weizenbrötchen mit Blaumohn.",
        allergens: "Gluten (Weizen)",
        price: 65,
        maximumQuantity: 50,
      },
      {
        identifier: "kaesebroetchen",
        name: "Käsebrötchen",
        description: "Mit würzigem Bergkäse überbacken.",
        allergens: "Gluten (Weizen), Milch",
        price: 120,
        maximumQuantity: 30,
      },
      {
        identifier: "broetchentuete",
        name: "Brötchentüte (10 Weizenbrötchen)",
        description: "Zehn Weizenbrötchen zum Sparpreis.",
        allergens: "Gluten (Weizen)",
        price: 400,
        unit: "package",
      },
      {
        group: "laugengebaeck",
        name: "Laugengebäck",
        description: "Schwäbisch-badisch: mit Natronlauge und grobem Salz.",
        products: [
          {
            identifier: "laugenbrezel",
            name: "Laugenbrezel",
            description: "Dünne Ärmchen, dicker Bauch, wie es sich gehört.",
            allergens: "Gluten (Weizen)",
            price: 95,
            maximumQuantity: 50,
          },
          {
            identifier: "laugenstange",
            name: "Laugenstange",
            description: "Mit grobem Salz oder Kürbiskernen.",
            allergens: "Gluten (Weizen)",
            price: 110,
            maximumQuantity: 50,
          },
          {
            identifier: "butterbrezel",
            name: "Butterbrezel",
            description: "Aufgeschnitten und mit Süßrahmbutter bestrichen.",
            allergens: "Gluten (Weizen), Milch",
            price: 160,
            maximumQuantity: 30,
          },
        ],
      },
    ],
  },
  {
    identifier: "feingebaeck",
    name: "Feingebäck",
    description: "Plunder, Croissants und süße Teilchen.",
    entries: [
      {
        group: "croissants",
        name: "Croissants",
        description: "Mit französischer Butter tourniert.",
        products: [
          {
            identifier: "buttercroissant",
            name: "Buttercroissant",
            description: "27 Schichten, außen splittrig, innen zart.",
            allergens: "Gluten (Weizen), Milch, Ei",
            price: 140,
          },
          {
            identifier: "schokocroissant",
            name: "Schokocroissant",
            description: "Mit zwei Stangen Zartbitterschokolade.",
            allergens: "Gluten (Weizen), Milch, Ei, Soja",
            price: 170,
          },
        ],
      },
      {
        identifier: "nussecke",
        name: "Nussecke",
        description: "Mürbeteig, Aprikosenkonfitüre und Haselnüsse, in Schokolade getaucht.",
        allergens: "Gluten (Weizen), Milch, Ei, Schalenfrüchte (Haselnuss), Soja",
        price: 190,
      },
      {
        identifier: "franzbroetchen",
        name: "Franzbrötchen",
        description: "Hamburger Art mit Zimt und Zucker.",
        allergens: "Gluten (Weizen), Milch",
        price: 180,
      },
      {
        identifier: "zimtschnecke",
        name: "Zimtschnecke",
        description: "Hefeteig mit Zimt-Butter-Füllung und Zuckerguss.",
        allergens: "Gluten (Weizen), Milch, Ei",
        price: 220,
      },
      {
        identifier: "berliner",
        name: "Berliner mit Himbeerfüllung",
        description: "In Butterschmalz gebacken, mit Himbeerkonfitüre.",
        allergens: "Gluten (Weizen), Milch, Ei",
        price: 150,
      },
      {
        identifier: "kirschplunder",
        name: "Kirschplunder",
        description: "Plunderteig mit Sauerkirschen und Vanillecreme.",
        allergens: "Gluten (Weizen), Milch, Ei",
        price: 190,
      },
      {
        identifier: "amerikaner",
        name: "Amerikaner",
        description: "Mit Zitronenglasur und Schokolade.",
        allergens: "Gluten (Weizen), Milch, Ei, Soja",
        price: 160,
      },
      {
        identifier: "vegane-apfeltasche",
        name: "Vegane Apfeltasche",
        description: "Blätterteig mit Margarine, gefüllt mit Bratapfel und Zimt.",
        allergens: "Gluten (Weizen)",
        price: 190,
        tags: ["vegan"],
      },
      {
        identifier: "macarons",
        name: "Macarons (6 Stück)",
        description: "Himbeer, Pistazie, Schokolade, Vanille, Zitrone und Salzkaramell.",
        allergens: "Schalenfrüchte (Mandel, Pistazie), Ei, Milch",
        price: 990,
        unit: "package",
        tags: ["glutenfrei-optionen"],
      },
    ],
  },
  {
    identifier: "kuchen",
    name: "Kuchen",
    description: "Blechkuchen und Kastenkuchen wie bei Oma.",
    entries: [
      {
        identifier: "apfelkuchen",
        name: "Apfelkuchen (Stück)",
        description: "Gedeckter Apfelkuchen mit Rosinen und Zimt.",
        allergens: "Gluten (Weizen), Milch, Ei",
        price: 290,
      },
      {
        identifier: "kaesekuchen",
        name: "Käsekuchen (Stück)",
        description: "Cremig, mit Mürbeteigboden und einem Hauch Zitrone.",
        allergens: "Gluten (Weizen), Milch, Ei",
        price: 310,
      },
      {
        identifier: "zwetschgendatschi",
        name: "Zwetschgendatschi (Stück)",
        description: "Hefeteig mit frischen Zwetschgen und Butterstreuseln. Nur am Wochenende.",
        allergens: "Gluten (Weizen), Milch, Ei",
        price: 290,
        schedule: [
          on("friday", "06:00", "18:30"),
          on("saturday", "06:00", "18:00"),
          on("sunday", "07:00", "12:00"),
        ],
        isVisibleWhenUnavailable: true,
      },
      {
        identifier: "bienenstich",
        name: "Bienenstich (Stück)",
        description: "Mit Vanillecreme und karamellisierten Mandeln.",
        allergens: "Gluten (Weizen), Milch, Ei, Schalenfrüchte (Mandel)",
        price: 320,
      },
      {
        identifier: "streuselkuchen",
        name: "Streuselkuchen (Stück)",
        description: "Viele Butterstreusel auf fluffigem Hefeteig.",
        allergens: "Gluten (Weizen), Milch, Ei",
        price: 250,
      },
      {
        identifier: "marmorkuchen",
        name: "Marmorkuchen (ganz)",
        description: "Rührkuchen aus der Kastenform, mit Schokoladenglasur.",
        allergens: "Gluten (Weizen), Milch, Ei, Soja",
        price: 1290,
      },
      {
        identifier: "rhabarberkuchen",
        name: "Rhabarberkuchen mit Baiser (Stück)",
        description: "Säuerlicher Rhabarber unter einer Haube aus Baiser.",
        allergens: "Gluten (Weizen), Milch, Ei",
        price: 330,
      },
      {
        identifier: "veganer-schokokuchen",
        name: "Veganer Schokoladenkuchen (Stück)",
        description: "Saftig mit Zartbitterschokolade und Haferdrink.",
        allergens: "Gluten (Weizen, Hafer), Soja",
        price: 320,
        tags: ["vegan"],
      },
      {
        identifier: "christstollen",
        name: "Butterstollen (750 g)",
        description: "Mit Rosinen, Orangeat und Mandeln, vier Wochen gereift.",
        allergens: "Gluten (Weizen), Milch, Schalenfrüchte (Mandel)",
        price: 1690,
      },
      {
        identifier: "lebkuchen",
        name: "Elisenlebkuchen (3 Stück)",
        description: "Mit mindestens 25 % Nüssen und wenig Mehl.",
        allergens: "Gluten (Weizen), Ei, Schalenfrüchte (Haselnuss, Mandel)",
        price: 690,
        unit: "package",
      },
    ],
  },
  {
    identifier: "torten",
    name: "Torten",
    description: "Stückweise in der Theke oder als ganze Torte mit zwei Tagen Vorlauf.",
    entries: [
      {
        identifier: "schwarzwaelder-stueck",
        name: "Schwarzwälder Kirschtorte (Stück)",
        description: "Schokoladenbiskuit, Sauerkirschen, Kirschwasser und Sahne.",
        allergens: "Gluten (Weizen), Milch, Ei",
        price: 420,
      },
      {
        identifier: "schwarzwaelder-ganz",
        name: "Schwarzwälder Kirschtorte (ganz, 16 Stück)",
        description: "Die ganze Torte aus unserer Konditorei.",
        allergens: "Gluten (Weizen), Milch, Ei",
        price: 5400,
        ...leadTime(2, "days"),
      },
      {
        identifier: "kaesesahne-stueck",
        name: "Käsesahnetorte (Stück)",
        description: "Leichte Quarksahne mit Mandarinen.",
        allergens: "Gluten (Weizen), Milch, Ei",
        price: 390,
      },
      {
        identifier: "erdbeertorte-stueck",
        name: "Erdbeer-Sahnetorte (Stück)",
        description: "Mit Erdbeeren aus dem Kaiserstuhl, nur in der Saison.",
        allergens: "Gluten (Weizen), Milch, Ei",
        price: 410,
        isEnabled: false,
      },
      {
        identifier: "frankfurter-kranz",
        name: "Frankfurter Kranz (ganz)",
        description: "Buttercreme, Johannisbeergelee und Krokant.",
        allergens: "Gluten (Weizen), Milch, Ei, Schalenfrüchte (Haselnuss)",
        price: 4800,
        ...leadTime(2, "days"),
      },
      {
        identifier: "sachertorte",
        name: "Sachertorte (ganz, 12 Stück)",
        description: "Schokoladentorte mit Aprikosenkonfitüre und Glasur.",
        allergens: "Gluten (Weizen), Milch, Ei, Soja",
        price: 4200,
        ...leadTime(2, "days"),
      },
    ],
  },
  {
    identifier: "torten-nach-wunsch",
    name: "Torten nach Wunsch",
    description:
      "Von der Konditorei für Ihren Anlass gefertigt. Bitte beachten Sie die Vorlaufzeiten.",
    entries: [
      {
        identifier: "motivtorte",
        name: "Motivtorte mit Fototortenaufleger",
        description:
          "Ihr Foto auf essbarem Zuckerpapier, dazu Größe, Füllung und Extras nach Wahl.",
        allergens: "Gluten (Weizen), Milch, Ei, Soja",
        type: "configurable",
        // Every size and extra has its fixed price: the menu shows 'ab 39,00 €', the configured
        // cake its own price (decision 044).
        price: 3900,
        isStepByStep: true,
        ...leadTime(2, "days"),
        parts: [
          {
            name: "Größe",
            type: "select",
            options: [
              { name: "Ø 18 cm (8–10 Stücke)", modifier: "overwrite", value: 3900 },
              { name: "Ø 22 cm (12–14 Stücke)", modifier: "overwrite", value: 4900 },
              { name: "Ø 26 cm (16–20 Stücke)", modifier: "overwrite", value: 6400 },
            ],
          },
          {
            name: "Füllung",
            type: "select",
            options: [
              { name: "Erdbeer-Sahne", modifier: "add", value: 0 },
              { name: "Schoko-Mousse", modifier: "add", value: 0 },
              { name: "Himbeer-Quark", modifier: "add", value: 300 },
              { name: "Maracuja-Joghurt", modifier: "add", value: 300 },
            ],
          },
          {
            name: "Foto für den Tortenaufleger",
            description: "JPG, PNG oder GIF, am besten mindestens 1000 × 1000 Pixel.",
            type: "image",
          },
          // The dialog tells the limit ('Höchstens 30 Zeichen.') and the server enforces it.
          { name: "Aufschrift", type: "text", isOptional: true, maxLength: 30 },
          cakeExtras,
          { name: "Hinweise zur Bestellung", type: "textarea", isOptional: true },
        ],
      },
      {
        identifier: "geburtstagstorte",
        name: "Geburtstagstorte",
        description: "Biskuit mit Sahne und Früchten, mit Ihrer Aufschrift aus Schokolade.",
        allergens: "Gluten (Weizen), Milch, Ei",
        type: "configurable",
        price: 3400,
        ...leadTime(2, "days"),
        parts: [
          {
            name: "Aufschrift",
            description: "Zum Beispiel: Alles Gute, Lina!",
            type: "text",
            maxLength: 30,
          },
          {
            name: "Größe",
            type: "select",
            options: [
              { name: "Ø 20 cm (10 Stücke)", modifier: "overwrite", value: 3400 },
              { name: "Ø 26 cm (16 Stücke)", modifier: "overwrite", value: 4600 },
            ],
          },
          {
            name: "Dekor",
            type: "select",
            isOptional: true,
            options: [
              { name: "Mit frischen Beeren", modifier: "add", value: 400 },
              { name: "Schlicht, ohne Sahnetupfen", modifier: "subtract", value: 200 },
            ],
          },
          cakeExtras,
        ],
      },
      {
        identifier: "hochzeitstorte",
        name: "Hochzeitstorte",
        description:
          "Mehrstöckig, nach einem persönlichen Gespräch gefertigt. Mindestens eine Woche Vorlauf.",
        allergens: "Gluten (Weizen), Milch, Ei, Schalenfrüchte (Mandel)",
        type: "configurable",
        price: 24900,
        calculationModel: "minimum",
        isStepByStep: true,
        ...leadTime(1, "weeks"),
        parts: [
          {
            name: "Etagen",
            type: "select",
            options: [
              { name: "2 Etagen (ca. 40 Stücke)", modifier: "overwrite", value: 24900 },
              { name: "3 Etagen (ca. 70 Stücke)", modifier: "overwrite", value: 34900 },
              { name: "4 Etagen (ca. 100 Stücke)", modifier: "overwrite", value: 46900 },
            ],
          },
          {
            name: "Stil",
            type: "select",
            options: [
              { name: "Naked Cake", modifier: "add", value: 0 },
              { name: "Fondant klassisch", modifier: "add", value: 4000 },
              { name: "Blütenzauber mit frischen Blumen", modifier: "add", value: 6000 },
            ],
          },
          { name: "Inspirationsbilder", type: "images", isOptional: true },
          {
            name: "Unterlagen",
            description: "Zum Beispiel eine Skizze oder Farbmuster (PDF, Word oder Bild).",
            type: "files",
            isOptional: true,
          },
          { name: "Ihre Wünsche", type: "textarea", isOptional: true },
        ],
      },
      {
        identifier: "cupcake-box",
        name: "Cupcake-Box (6 Stück)",
        description: "Sechs Cupcakes mit Frosting, auf Wunsch mit Ihrem Logo.",
        allergens: "Gluten (Weizen), Milch, Ei",
        type: "configurable",
        price: 1590,
        unit: "package",
        ...leadTime(1, "days"),
        parts: [
          {
            name: "Sorte",
            type: "select",
            options: [
              { name: "Schokolade", modifier: "add", value: 0 },
              { name: "Vanille-Himbeer", modifier: "add", value: 0 },
              { name: "Gemischt", modifier: "add", value: 0 },
            ],
          },
          {
            name: "Logo für Firmen-Cupcakes",
            description: "Als PDF, PNG oder SVG.",
            type: "file",
            isOptional: true,
          },
        ],
      },
      {
        identifier: "fototortenaufleger",
        name: "Fototortenaufleger (einzeln)",
        description: "Essbares Zuckerpapier mit Ihrem Foto für die eigene Torte.",
        allergens: "kann Spuren von Soja enthalten",
        type: "configurable",
        price: 890,
        parts: [
          { name: "Foto für den Tortenaufleger", type: "image" },
          {
            name: "Format",
            type: "select",
            options: [
              { name: "Rund, Ø 20 cm", modifier: "add", value: 0 },
              { name: "Rechteckig, DIN A4", modifier: "add", value: 200 },
            ],
          },
        ],
      },
      {
        identifier: "torte-auf-anfrage",
        name: "Individuelle Torte auf Anfrage",
        description:
          "Sie beschreiben, wir machen ein Angebot. Der Preis richtet sich nach Aufwand und Größe.",
        type: "configurable",
        price: 0,
        isPriceHidden: true,
        ...leadTime(1, "weeks"),
        parts: [
          { name: "Beschreiben Sie Ihre Wunschtorte", type: "textarea" },
          { name: "Bildvorlagen", type: "images", isOptional: true },
        ],
      },
    ],
  },
  {
    identifier: "snacks",
    name: "Snacks",
    description: "Herzhaftes für die Mittagspause.",
    entries: [
      {
        identifier: "belegtes-broetchen",
        name: "Belegtes Brötchen nach Wahl",
        description: "Kaiserbrötchen mit Butter, Salat und Ihrem Lieblingsbelag.",
        allergens: "Gluten (Weizen), Milch, Ei, Senf",
        type: "configurable",
        price: 290,
        parts: [
          {
            name: "Belag",
            type: "select",
            options: [
              { name: "Bergkäse", modifier: "add", value: 0 },
              { name: "Schwarzwälder Schinken", modifier: "add", value: 30 },
              { name: "Salami", modifier: "add", value: 30 },
              { name: "Ei und Kresse", modifier: "add", value: 0 },
              { name: "Hummus und Gemüse (vegan)", modifier: "add", value: 50 },
            ],
          },
          {
            name: "Extras",
            type: "multiselect",
            isOptional: true,
            options: [
              { name: "Extra Käse", modifier: "add", value: 60 },
              { name: "Gurke", modifier: "add", value: 20 },
              { name: "Tomate", modifier: "add", value: 30 },
            ],
          },
          {
            name: "Butter",
            type: "select",
            isOptional: true,
            options: [{ name: "Ohne Butter", modifier: "subtract", value: 10 }],
          },
        ],
      },
      {
        identifier: "kaese-laugenstange",
        name: "Belegte Laugenstange mit Käse",
        description: "Mit Butter, Emmentaler und Salat.",
        allergens: "Gluten (Weizen), Milch",
        price: 320,
      },
      {
        identifier: "schinken-kaese-croissant",
        name: "Schinken-Käse-Croissant",
        description: "Warm aus dem Ofen.",
        allergens: "Gluten (Weizen), Milch, Ei",
        price: 340,
      },
      {
        identifier: "veganes-sandwich",
        name: "Veganes Hummus-Sandwich",
        description: "Körnerbrot, Hummus, gegrilltes Gemüse und Rucola.",
        allergens: "Gluten (Weizen, Roggen), Sesam",
        price: 450,
        tags: ["vegan"],
      },
      {
        identifier: "flammkuchen",
        name: "Flammkuchen Elsässer Art",
        description: "Mit Crème fraîche, Zwiebeln und Speck, ab 11 Uhr warm.",
        allergens: "Gluten (Weizen), Milch",
        price: 590,
        schedule: [daily("11:00", "18:30")],
        isVisibleWhenUnavailable: true,
      },
      {
        identifier: "quiche-lorraine",
        name: "Quiche Lorraine (Stück)",
        description: "Mürbeteig, Speck, Lauch und Eierguss.",
        allergens: "Gluten (Weizen), Milch, Ei",
        price: 420,
      },
      {
        identifier: "leberkaesweckle",
        name: "Leberkäsweckle",
        description: "Warmer Leberkäse im Laugenweckle, mit süßem Senf.",
        allergens: "Gluten (Weizen), Senf",
        price: 350,
      },
      {
        identifier: "wiener-wuerstchen",
        name: "Wiener Würstchen (1 Paar)",
        description: "Mit Brötchen und Senf.",
        allergens: "Gluten (Weizen), Senf",
        price: 320,
        unit: "pair",
      },
      {
        identifier: "gemuesequiche-glutenfrei",
        name: "Gemüsequiche glutenfrei (Stück)",
        description: "Mit Brokkoli, Paprika und Feta auf Buchweizenboden.",
        allergens: "Milch, Ei",
        price: 450,
        tags: ["glutenfrei-optionen"],
      },
    ],
  },
  {
    identifier: "fruehstueck",
    name: "Frühstück",
    description: "Bis 11:30 Uhr: im Café, zum Mitnehmen oder als Paket geliefert.",
    schedule: [daily("06:00", "11:30")],
    isVisibleWhenUnavailable: true,
    entries: [
      {
        identifier: "fruehstueck-fuer-zwei",
        name: "Frühstückspaket für Zwei",
        description: "Brötchen, Croissants, Butter, Konfitüre, Käse, Aufschnitt und Obstsalat.",
        allergens: "Gluten (Weizen), Milch, Ei",
        type: "bundle",
        price: 1890,
        bundle: [
          { product: "weizenbroetchen", quantity: 4 },
          { product: "buttercroissant", quantity: 2 },
          { product: "butter-portion", quantity: 2 },
          { product: "konfituere-portion", quantity: 2 },
          { product: "kaese-portion", quantity: 1 },
          { product: "aufschnitt-portion", quantity: 1 },
          { product: "obstsalat-portion", quantity: 1 },
        ],
      },
      {
        identifier: "familien-fruehstueck",
        name: "Familien-Frühstückspaket (4 Personen)",
        description:
          "Für die ganze Familie, mit Honig, Kakao-Pulver und doppelt Obstsalat. Bitte am Vortag bestellen.",
        allergens: "Gluten (Weizen, Roggen), Milch, Ei, Sesam",
        type: "bundle",
        price: 3690,
        ...leadTime(12, "hours"),
        bundle: [
          { product: "weizenbroetchen", quantity: 4 },
          { product: "koernerbroetchen", quantity: 4 },
          { product: "buttercroissant", quantity: 4 },
          { product: "butter-portion", quantity: 4 },
          { product: "konfituere-portion", quantity: 2 },
          { product: "honig-portion", quantity: 2 },
          { product: "kaese-portion", quantity: 2 },
          { product: "aufschnitt-portion", quantity: 2 },
          { product: "obstsalat-portion", quantity: 2 },
        ],
      },
      {
        identifier: "brunch-platte",
        name: "Brunch-Platte (pro Person)",
        description: "Für Feiern ab vier Personen: Brot, Aufstriche, Käse, Lachs, Quiche und Obst.",
        allergens: "Gluten (Weizen, Roggen), Milch, Ei, Fisch",
        price: 1450,
        unit: "person",
        minimumQuantity: 4,
        defaultQuantity: 4,
        maximumQuantity: 40,
        ...leadTime(1, "days"),
      },
      {
        identifier: "bircher-muesli",
        name: "Bircher Müsli",
        description: "Über Nacht eingeweichte Haferflocken mit Apfel, Joghurt und Nüssen.",
        allergens: "Gluten (Hafer), Milch, Schalenfrüchte (Haselnuss)",
        price: 420,
      },
      {
        identifier: "ruehrei-mit-brot",
        name: "Rührei mit Schnittlauch und Bauernbrot",
        description: "Aus drei Eiern, mit gebutterter Scheibe Bauernbrot. Nur im Café.",
        allergens: "Gluten (Roggen, Weizen), Milch, Ei",
        price: 650,
      },
      {
        identifier: "franzoesisches-fruehstueck",
        name: "Französisches Frühstück",
        description: "Croissant, Baguette, Butter und hausgemachte Konfitüre.",
        allergens: "Gluten (Weizen), Milch, Ei",
        price: 690,
      },
    ],
  },
  {
    identifier: "getraenke",
    name: "Getränke",
    description: "Kaffee aus unserer Freiburger Rösterei, Säfte aus der Region.",
    entries: [
      {
        group: "kaffeespezialitaeten",
        name: "Kaffeespezialitäten",
        description: "Mit Bohnen aus der Rösterei am Dreisamufer.",
        products: [
          {
            identifier: "kaffee",
            name: "Kaffee",
            description: "Filterkaffee, frisch aufgebrüht.",
            price: 220,
            ...drink,
          },
          {
            identifier: "espresso",
            name: "Espresso",
            description: "Kräftig, mit feiner Crema.",
            price: 190,
            ...drink,
          },
          {
            identifier: "cappuccino",
            name: "Cappuccino",
            description: "Espresso mit cremigem Milchschaum.",
            allergens: "Milch",
            type: "configurable",
            price: 310,
            ...drink,
            parts: [milkChoice],
          },
          {
            identifier: "latte-macchiato",
            name: "Latte Macchiato",
            description: "Im hohen Glas geschichtet.",
            allergens: "Milch",
            type: "configurable",
            price: 340,
            ...drink,
            parts: [milkChoice],
          },
        ],
      },
      {
        identifier: "heisse-schokolade",
        name: "Heiße Schokolade",
        description: "Mit echter Schokolade und Sahnehaube.",
        allergens: "Milch, Soja",
        price: 290,
        ...drink,
      },
      {
        identifier: "orangensaft",
        name: "Frisch gepresster Orangensaft (0,3 l)",
        description: "Vor Ihren Augen gepresst.",
        price: 350,
        ...drink,
      },
      {
        identifier: "apfelschorle",
        name: "Apfelschorle (0,5 l)",
        description: "Aus Äpfeln vom Tuniberg.",
        price: 250,
        ...drink,
      },
      {
        identifier: "mineralwasser",
        name: "Mineralwasser (0,5 l)",
        description: "Still oder mit Kohlensäure, aus dem Schwarzwald.",
        price: 190,
        ...drink,
      },
      {
        identifier: "vollmilch-vom-hof",
        name: "Frische Vollmilch vom Hof",
        description:
          "Aus dem Glottertal, in der Pfandflasche (Pfand wird in der Filiale berechnet).",
        allergens: "Milch",
        price: 149,
        unit: "l",
        pricing: "Preis pro Liter",
        maximumQuantity: 6,
        ...food,
      },
      {
        identifier: "hauskaffee-bohnen",
        name: "Hauskaffee, ganze Bohnen",
        description: "Unsere Röstung für zu Hause, abgefüllt in 250-g-Schritten.",
        price: 2890,
        unit: "kilogram",
        pricing: "Preis pro kg",
        minimumQuantity: 0.25,
        maximumQuantity: 2,
        quantityStepSize: 0.25,
        defaultQuantity: 0.25,
        defaultUnit: "gram",
        ...food,
        alternativeUnits: [
          {
            unit: "gram",
            ratio: 0.001,
            minimumQuantity: 250,
            maximumQuantity: 2000,
            quantityStepSize: 250,
          },
        ],
      },
    ],
  },
  {
    identifier: "fruehstuecksbausteine",
    name: "Frühstücksbausteine",
    description: "Bestandteile unserer Frühstückspakete.",
    isBundleOnly: true,
    entries: [
      {
        identifier: "butter-portion",
        name: "Süßrahmbutter (Portion)",
        allergens: "Milch",
        price: 60,
        unit: "serving",
      },
      {
        identifier: "konfituere-portion",
        name: "Hausgemachte Erdbeerkonfitüre (Portion)",
        price: 80,
        unit: "serving",
        tags: ["vegan"],
      },
      {
        identifier: "honig-portion",
        name: "Schwarzwaldhonig (Portion)",
        price: 90,
        unit: "serving",
      },
      {
        identifier: "kaese-portion",
        name: "Käseauswahl (Portion)",
        description: "Bergkäse, Camembert und Frischkäse.",
        allergens: "Milch",
        price: 240,
        unit: "serving",
      },
      {
        identifier: "aufschnitt-portion",
        name: "Aufschnitt (Portion)",
        description: "Schwarzwälder Schinken und Salami.",
        allergens: "Senf",
        price: 240,
        unit: "serving",
      },
      {
        identifier: "obstsalat-portion",
        name: "Obstsalat (Schälchen)",
        description: "Saisonale Früchte.",
        price: 290,
        unit: "serving",
        tags: ["vegan"],
      },
    ],
  },
];
