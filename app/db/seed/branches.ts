import type { NewBranch, NewDeliveryArea, NewDivision, NewTag } from "#app/db/schema";
import { closed, closedOnNext, open, openOnNext, weekdays, type RuleSeed } from "./rules";

/** Three public branches in Freiburg im Breisgau and one opening soon. Coordinates are real. */

export const division: NewDivision = {
  identifier: "freiburg",
  name: "Bäckerei Sonnenkorn Freiburg",
  title: "Unsere Filialen in Freiburg",
  description: "Drei Filialen, eine Backstube: Wählen Sie Ihre Filiale und bestellen Sie online.",
};

export const tags: NewTag[] = [
  { identifier: "vegan", name: "Vegan", position: 1 },
  { identifier: "glutenfrei-optionen", name: "Glutenfrei-Optionen", position: 2 },
  { identifier: "cafe", name: "Café", position: 3 },
  { identifier: "parkplatz", name: "Parkplatz", position: 4 },
  { identifier: "lieferung", name: "Lieferung", position: 5 },
  { identifier: "barrierefrei", name: "Barrierefrei", position: 6 },
];

export interface BranchSeed extends Omit<NewBranch, "divisionId" | "orderableFrom"> {
  identifier: string;
  tags: string[];
  openingHours: RuleSeed[];
  deliveryHours?: RuleSeed[];
  deliveryAreas?: Omit<NewDeliveryArea, "branchId">[];
  /** Tables T1 … Tn for dine-in. */
  tableCount?: number;
  /** Orders are accepted from this many days after the seed ran (a branch about to open). */
  orderableInDays?: number;
}

const paymentsAtTheCounter = {
  isCashEnabled: true,
  isAtmCardEnabled: true,
  isVoucherEnabled: true,
  isStripeEnabled: false,
  isPaypalEnabled: false,
} as const;

const christmasAndNewYear: RuleSeed[] = [
  openOnNext(12, 24, "07:00", "12:00"),
  closedOnNext(12, 25),
  closedOnNext(12, 26),
  closedOnNext(1, 1),
];

export const branches: BranchSeed[] = [
  {
    identifier: "altstadt",
    name: "Sonnenkorn am Münsterplatz",
    description:
      "Unser Stammhaus mit Café direkt am Münstermarkt: frühstücken, Kuchen genießen und Brot für zu Hause mitnehmen.",
    street: "Münsterplatz 14",
    zipCode: "79098",
    city: "Freiburg im Breisgau",
    phone: "+49 761 2020 100",
    email: "altstadt@sonnenkorn.example",
    latitude: 47.995586,
    longitude: 7.852255,
    keywords: "Münster, Altstadt, Innenstadt, Café, Frühstück, Münstermarkt",
    position: 1,
    isTakeawayEnabled: true,
    isDineInEnabled: true,
    isDeliveryEnabled: false,
    isPreorderEnabled: true,
    isTableSelectionEnabled: true,
    isTakeawayEmailRequired: true,
    isTakeawayPhoneRequired: false,
    isDineInEmailRequired: false,
    isDineInPhoneRequired: false,
    ...paymentsAtTheCounter,
    closedMessage: "Wir sind bald wieder für Sie da. Vorbestellungen nehmen wir gern jederzeit an.",
    tags: ["cafe", "vegan", "barrierefrei"],
    openingHours: [
      ...weekdays("06:30", "18:30"),
      open("saturday", "07:00", "17:00"),
      open("sunday", "08:00", "12:00"),
      ...christmasAndNewYear,
    ],
    tableCount: 8,
  },
  {
    identifier: "wiehre",
    name: "Sonnenkorn Wiehre",
    description:
      "Die Filiale im Süden mit Lieferservice: frisches Brot und Frühstück bis an die Haustür.",
    street: "Günterstalstraße 31",
    zipCode: "79102",
    city: "Freiburg im Breisgau",
    phone: "+49 761 2020 200",
    email: "wiehre@sonnenkorn.example",
    latitude: 47.986112,
    longitude: 7.848742,
    keywords: "Wiehre, Günterstal, Lieferservice, Frühstück liefern",
    position: 2,
    isTakeawayEnabled: true,
    isDeliveryEnabled: true,
    isDineInEnabled: false,
    isPreorderEnabled: true,
    isDeliveryHoursEnabled: true,
    isDeliveryEmailRequired: true,
    isDeliveryPhoneRequired: true,
    isDeliveryAddressRequired: true,
    isTakeawayEmailRequired: true,
    ...paymentsAtTheCounter,
    tags: ["lieferung", "parkplatz", "glutenfrei-optionen", "vegan"],
    openingHours: [open("daily", "06:00", "18:00"), closed("sunday"), ...christmasAndNewYear],
    deliveryHours: [
      open("daily", "07:00", "11:00"),
      open("daily", "15:00", "17:30"),
      closed("saturday"),
      open("saturday", "07:00", "11:00"),
      closed("sunday"),
    ],
    deliveryAreas: [
      {
        name: "Wiehre (Nachbarschaft bis 1 km)",
        postcodes: "79102, 79100",
        price: 0,
        taxRate: 7,
        isFree: true,
        minimumOrderValue: 1000,
        position: 1,
      },
      {
        name: "Oberwiehre, Altstadt und Stühlinger",
        postcodes: "79098, 79102, 79104, 79106",
        price: 290,
        taxRate: 7,
        freeFromOrderValue: 3000,
        minimumOrderValue: 1500,
        position: 2,
      },
      {
        name: "Günterstal, Merzhausen und St. Georgen",
        postcodes: "79100, 79111, 79249",
        price: 490,
        taxRate: 7,
        minimumOrderValue: 2500,
        position: 3,
      },
    ],
  },
  {
    identifier: "herdern",
    name: "Sonnenkorn Herdern – Tortenmanufaktur",
    description:
      "Hier entstehen unsere Torten nach Wunsch. Mittags machen wir eine Pause, damit die Konditorei in Ruhe dekorieren kann.",
    street: "Habsburgerstraße 92",
    zipCode: "79104",
    city: "Freiburg im Breisgau",
    phone: "+49 761 2020 300",
    email: "herdern@sonnenkorn.example",
    latitude: 48.005391,
    longitude: 7.856237,
    keywords: "Herdern, Neuburg, Torten, Hochzeitstorte, Motivtorte, Konditorei",
    position: 3,
    isTakeawayEnabled: true,
    isDeliveryEnabled: false,
    isDineInEnabled: false,
    isPreorderEnabled: true,
    isAppointmentRequired: true,
    isTakeawayEmailRequired: true,
    isTakeawayPhoneRequired: true,
    ...paymentsAtTheCounter,
    tags: ["parkplatz", "glutenfrei-optionen"],
    openingHours: [
      ...weekdays("07:00", "12:30"),
      ...weekdays("14:00", "18:00"),
      closed("wednesday"),
      open("wednesday", "07:00", "12:30"),
      open("saturday", "07:30", "13:00"),
      closed("sunday"),
      ...christmasAndNewYear,
    ],
  },
  {
    identifier: "stuehlinger",
    name: "Sonnenkorn Stühlinger",
    description: "Unsere vierte Filiale am Stühlinger Kirchplatz öffnet bald.",
    street: "Eschholzstraße 40",
    zipCode: "79106",
    city: "Freiburg im Breisgau",
    phone: "+49 761 2020 400",
    email: "stuehlinger@sonnenkorn.example",
    latitude: 47.997302,
    longitude: 7.836118,
    keywords: "Stühlinger, Hauptbahnhof, Eschholzpark",
    position: 4,
    isPublic: false,
    isTakeawayEnabled: true,
    isPreorderEnabled: false,
    ...paymentsAtTheCounter,
    closedMessage:
      "Wir eröffnen in wenigen Wochen. Bis dahin freuen wir uns auf Ihren Besuch am Münsterplatz!",
    tags: [],
    openingHours: [weekdays("06:30", "18:00"), open("saturday", "07:00", "14:00")].flat(),
    orderableInDays: 30,
  },
];
