import { describe, expect, it } from "vitest";
import {
  activeMenu,
  activeProducts,
  isAvailableAt,
  isListedAt,
  menuView,
  migrateCart,
  type Menu,
} from "./menu";
import type { OpeningHoursRule } from "./opening-hours";

const NOW = "2025-06-02T10:00:00+02:00";

const menu = (
  id: number,
  availableFrom: string | null,
  branches: Menu["branches"] = [1],
): Menu => ({
  id,
  branches,
  availableFrom,
  catalog: [],
});

describe("activeMenu", () => {
  it("takes the branch's menu with the latest start that has begun", () => {
    const menus = [
      menu(1, "2025-01-01T00:00:00+01:00"),
      menu(2, "2025-06-01T00:00:00+02:00"),
      menu(3, "2025-07-01T00:00:00+02:00"),
      menu(4, "2025-06-02T00:00:00+02:00", [2]),
    ];
    expect(activeMenu(menus, 1, NOW)?.id).toBe(2);
    expect(activeMenu(menus, 2, NOW)?.id).toBe(4);
  });

  it("counts a menu that starts exactly now", () => {
    expect(activeMenu([menu(1, "2025-01-01"), menu(2, NOW)], 1, NOW)?.id).toBe(2);
  });

  it("is null when no menu has begun or none belongs to the branch", () => {
    expect(activeMenu([menu(1, "2025-07-01T00:00:00+02:00")], 1, NOW)).toBeNull();
    expect(activeMenu([menu(1, "2025-01-01")], 9, NOW)).toBeNull();
    expect(activeMenu([], 1, NOW)).toBeNull();
  });

  it("treats an unset start as always begun, and later starts win over it", () => {
    expect(activeMenu([menu(1, null)], 1, NOW)?.id).toBe(1);
    expect(activeMenu([menu(1, null), menu(2, "2025-05-01")], 1, NOW)?.id).toBe(2);
  });

  it("lets the first given win a tie", () => {
    const start = "2025-05-01T00:00:00+02:00";
    expect(activeMenu([menu(7, start), menu(3, start)], 1, NOW)?.id).toBe(7);
  });

  it("reads branches given as objects or string ids", () => {
    expect(activeMenu([menu(1, "2025-01-01", [{ id: 1 }])], 1, NOW)?.id).toBe(1);
    expect(activeMenu([menu(1, "2025-01-01", ["1"])], 1, NOW)?.id).toBe(1);
  });
});

const breakfastTime: OpeningHoursRule[] = [
  { type: "daily", isClosed: false, from: "06:00", to: "11:00" },
];

describe("isAvailableAt and isListedAt", () => {
  it("is available when enabled with no schedule", () => {
    expect(isAvailableAt({ isEnabled: true }, NOW)).toBe(true);
    expect(isAvailableAt({ isEnabled: true, schedule: [] }, NOW)).toBe(true);
    expect(isAvailableAt({ isEnabled: true, schedule: null }, NOW)).toBe(true);
  });

  it("is unavailable when disabled", () => {
    expect(isAvailableAt({ isEnabled: false }, NOW)).toBe(false);
    expect(isAvailableAt({ isEnabled: false, schedule: breakfastTime }, NOW)).toBe(false);
  });

  it("follows the schedule", () => {
    expect(
      isAvailableAt({ isEnabled: true, schedule: breakfastTime }, "2025-06-02T10:59:00+02:00"),
    ).toBe(true);
    expect(
      isAvailableAt({ isEnabled: true, schedule: breakfastTime }, "2025-06-02T11:00:00+02:00"),
    ).toBe(false);
  });

  it("stays listed while unavailable only when marked so", () => {
    const late = "2025-06-02T12:00:00+02:00";
    expect(isListedAt({ isEnabled: true, schedule: breakfastTime }, late)).toBe(false);
    expect(
      isListedAt(
        { isEnabled: true, schedule: breakfastTime, isVisibleWhenUnavailable: true },
        late,
      ),
    ).toBe(true);
    expect(isListedAt({ isEnabled: false, isVisibleWhenUnavailable: true }, late)).toBe(true);
    expect(isListedAt({ isEnabled: true }, late)).toBe(true);
  });
});

const categories = [
  { id: 1, name: "Brot", isEnabled: true },
  {
    id: 2,
    name: "Frühstück",
    isEnabled: true,
    schedule: breakfastTime,
    isVisibleWhenUnavailable: true,
  },
  { id: 3, name: "Saisonal", isEnabled: false },
  { id: 4, name: "Leer", isEnabled: true },
];
const products = [
  { id: 10, name: "Roggenbrot", isEnabled: true },
  { id: 11, name: "Dinkelbrot", isEnabled: false },
  { id: 12, name: "Vollkornbrot", isEnabled: false, isVisibleWhenUnavailable: true },
  { id: 20, name: "Frühstücksteller", isEnabled: true },
  { id: 30, name: "Stollen", isEnabled: true },
];
const catalogMenu: Menu = {
  id: 1,
  branches: [1],
  availableFrom: "2025-01-01",
  catalog: [
    { id: 1, products: [{ id: 10 }, { id: 11 }, 12, 99] },
    { id: 2, products: [20] },
    { id: 3, products: [30] },
    { id: 4, products: [11] },
    { id: 99, products: [10] },
  ],
};

describe("menuView", () => {
  it("lists what is listed, in catalogue order, with availability", () => {
    const view = menuView(catalogMenu, categories, products, NOW);
    expect(
      view.map((entry) => [
        entry.category.name,
        entry.isAvailable,
        entry.products.map((p) => [p.product.name, p.isAvailable]),
      ]),
    ).toEqual([
      [
        "Brot",
        true,
        [
          ["Roggenbrot", true],
          ["Vollkornbrot", false],
        ],
      ],
      ["Frühstück", true, [["Frühstücksteller", true]]],
    ]);
  });

  it("greys out the products of a category outside its schedule", () => {
    const view = menuView(catalogMenu, categories, products, "2025-06-02T12:00:00+02:00");
    expect(view[1]).toMatchObject({
      category: { name: "Frühstück" },
      isAvailable: false,
      products: [{ product: { name: "Frühstücksteller" }, isAvailable: false }],
    });
  });

  it("is empty for an empty catalogue", () => {
    expect(menuView({ ...catalogMenu, catalog: [] }, categories, products, NOW)).toEqual([]);
  });
});

describe("activeProducts", () => {
  it("keeps the enabled products listed in the menu", () => {
    expect(activeProducts(catalogMenu, products).map((p) => p.id)).toEqual([10, 20, 30]);
  });

  it("is empty without a menu", () => {
    expect(activeProducts(null, products)).toEqual([]);
  });
});

describe("migrateCart", () => {
  const current = [
    { id: 10, name: "Roggenbrot", description: "Sauerteig", price: 450, tax: 7 },
    { id: 20, name: "Frühstücksteller", description: null, price: 890, tax: 19 },
  ];
  const item = (product: {
    id: number;
    name: string;
    description?: string | null;
    price: number;
  }) => ({
    product,
    amount: 2,
    unit: "piece",
  });

  it("keeps items whose product still matches and gives them the current product", () => {
    const result = migrateCart(
      [item({ id: 10, name: "Roggenbrot", description: "Sauerteig", price: 450 })],
      current,
    );
    expect(result.removed).toEqual([]);
    expect(result.items).toEqual([{ product: current[0], amount: 2, unit: "piece" }]);
  });

  it("treats a missing and an empty description alike", () => {
    const result = migrateCart(
      [item({ id: 20, name: "Frühstücksteller", description: "", price: 890 })],
      current,
    );
    expect(result.items).toHaveLength(1);
  });

  it("removes items whose product changed or disappeared", () => {
    const changedPrice = item({ id: 10, name: "Roggenbrot", description: "Sauerteig", price: 480 });
    const changedName = item({
      id: 10,
      name: "Roggenbrot groß",
      description: "Sauerteig",
      price: 450,
    });
    const changedDescription = item({
      id: 10,
      name: "Roggenbrot",
      description: "Hefe",
      price: 450,
    });
    const gone = item({ id: 11, name: "Dinkelbrot", description: null, price: 520 });
    const result = migrateCart([changedPrice, changedName, changedDescription, gone], current);
    expect(result.items).toEqual([]);
    expect(result.removed).toEqual([changedPrice, changedName, changedDescription, gone]);
  });

  it("matches ids written as strings or numbers", () => {
    const result = migrateCart(
      [item({ id: 10, name: "Roggenbrot", description: "Sauerteig", price: 450 })],
      [{ ...current[0]!, id: "10" }],
    );
    expect(result.items).toHaveLength(1);
  });

  it("keeps an empty cart empty", () => {
    expect(migrateCart([], current)).toEqual({ items: [], removed: [] });
  });
});
