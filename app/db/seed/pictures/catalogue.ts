import {
  breakfast,
  cake,
  container,
  croissant,
  cup,
  dish,
  flatBake,
  loaf,
  pastry,
  pretzel,
  rolls,
  row,
  sandwich,
  sausages,
  slice,
} from "./subjects";

/** A picture to draw: its SVG (made on demand) and the German alt text describing it. */
export interface Drawing {
  svg: () => string;
  alt: string;
}

const CRUST = {
  pale: "#d9a15a",
  golden: "#c98436",
  brown: "#a8652e",
  dark: "#7a4520",
  rye: "#5e3418",
} as const;

const CREAM = "#fbf4e6";
const SPONGE = "#f1cf8e";
const CHOCOLATE = "#5a2f1c";

/** Every demo product's picture by its identifier (app/db/seed/catalogue.ts). */
export const productDrawings: Record<string, Drawing> = {
  // Brot
  "bauernbrot-vom-laib": {
    svg: () =>
      loaf({
        seed: "bauernbrot",
        crust: CRUST.brown,
        shape: "round",
        scores: "cross",
        topping: "flour",
      }),
    alt: "Runder Bauernbrotlaib mit bemehlter, kreuzweise eingeschnittener Kruste auf einem Holzbrett",
  },
  "roggenbrot-vom-laib": {
    svg: () =>
      loaf({ seed: "roggen", crust: CRUST.rye, shape: "oval", scores: "none", topping: "flour" }),
    alt: "Dunkler ovaler Roggenbrotlaib mit rissiger, bemehlter Kruste auf einem Holzbrett",
  },
  sonnenkornbrot: {
    svg: () =>
      loaf({
        seed: "sonnenkorn",
        crust: CRUST.golden,
        shape: "oval",
        scores: "diagonal",
        topping: "seeds",
      }),
    alt: "Ovales Körnerbrot mit Sonnenblumenkernen auf der Kruste",
  },
  dinkelvollkornbrot: {
    svg: () => loaf({ seed: "dinkel", crust: CRUST.brown, shape: "box", topping: "grains" }),
    alt: "Dinkelvollkornbrot aus der Kastenform, vorne angeschnitten",
  },
  kartoffelbrot: {
    svg: () =>
      loaf({
        seed: "kartoffel",
        crust: CRUST.pale,
        shape: "round",
        scores: "straight",
        topping: "flour",
      }),
    alt: "Helles rundes Kartoffelbrot mit einem Schnitt über die Kruste",
  },
  walnussbrot: {
    svg: () =>
      loaf({
        seed: "walnuss",
        crust: CRUST.dark,
        shape: "oval",
        scores: "diagonal",
        topping: "seeds",
      }),
    alt: "Dunkles Walnussbrot mit Nussstücken auf der Kruste",
  },
  baguette: {
    svg: () => loaf({ seed: "baguette", crust: CRUST.golden, shape: "long", scores: "diagonal" }),
    alt: "Langes goldbraunes Baguette mit schrägen Einschnitten",
  },
  ciabatta: {
    svg: () =>
      loaf({
        seed: "ciabatta",
        crust: CRUST.pale,
        shape: "flat",
        scores: "none",
        topping: "flour",
      }),
    alt: "Flaches, bemehltes Ciabatta auf einem Holzbrett",
  },
  "buchweizenbrot-glutenfrei": {
    svg: () => loaf({ seed: "buchweizen", crust: "#6f4a34", shape: "box", topping: "seeds" }),
    alt: "Glutenfreies Buchweizenbrot aus der Kastenform, angeschnitten",
  },
  buttertoast: {
    svg: () => loaf({ seed: "toast", crust: "#d99a4e", shape: "box" }),
    alt: "Goldgelbes Buttertoastbrot mit aufgeschnittenen Scheiben",
  },
  // Brötchen
  weizenbroetchen: {
    svg: () => rolls({ seed: "weizen", crust: CRUST.golden, cut: "line" }),
    alt: "Drei goldbraune Weizenbrötchen mit Längsschnitt",
  },
  kaiserbroetchen: {
    svg: () => rolls({ seed: "kaiser", crust: CRUST.golden, cut: "star" }),
    alt: "Drei Kaiserbrötchen mit dem typischen Sternmuster",
  },
  koernerbroetchen: {
    svg: () => rolls({ seed: "koerner", crust: CRUST.brown, cut: "none", topping: "grains" }),
    alt: "Drei Körnerbrötchen, dicht mit Körnern bestreut",
  },
  dinkelbroetchen: {
    svg: () => rolls({ seed: "dinkelbr", crust: "#b9823f", cut: "line", topping: "flour" }),
    alt: "Drei bemehlte Dinkelbrötchen",
  },
  roggenbroetchen: {
    svg: () => rolls({ seed: "roggenbr", crust: CRUST.rye, cut: "none", topping: "flour" }),
    alt: "Drei dunkle Roggenbrötchen mit bemehlter, rissiger Kruste",
  },
  mohnbroetchen: {
    svg: () => rolls({ seed: "mohn", crust: CRUST.golden, cut: "line", topping: "poppy" }),
    alt: "Drei Brötchen mit Mohn bestreut",
  },
  kaesebroetchen: {
    svg: () => rolls({ seed: "kaese", crust: CRUST.golden, cut: "none", topping: "cheese" }),
    alt: "Drei Brötchen mit überbackenem Käse",
  },
  broetchentuete: {
    svg: () => rolls({ seed: "tuete", crust: CRUST.golden, count: 5, cut: "line", bag: true }),
    alt: "Papiertüte mit Weizenbrötchen, davor weitere Brötchen",
  },
  laugenbrezel: {
    svg: () => pretzel({ seed: "brezel" }),
    alt: "Laugenbrezel mit grobem Salz auf einem Holzbrett",
  },
  laugenstange: {
    svg: () => pretzel({ seed: "stange", form: "stick" }),
    alt: "Zwei Laugenstangen mit grobem Salz",
  },
  butterbrezel: {
    svg: () => pretzel({ seed: "butterbrezel", butter: true }),
    alt: "Aufgeschnittene Laugenbrezel mit Butter",
  },
  // Feingebäck
  buttercroissant: {
    svg: () => croissant({}),
    alt: "Goldbraunes Buttercroissant auf einem weißen Teller",
  },
  schokocroissant: {
    svg: () => croissant({ colour: "#c98436", filling: CHOCOLATE }),
    alt: "Croissant mit Schokoladenfüllung auf einem weißen Teller",
  },
  nussecke: {
    svg: () =>
      pastry({
        seed: "nussecke",
        shape: "triangle",
        dough: "#c98436",
        half: "#a0622a",
        topping: "seeds",
      }),
    alt: "Nussecke mit Haselnüssen und Schokoladenrand",
  },
  franzbroetchen: {
    svg: () => pastry({ seed: "franz", shape: "spiral", dough: "#c07a35", filling: "#7a4520" }),
    alt: "Franzbrötchen mit Zimt-Zucker-Spirale",
  },
  zimtschnecke: {
    svg: () =>
      pastry({
        seed: "zimt",
        shape: "spiral",
        dough: "#d9a15a",
        filling: "#8a4b1f",
        topping: "sugar",
      }),
    alt: "Zimtschnecke mit Zuckerguss auf einem Teller",
  },
  berliner: {
    svg: () =>
      pastry({
        seed: "berliner",
        shape: "round",
        dough: "#d58e3f",
        filling: "#b81d36",
        topping: "sugar",
      }),
    alt: "Berliner mit Puderzucker, aus dem Himbeerfüllung quillt",
  },
  kirschplunder: {
    svg: () => pastry({ seed: "kirsch", shape: "square", dough: "#d39a55", filling: "#9e1b2c" }),
    alt: "Quadratischer Plunder mit Kirschen in der Mitte",
  },
  amerikaner: {
    svg: () =>
      pastry({
        seed: "amerikaner",
        shape: "round",
        dough: "#e0ae62",
        glaze: "#fbf4e6",
        half: "#5a2f1c",
      }),
    alt: "Amerikaner, halb mit weißem Zuckerguss und halb mit Schokolade überzogen",
  },
  "vegane-apfeltasche": {
    svg: () =>
      pastry({
        seed: "apfel",
        shape: "triangle",
        dough: "#d9a15a",
        filling: "#e9c46a",
        topping: "sugar",
      }),
    alt: "Dreieckige Apfeltasche aus Blätterteig mit Zucker bestreut",
  },
  macarons: {
    svg: () =>
      row({
        seed: "macarons",
        kind: "macaron",
        colours: ["#f3a6b8", "#a8d5a2", "#f7d774", "#c3a6e0", "#8d5a3b", "#f6b37f"],
      }),
    alt: "Sechs bunte Macarons in einer Reihe: rosa, grün, gelb, lila, braun und orange",
  },
  // Kuchen
  apfelkuchen: {
    svg: () =>
      slice({
        seed: "apfelkuchen",
        layers: ["#e1b266", "#f3dc9a"],
        top: "#e8c77a",
        decoration: "almonds",
      }),
    alt: "Stück gedeckter Apfelkuchen mit Mandelblättchen",
  },
  kaesekuchen: {
    svg: () =>
      slice({ seed: "kaesekuchen", layers: ["#d49b52", "#fbecc0", "#fbecc0"], top: "#e3b36a" }),
    alt: "Stück Käsekuchen mit goldbrauner Oberfläche",
  },
  zwetschgendatschi: {
    svg: () =>
      slice({ seed: "datschi", layers: ["#e1b266"], top: "#5b2a5e", decoration: "crumble" }),
    alt: "Stück Zwetschgendatschi mit dicht gelegten Zwetschgen",
  },
  bienenstich: {
    svg: () =>
      slice({
        seed: "bienenstich",
        layers: [SPONGE, CREAM, SPONGE],
        top: "#d99a3e",
        decoration: "almonds",
      }),
    alt: "Stück Bienenstich mit Vanillecreme und karamellisierten Mandeln",
  },
  streuselkuchen: {
    svg: () =>
      slice({ seed: "streusel", layers: ["#e1b266"], top: "#efcf8a", decoration: "crumble" }),
    alt: "Stück Streuselkuchen mit dicken Butterstreuseln",
  },
  marmorkuchen: {
    svg: () =>
      cake({ seed: "marmor", body: "#8a5a36", top: "#f1cf8e", form: "loaf", decoration: "sugar" }),
    alt: "Marmorkuchen in Kastenform mit Puderzucker",
  },
  rhabarberkuchen: {
    svg: () =>
      slice({
        seed: "rhabarber",
        layers: ["#e1b266", "#e98a9a"],
        top: "#fff6e8",
        decoration: "meringue",
      }),
    alt: "Stück Rhabarberkuchen mit goldbraun gebackener Baiserhaube",
  },
  "veganer-schokokuchen": {
    svg: () =>
      slice({
        seed: "schoko",
        layers: [CHOCOLATE, "#7a4a2e", CHOCOLATE],
        top: "#3b2014",
        decoration: "chocolate",
      }),
    alt: "Stück dunkler Schokoladenkuchen mit Schokoladenglasur",
  },
  christstollen: {
    svg: () =>
      cake({ seed: "stollen", body: "#d9a15a", top: "#ffffff", form: "loaf", decoration: "sugar" }),
    alt: "Butterstollen dick mit Puderzucker bestäubt",
  },
  lebkuchen: {
    svg: () =>
      row({ seed: "lebkuchen", kind: "biscuit", colours: ["#7a4520", "#5a2f1c", "#7a4520"] }),
    alt: "Drei runde Elisenlebkuchen mit Schokoladenüberzug und Mandeln",
  },
  // Torten
  "schwarzwaelder-stueck": {
    svg: () =>
      slice({
        seed: "sw",
        layers: [CHOCOLATE, CREAM, CHOCOLATE, CREAM],
        top: CREAM,
        decoration: "cherries",
      }),
    alt: "Stück Schwarzwälder Kirschtorte mit Sahne, Schokoboden und Kirschen",
  },
  "schwarzwaelder-ganz": {
    svg: () => cake({ seed: "swg", body: CREAM, top: CREAM, decoration: "cherries" }),
    alt: "Ganze Schwarzwälder Kirschtorte mit Sahnetupfen und Kirschen",
  },
  "kaesesahne-stueck": {
    svg: () =>
      slice({
        seed: "ks",
        layers: [SPONGE, "#fff3cf", "#fff3cf", SPONGE],
        top: "#fbf4e6",
        decoration: "none",
      }),
    alt: "Stück Käsesahnetorte mit hoher, luftiger Quark-Sahne-Schicht",
  },
  "erdbeertorte-stueck": {
    svg: () =>
      slice({
        seed: "erdbeer",
        layers: [SPONGE, CREAM, "#f3b3bd"],
        top: CREAM,
        decoration: "strawberries",
      }),
    alt: "Stück Erdbeer-Sahnetorte mit frischen Erdbeeren",
  },
  "frankfurter-kranz": {
    svg: () =>
      cake({ seed: "kranz", body: "#f3dc9a", top: "#e0ae62", form: "ring", decoration: "almonds" }),
    alt: "Frankfurter Kranz mit Buttercreme und Krokant",
  },
  sachertorte: {
    svg: () => cake({ seed: "sacher", body: "#3b2014", top: "#4a2818" }),
    alt: "Sachertorte mit glänzender Schokoladenglasur",
  },
  // Torten nach Wunsch
  motivtorte: {
    svg: () => cake({ seed: "motiv", body: "#fbf4e6", top: "#ffffff", decoration: "photo" }),
    alt: "Weiße Torte mit einem bunten Fototortenaufleger",
  },
  geburtstagstorte: {
    svg: () => cake({ seed: "geburtstag", body: "#f6c1cf", top: "#fff0f4", decoration: "candles" }),
    alt: "Rosa Geburtstagstorte mit vier bunten Kerzen",
  },
  hochzeitstorte: {
    svg: () =>
      cake({ seed: "hochzeit", body: "#fffaf2", top: "#ffffff", tiers: 3, decoration: "flowers" }),
    alt: "Dreistöckige weiße Hochzeitstorte mit Zuckerblumen",
  },
  "cupcake-box": {
    svg: () =>
      row({
        seed: "cupcakes",
        kind: "cupcake",
        colours: ["#f6c1cf", "#fbf4e6", "#c3a6e0", "#f6c1cf", "#fbf4e6", "#c3a6e0"],
      }),
    alt: "Sechs Cupcakes mit rosa, weißem und lila Frosting",
  },
  fototortenaufleger: {
    svg: () => cake({ seed: "aufleger", body: "#fbf4e6", top: "#fbf4e6", decoration: "photo" }),
    alt: "Torte mit einem essbaren Fototortenaufleger mit Landschaftsmotiv",
  },
  "torte-auf-anfrage": {
    svg: () =>
      cake({
        seed: "anfrage",
        body: "#c3a6e0",
        top: "#f3ecf9",
        tiers: 2,
        decoration: "strawberries",
      }),
    alt: "Zweistöckige lila Torte mit Beeren",
  },
  // Snacks
  "belegtes-broetchen": {
    svg: () => sandwich({ bread: CRUST.golden, fillings: ["#7fb24a", "#f2c14e", "#e58a8a"] }),
    alt: "Belegtes Brötchen mit Salat, Käse und Schinken",
  },
  "kaese-laugenstange": {
    svg: () => pretzel({ seed: "kls", form: "stick", cheese: true }),
    alt: "Laugenstange belegt mit Käse und Salat",
  },
  "schinken-kaese-croissant": {
    svg: () => sandwich({ bread: "#d9953f", fillings: ["#e58a8a", "#f2c14e"], form: "croissant" }),
    alt: "Croissant gefüllt mit Schinken und Käse",
  },
  "veganes-sandwich": {
    svg: () =>
      sandwich({ bread: "#a8652e", fillings: ["#e6cf9a", "#7fb24a", "#d93a4a"], form: "triangle" }),
    alt: "Vollkorn-Sandwich mit Hummus, Salat und Tomaten",
  },
  flammkuchen: {
    svg: () =>
      flatBake({
        seed: "flamm",
        base: "#d9a15a",
        cover: "#fbf1dc",
        dots: ["#e58a8a", "#f1e4c0"],
        form: "rectangle",
      }),
    alt: "Flammkuchen mit Schmand, Speckwürfeln und Zwiebeln auf einem Holzbrett",
  },
  "quiche-lorraine": {
    svg: () =>
      flatBake({
        seed: "quiche",
        base: "#c98436",
        cover: "#f4d27a",
        dots: ["#e58a8a"],
        form: "wedge",
      }),
    alt: "Stück Quiche Lorraine mit Speck",
  },
  leberkaesweckle: {
    svg: () => sandwich({ bread: CRUST.golden, fillings: ["#e3b531", "#d98a6a"] }),
    alt: "Brötchen mit einer dicken Scheibe Leberkäse und Senf",
  },
  "wiener-wuerstchen": {
    svg: () => sausages(),
    alt: "Ein Paar Wiener Würstchen mit Senf auf einem Teller",
  },
  "gemuesequiche-glutenfrei": {
    svg: () =>
      flatBake({
        seed: "gemuese",
        base: "#b9823f",
        cover: "#f4d27a",
        dots: ["#7fb24a", "#d93a4a", "#f28c28"],
        form: "wedge",
      }),
    alt: "Stück Gemüsequiche mit Brokkoli, Tomate und Paprika",
  },
  // Frühstück
  "fruehstueck-fuer-zwei": {
    svg: () =>
      breakfast({
        seed: "zwei",
        items: [
          { kind: "roll", x: 330, y: 600 },
          { kind: "croissant", x: 520, y: 560 },
          { kind: "butter", x: 700, y: 600 },
          { kind: "jam", x: 860, y: 580 },
          { kind: "cheese", x: 440, y: 700 },
          { kind: "egg", x: 720, y: 710 },
        ],
      }),
    alt: "Frühstücksbrett für zwei mit Brötchen, Croissant, Butter, Konfitüre, Käse und Spiegelei",
  },
  "familien-fruehstueck": {
    svg: () =>
      breakfast({
        seed: "familie",
        items: [
          { kind: "roll", x: 280, y: 580 },
          { kind: "roll", x: 430, y: 560, colour: CRUST.brown },
          { kind: "croissant", x: 600, y: 560 },
          { kind: "ham", x: 780, y: 580 },
          { kind: "cheese", x: 920, y: 620 },
          { kind: "jam", x: 330, y: 700 },
          { kind: "honey", x: 470, y: 710 },
          { kind: "fruit", x: 650, y: 710 },
          { kind: "egg", x: 840, y: 720 },
        ],
      }),
    alt: "Großes Frühstücksbrett mit Brötchen, Croissant, Aufschnitt, Käse, Konfitüre, Honig, Obst und Ei",
  },
  "brunch-platte": {
    svg: () =>
      breakfast({
        seed: "brunch",
        items: [
          { kind: "bread", x: 330, y: 600 },
          { kind: "scrambled", x: 560, y: 600 },
          { kind: "ham", x: 800, y: 590 },
          { kind: "fruit", x: 420, y: 720 },
          { kind: "cheese", x: 690, y: 720 },
          { kind: "glass", x: 920, y: 690, colour: "#f5a623" },
        ],
      }),
    alt: "Brunch-Platte mit Brot, Rührei, Aufschnitt, Obst, Käse und einem Glas Orangensaft",
  },
  "bircher-muesli": {
    svg: () =>
      breakfast({
        seed: "muesli",
        items: [{ kind: "bowl", x: 600, y: 600 }],
        wide: false,
        scale: 2,
      }),
    alt: "Schale Bircher Müsli mit Beeren und Haferflocken",
  },
  "ruehrei-mit-brot": {
    svg: () =>
      breakfast({
        seed: "ruehrei",
        items: [
          { kind: "scrambled", x: 560, y: 620 },
          { kind: "bread", x: 760, y: 610 },
        ],
        wide: false,
        scale: 1.6,
      }),
    alt: "Rührei mit Schnittlauch und einer Scheibe Bauernbrot auf einem Teller",
  },
  "franzoesisches-fruehstueck": {
    svg: () =>
      breakfast({
        seed: "franz-fr",
        items: [
          { kind: "croissant", x: 420, y: 580 },
          { kind: "butter", x: 620, y: 600 },
          { kind: "jam", x: 780, y: 590 },
          { kind: "glass", x: 930, y: 660, colour: "#f5a623" },
          { kind: "croissant", x: 500, y: 710 },
        ],
      }),
    alt: "Französisches Frühstück mit Croissants, Butter, Konfitüre und Orangensaft",
  },
  // Getränke
  kaffee: {
    svg: () => cup({ drink: "#5a3418", form: "cup" }),
    alt: "Dampfende Tasse Filterkaffee auf einer Untertasse",
  },
  espresso: {
    svg: () => cup({ drink: "#3b2014", foam: "#a8652e", form: "espresso" }),
    alt: "Kleine Tasse Espresso mit Crema",
  },
  cappuccino: {
    svg: () => cup({ drink: "#8a5531", foam: "#f1e2c8", form: "cup", heart: true }),
    alt: "Cappuccino mit Milchschaum und Herz aus Latte Art",
  },
  "latte-macchiato": {
    svg: () => cup({ drink: "#c99a6a", form: "glass", layers: ["#fbf4e6", "#c99a6a", "#f2e6d2"] }),
    alt: "Hohes Glas Latte Macchiato mit Schichten aus Milch, Espresso und Milchschaum",
  },
  "heisse-schokolade": {
    svg: () => cup({ drink: "#5a2f1c", foam: "#fbf4e6", form: "mug" }),
    alt: "Becher heiße Schokolade mit Sahnehaube",
  },
  orangensaft: {
    svg: () => cup({ drink: "#f5a623", form: "glass" }),
    alt: "Glas frisch gepresster Orangensaft",
  },
  apfelschorle: {
    svg: () => cup({ drink: "#e9c46a", form: "glass", layers: ["#f6e3a6", "#e9c46a"] }),
    alt: "Glas Apfelschorle",
  },
  mineralwasser: {
    svg: () => container({ seed: "wasser", form: "bottle", colour: "#a9d6ee", label: "#2f7fb5" }),
    alt: "Flasche Mineralwasser mit blauem Etikett",
  },
  "vollmilch-vom-hof": {
    svg: () => container({ seed: "milch", form: "bottle", colour: "#fbfbf8", label: "#4f8a2c" }),
    alt: "Glasflasche frische Vollmilch mit grünem Etikett",
  },
  "hauskaffee-bohnen": {
    svg: () => container({ seed: "bohnen", form: "bag", colour: "#b88a4e", label: "#f4e3cc" }),
    alt: "Papiertüte Kaffeebohnen mit Etikett, davor einige Bohnen",
  },
  // Frühstücksbausteine
  "butter-portion": {
    svg: () => dish({ seed: "butter", item: "butter" }),
    alt: "Portion Süßrahmbutter auf einem kleinen Teller",
  },
  "konfituere-portion": {
    svg: () => dish({ seed: "konfituere", item: "jam" }),
    alt: "Schälchen Erdbeerkonfitüre",
  },
  "honig-portion": {
    svg: () => dish({ seed: "honig", item: "honey" }),
    alt: "Schälchen goldgelber Honig",
  },
  "kaese-portion": {
    svg: () => dish({ seed: "kaeseportion", item: "cheese" }),
    alt: "Stück Käse auf einem kleinen Teller",
  },
  "aufschnitt-portion": {
    svg: () => dish({ seed: "aufschnitt", item: "ham" }),
    alt: "Scheiben Aufschnitt auf einem kleinen Teller",
  },
  "obstsalat-portion": {
    svg: () => dish({ seed: "obstsalat", item: "fruit" }),
    alt: "Bunter Obstsalat mit Orangen, Beeren, Trauben und Kiwi",
  },
};

/** Each category shows the picture of one of its products. */
export const categoryPictureProduct: Record<string, string> = {
  brot: "bauernbrot-vom-laib",
  broetchen: "kaiserbroetchen",
  feingebaeck: "buttercroissant",
  kuchen: "apfelkuchen",
  torten: "schwarzwaelder-ganz",
  "torten-nach-wunsch": "hochzeitstorte",
  snacks: "belegtes-broetchen",
  fruehstueck: "fruehstueck-fuer-zwei",
  getraenke: "cappuccino",
  fruehstuecksbausteine: "konfituere-portion",
};
