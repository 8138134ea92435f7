/**
 * Two menus per branch: the older one (available since 60 days) and the current one (since
 * yesterday), so the storefront's "active menu" rule has something to choose between. Each lists
 * categories in order; every product and group of a category is on it unless named in `without`.
 */
export interface MenuSeed {
  name: string;
  branches: string[];
  availableDaysAgo: number;
  categories: string[];
  /** Product or group identifiers left out. */
  without: string[];
}

const seasonalNew = ["christstollen", "lebkuchen"];
const seasonalOld = ["rhabarberkuchen", "erdbeertorte-stueck"];

const cafe = {
  branches: ["altstadt"],
  categories: [
    "fruehstueck",
    "broetchen",
    "brot",
    "feingebaeck",
    "kuchen",
    "torten",
    "torten-nach-wunsch",
    "snacks",
    "getraenke",
    "fruehstuecksbausteine",
  ],
  without: ["hochzeitstorte", "torte-auf-anfrage"],
};

const delivery = {
  branches: ["wiehre", "stuehlinger"],
  categories: [
    "broetchen",
    "brot",
    "fruehstueck",
    "feingebaeck",
    "kuchen",
    "torten-nach-wunsch",
    "snacks",
    "getraenke",
    "fruehstuecksbausteine",
  ],
  without: [
    "hochzeitstorte",
    "torte-auf-anfrage",
    "ruehrei-mit-brot",
    "franzoesisches-fruehstueck",
    "kaffeespezialitaeten",
    "heisse-schokolade",
    "flammkuchen",
  ],
};

const manufactory = {
  branches: ["herdern"],
  categories: [
    "torten-nach-wunsch",
    "torten",
    "kuchen",
    "feingebaeck",
    "brot",
    "broetchen",
    "getraenke",
  ],
  without: ["kaffeespezialitaeten", "heisse-schokolade", "orangensaft"],
};

export const menus: MenuSeed[] = [
  {
    name: "Café am Münsterplatz: Grundsortiment",
    availableDaysAgo: 60,
    ...cafe,
    without: [...cafe.without, ...seasonalNew],
  },
  {
    name: "Café am Münsterplatz: Saisonsortiment",
    availableDaysAgo: 1,
    ...cafe,
    without: [...cafe.without, ...seasonalOld],
  },
  {
    name: "Lieferservice Wiehre: Grundsortiment",
    availableDaysAgo: 60,
    ...delivery,
    without: [...delivery.without, ...seasonalNew],
  },
  {
    name: "Lieferservice Wiehre: Saisonsortiment",
    availableDaysAgo: 1,
    ...delivery,
    without: [...delivery.without, ...seasonalOld],
  },
  {
    name: "Tortenmanufaktur Herdern: Grundsortiment",
    availableDaysAgo: 60,
    ...manufactory,
    without: [...manufactory.without, ...seasonalNew],
  },
  {
    name: "Tortenmanufaktur Herdern: Saisonsortiment",
    availableDaysAgo: 1,
    ...manufactory,
    without: [...manufactory.without, ...seasonalOld],
  },
];
