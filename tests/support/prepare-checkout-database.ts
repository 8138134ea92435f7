// The checkout's end-to-end database: the demo seed plus three test branches whose state does not
// depend on the hour the tests run at (one open day and night, one always closed with pre-orders,
// one that only takes quotation requests), all selling the Wiehre menu. Run by
// start-e2e-checkout-server.ts before the server opens the folder; production has no such branches.
import sharp from "sharp";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { openDatabase } from "#app/db/connection.server";
import { migrateToLatest } from "#app/db/migrate.server";
import { updateSettings } from "#app/db/queries/settings";
import type { Db } from "#app/db/schema";
import { insertUser, setUserAccess } from "#app/db/queries/users";
import { seedDemoData } from "#app/db/seed.server";
import { hashPassword } from "#app/features/staff/password.server";
import { insertTestOrder } from "./orders";

export const testBranches = {
  open: { identifier: "tag-und-nacht", name: "Sonnenkorn Tag und Nacht" },
  closed: { identifier: "nachtruhe", name: "Sonnenkorn Nachtruhe" },
  quotation: { identifier: "auf-anfrage", name: "Sonnenkorn auf Anfrage" },
  /** Open day and night, but closed on Baden-Württemberg's public holidays (issue 17). */
  holidays: { identifier: "feiertags-zu", name: "Sonnenkorn Feiertags zu" },
} as const;

/**
 * Back-office accounts for the end-to-end tests: an administrator, and one employee for each of
 * two branches (an employee of one must never see the other's orders).
 */
export const testStaff = {
  admin: {
    email: "chefin@sonnenkorn.example",
    password: "chefin-passwort-1",
    name: "Clara Chefin",
  },
  open: {
    email: "theke@sonnenkorn.example",
    password: "theke-passwort-1",
    name: "Theo Theke",
    branch: "tag-und-nacht",
  },
  closed: {
    email: "nacht@sonnenkorn.example",
    password: "nacht-passwort-1",
    name: "Nora Nacht",
    branch: "nachtruhe",
  },
} as const;

async function insertTestStaff(db: Db): Promise<void> {
  const branches = await db.selectFrom("branches").select(["id", "identifier"]).execute();
  const branchId = (identifier: string) => branches.find((b) => b.identifier === identifier)!.id;
  const admin = await insertUser(db, {
    ...testStaff.admin,
    passwordHash: await hashPassword(testStaff.admin.password),
  });
  await setUserAccess(db, admin, {
    roles: ["ROLE_ADMIN"],
    branchIds: branches.map((branch) => branch.id),
  });
  for (const staff of [testStaff.open, testStaff.closed]) {
    const id = await insertUser(db, {
      email: staff.email,
      name: staff.name,
      passwordHash: await hashPassword(staff.password),
    });
    await setUserAccess(db, id, { roles: ["ROLE_EMPLOYEE"], branchIds: [branchId(staff.branch)] });
  }
}

export const testAreas = [
  { name: "Nebenan", price: 0, taxRate: 7, isFree: true, minimumOrderValue: 500, position: 1 },
  {
    name: "Innenstadt",
    price: 290,
    taxRate: 7,
    freeFromOrderValue: 2000,
    minimumOrderValue: 800,
    position: 2,
  },
];

/**
 * Orders the status-page tests answer, one set per Playwright project (each answer is final):
 * a counter appointment to accept, one to decline, a completed order to rate.
 */
export const statusOrders = (project: string) => {
  const index = project === "js" ? 1 : 2;
  const order = (kind: number, name: string) => ({
    uid: `00000000-0000-4000-8000-0000000000${index}${kind}`,
    hash: `e2e-${name}-${project}-status-link`,
  });
  return {
    counterAccept: order(1, "annehmen"),
    counterDecline: order(2, "ablehnen"),
    review: order(3, "bewerten"),
    // Read only (storefront-pages.spec.ts): the status wording of pre-orders (issue 17).
    preorderOpen: order(4, "vorbestellt-offen"),
    preorderConfirmed: order(5, "vorbestellt-bestaetigt"),
    preorderClosed: order(6, "vorbestellt-geschlossen"),
  };
};

/** Tomorrow 15:30 in Freiburg: the time the shop proposes. */
export function proposedTime(now = new Date()): Date {
  return daysAheadAt(1, "15:30", now);
}

/** In three days at 10:30 in Freiburg: when the pre-orders are due. */
export function preorderDue(now = new Date()): Date {
  return daysAheadAt(3, "10:30", now);
}

function daysAheadAt(days: number, clock: string, now: Date): Date {
  const day = new Date(now.getTime() + days * 24 * 60 * 60 * 1000);
  const date = day.toLocaleDateString("sv-SE", { timeZone: "Europe/Berlin" });
  const offset = day
    .toLocaleString("en-US", { timeZone: "Europe/Berlin", timeZoneName: "longOffset" })
    .replace(/.*GMT/, "");
  return new Date(`${date}T${clock}:00${offset || "Z"}`);
}

const allPayments = {
  isCashEnabled: true,
  isAtmCardEnabled: true,
  isVoucherEnabled: true,
  isStripeEnabled: true,
  isPaypalEnabled: true,
};

async function addBranch(
  db: Db,
  seed: {
    identifier: string;
    name: string;
    position: number;
    alwaysOpen: boolean;
    flags: Record<string, boolean>;
    tables?: number;
    areas?: typeof testAreas;
  },
): Promise<number> {
  const { id } = await db
    .insertInto("branches")
    .values({
      identifier: seed.identifier,
      name: seed.name,
      street: "Teststraße 1",
      zipCode: "79098",
      city: "Freiburg im Breisgau",
      phone: "+49 761 000000",
      email: `${seed.identifier}@sonnenkorn.example`,
      position: seed.position,
      ...seed.flags,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  if (seed.alwaysOpen) {
    await db
      .insertInto("branchHours")
      .values(
        (["opening", "delivery"] as const).map((kind) => ({
          branchId: id,
          kind,
          position: 1,
          type: "daily" as const,
          fromTime: "00:00",
          toTime: "00:00",
        })),
      )
      .execute();
  }
  if (seed.tables) {
    await db
      .insertInto("tables")
      .values(
        Array.from({ length: seed.tables }, (_, index) => ({
          branchId: id,
          identifier: `T${index + 1}`,
          name: `Tisch ${index + 1}`,
          position: index + 1,
        })),
      )
      .execute();
  }
  if (seed.areas) {
    await db
      .insertInto("deliveryAreas")
      .values(seed.areas.map((area) => ({ ...area, branchId: id })))
      .execute();
  }
  // The Wiehre menus (older and current) are sold here too.
  const menus = await db
    .selectFrom("menuBranches")
    .innerJoin("branches", "branches.id", "menuBranches.branchId")
    .select("menuBranches.menuId")
    .where("branches.identifier", "=", "wiehre")
    .execute();
  await db
    .insertInto("menuBranches")
    .values(menus.map((menu) => ({ menuId: menu.menuId, branchId: id })))
    .execute();
  return id;
}

export async function prepareCheckoutDatabase(db: Db): Promise<void> {
  await seedDemoData(db, { now: new Date(), adminPassword: process.env.DEMO_ADMIN_PASSWORD });
  await updateSettings(db, {
    enablePluginDonations: true,
    enableCash: true,
    enablePluginAtmCard: true,
    enableAtmCard: true,
    enablePluginVoucher: true,
    enableVoucher: true,
    enablePluginStripe: true,
    enableStripe: true,
    enablePluginPaypal: true,
    enablePaypal: true,
    enablePluginOrderReviews: true,
    // The installable app (storefront-app.spec.ts); its prompt needs consent, which no other
    // spec on this server gives, so only the footer's 'App installieren' shows to them.
    enablePluginPwa: true,
  });
  await addBranch(db, {
    ...testBranches.open,
    position: 10,
    alwaysOpen: true,
    tables: 4,
    areas: testAreas,
    flags: {
      isTakeawayEnabled: true,
      isDeliveryEnabled: true,
      isDineInEnabled: true,
      isDeliveryHoursEnabled: true,
      isTableSelectionEnabled: true,
      isPreorderEnabled: true,
      isTakeawayEmailRequired: true,
      isDeliveryEmailRequired: true,
      isDeliveryPhoneRequired: true,
      isDeliveryAddressRequired: true,
      ...allPayments,
    },
  });
  await addBranch(db, {
    ...testBranches.closed,
    position: 11,
    alwaysOpen: false,
    flags: { isTakeawayEnabled: true, isPreorderEnabled: true, isCashEnabled: true },
  });
  for (const project of ["js", "nojs"]) {
    const orders = statusOrders(project);
    const counterAppointment = proposedTime();
    await insertTestOrder(db, {
      ...orders.counterAccept,
      branchIdentifier: "wiehre",
      counterAppointment,
    });
    await insertTestOrder(db, {
      ...orders.counterDecline,
      branchIdentifier: "wiehre",
      counterAppointment,
    });
    await insertTestOrder(db, {
      ...orders.preorderOpen,
      branchIdentifier: testBranches.open.identifier,
      isPreorder: true,
      appointment: preorderDue(),
    });
    await insertTestOrder(db, {
      ...orders.preorderConfirmed,
      branchIdentifier: testBranches.open.identifier,
      isPreorder: true,
      isConfirmed: true,
      appointment: preorderDue(),
    });
    await insertTestOrder(db, {
      ...orders.preorderClosed,
      branchIdentifier: testBranches.closed.identifier,
      isPreorder: true,
      appointment: preorderDue(),
    });
    await insertTestOrder(db, {
      ...orders.review,
      branchIdentifier: "wiehre",
      isConfirmed: true,
      isCompleted: true,
    });
  }
  await addBranch(db, {
    ...testBranches.quotation,
    position: 12,
    alwaysOpen: true,
    flags: { isTakeawayEnabled: true, isQuotationRequired: true, isCashEnabled: true },
  });
  await addBranch(db, {
    ...testBranches.holidays,
    position: 13,
    alwaysOpen: true,
    areas: testAreas,
    flags: {
      isTakeawayEnabled: true,
      isDeliveryEnabled: true,
      isDeliveryHoursEnabled: true,
      isCashEnabled: true,
    },
  });
  await db
    .updateTable("branches")
    .set({ holidayCountry: "DE", holidayRegion: "BW" })
    .where("identifier", "=", testBranches.holidays.identifier)
    .execute();
  await insertTestStaff(db);
}

/**
 * A photo stand-in (a coloured picture with the name, drawn by sharp as a PNG) for every product,
 * stored like real uploads: under a key of the store's alphabet in DATA_DIR/images (decision 038).
 */
async function addProductImages(db: Db, dataDir: string): Promise<void> {
  const folder = path.join(dataDir, "images");
  mkdirSync(folder, { recursive: true });
  const products = await db.selectFrom("products").select(["id", "name"]).orderBy("id").execute();
  for (const product of products) {
    const storageKey = `produkt${String(product.id).padStart(9, "0")}`;
    const hue = (product.id * 47) % 360;
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600" viewBox="0 0 800 600"><rect width="800" height="600" fill="hsl(${hue}, 45%, 45%)"/><text x="400" y="300" font-size="36" text-anchor="middle" fill="#fff" font-family="sans-serif">${product.name.replace(/[<&>]/g, "")}</text></svg>`;
    writeFileSync(path.join(folder, storageKey), await sharp(Buffer.from(svg)).png().toBuffer());
    const image = await db
      .insertInto("images")
      .values({ extension: "png", mimeType: "image/png", width: 800, height: 600, storageKey })
      .returning("id")
      .executeTakeFirstOrThrow();
    await db
      .insertInto("productImages")
      .values({ productId: product.id, imageId: image.id })
      .execute();
  }
}

async function main(): Promise<void> {
  if (!process.env.DATA_DIR) throw new Error("DATA_DIR fehlt.");
  const handle = await openDatabase({
    dataDir: path.resolve(process.env.DATA_DIR),
    maxConnections: 1,
  });
  try {
    await migrateToLatest(handle.db);
    await prepareCheckoutDatabase(handle.db);
    await addProductImages(handle.db, path.resolve(process.env.DATA_DIR));
    console.log("Checkout-Datenbank bereit.");
  } finally {
    await handle.close();
  }
}

if (process.argv[1]?.endsWith("prepare-checkout-database.ts")) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
