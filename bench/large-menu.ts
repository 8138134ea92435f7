/**
 * The large-menu bench database: after the built server has migrated and seeded the demo shop
 * (bench/server.ts, so schema and seed are exactly the build's), one branch gets a new active
 * menu with a given number of products. The menu copies the branch's current menu (categories,
 * product and group entries) and fills it up with copies of its products (configurable ones with
 * their steps and options, units, images and tags), each placed in its original's category, so
 * the page looks like a real shop with a big range. Runs while no server has the database open.
 */
import { type Kysely } from "kysely";
import { openDatabase } from "#app/db/connection.server";
import { findActiveMenuForBranch } from "#app/db/queries/catalogue";
import type { Database } from "#app/db/schema";

export interface LargeMenu {
  /** The branch whose active menu now lists `products` products. */
  branchIdentifier: string;
  menuId: number;
  /** Distinct products on the menu (direct entries and group members). */
  products: number;
  /** How many of them are copies made for the bench. */
  copies: number;
}

export interface LargeMenuOptions {
  /** PostgreSQL connection string; without it the PGlite folder `dataDir`. */
  databaseUrl?: string;
  dataDir: string;
  products: number;
  /** The branch to fill; default: the public branch created last. */
  branchIdentifier?: string;
}

export async function prepareLargeMenuDatabase(options: LargeMenuOptions): Promise<LargeMenu> {
  const handle = await openDatabase({
    databaseUrl: options.databaseUrl || undefined,
    dataDir: options.dataDir,
    maxConnections: 1,
  });
  try {
    return await addLargeMenu(handle.db, {
      products: options.products,
      branchIdentifier: options.branchIdentifier,
      now: new Date(),
    });
  } finally {
    await handle.close();
  }
}

export async function addLargeMenu(
  db: Kysely<Database>,
  options: { products: number; branchIdentifier?: string; now: Date },
): Promise<LargeMenu> {
  return db.transaction().execute(async (trx) => {
    let branchQuery = trx
      .selectFrom("branches")
      .select(["id", "identifier"])
      .where("isPublic", "=", true);
    branchQuery = options.branchIdentifier
      ? branchQuery.where("identifier", "=", options.branchIdentifier)
      : branchQuery.orderBy("id", "desc").limit(1);
    const branch = await branchQuery.executeTakeFirst();
    if (!branch) throw new Error("Große Karte: keine passende öffentliche Filiale gefunden.");
    const source = await findActiveMenuForBranch(trx, branch.id, options.now);
    if (!source) throw new Error(`Große Karte: Filiale ${branch.identifier} hat kein Menü.`);

    const [menuCategories, entries, groupMembers] = await Promise.all([
      trx
        .selectFrom("menuCategories")
        .select(["categoryId", "position"])
        .where("menuId", "=", source.id)
        .execute(),
      trx
        .selectFrom("menuEntries")
        .select(["categoryId", "position", "productId", "productGroupId"])
        .where("menuId", "=", source.id)
        .orderBy("categoryId")
        .orderBy("position")
        .execute(),
      trx
        .selectFrom("menuEntries")
        .innerJoin(
          "productGroupProducts",
          "productGroupProducts.productGroupId",
          "menuEntries.productGroupId",
        )
        .select("productGroupProducts.productId")
        .where("menuEntries.menuId", "=", source.id)
        .execute(),
    ]);
    const listed = new Set<number>();
    for (const entry of entries) if (entry.productId !== null) listed.add(entry.productId);
    for (const member of groupMembers) listed.add(member.productId);
    const copies = Math.max(0, options.products - listed.size);

    // The products to copy: the menu's own entries in order, bundles left out (their components
    // would have to be copied along).
    const sourceIds = entries.flatMap((entry) =>
      entry.productId === null ? [] : [entry.productId],
    );
    const sourceRows = await trx
      .selectFrom("products")
      .selectAll()
      .where("id", "in", sourceIds.length > 0 ? sourceIds : [0])
      .where("type", "!=", "bundle")
      .execute();
    const rowsById = new Map(sourceRows.map((row) => [row.id, row]));
    const originals = sourceIds.flatMap((id) => {
      const row = rowsById.get(id);
      return row ? [row] : [];
    });
    if (copies > 0 && originals.length === 0) {
      throw new Error("Große Karte: das Menü hat keine Produkte zum Kopieren.");
    }

    // An hour ago: newer than the seeded menus, so it is the branch's active menu.
    const { id: menuId } = await trx
      .insertInto("menus")
      .values({
        name: `Bench: ${options.products} Produkte`,
        availableFrom: new Date(options.now.getTime() - 60 * 60 * 1000),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await trx.insertInto("menuBranches").values({ menuId, branchId: branch.id }).execute();
    await trx
      .insertInto("menuCategories")
      .values(menuCategories.map((category) => ({ ...category, menuId })))
      .execute();
    if (entries.length > 0) {
      await trx
        .insertInto("menuEntries")
        .values(entries.map((entry) => ({ ...entry, menuId })))
        .execute();
    }

    const plan = Array.from({ length: copies }, (_, index) => {
      const original = originals[index % originals.length]!;
      const round = Math.floor(index / originals.length) + 2;
      return {
        original,
        identifier: `bench-${index + 1}-${original.identifier ?? "produkt"}`,
        round,
      };
    });
    const inserted = new Map<string, number>();
    for (const batch of chunks(plan, 100)) {
      const rows = await trx
        .insertInto("products")
        .values(
          batch.map(({ original, identifier, round }) => {
            const {
              id: _id,
              uid: _uid,
              createdAt: _c,
              updatedAt: _u,
              schedule,
              name,
              ...columns
            } = original;
            return {
              ...columns,
              identifier,
              name: `${name} (Sorte ${round})`,
              schedule: JSON.stringify(schedule),
            };
          }),
        )
        .returning(["id", "identifier"])
        .execute();
      for (const row of rows) inserted.set(row.identifier ?? "", row.id);
    }
    const copyIdOf = (identifier: string) => {
      const id = inserted.get(identifier);
      if (id === undefined) throw new Error(`Große Karte: Kopie ${identifier} fehlt.`);
      return id;
    };

    const originalIds = [...new Set(plan.map(({ original }) => original.id))];
    const [tags, images, units, parts] = await Promise.all([
      trx
        .selectFrom("productTags")
        .selectAll()
        .where("productId", "in", originalIds.length > 0 ? originalIds : [0])
        .execute(),
      trx
        .selectFrom("productImages")
        .selectAll()
        .where("productId", "in", originalIds.length > 0 ? originalIds : [0])
        .execute(),
      trx
        .selectFrom("productAlternativeUnits")
        .selectAll()
        .where("productId", "in", originalIds.length > 0 ? originalIds : [0])
        .execute(),
      trx
        .selectFrom("productParts")
        .selectAll()
        .where("productId", "in", originalIds.length > 0 ? originalIds : [0])
        .orderBy("id")
        .execute(),
    ]);
    const optionRows = await trx
      .selectFrom("productPartOptions")
      .selectAll()
      .where("partId", "in", parts.length > 0 ? parts.map((part) => part.id) : [0])
      .orderBy("id")
      .execute();

    const tagRows = plan.flatMap(({ original, identifier }) =>
      tags
        .filter((tag) => tag.productId === original.id)
        .map((tag) => ({ productId: copyIdOf(identifier), tagId: tag.tagId })),
    );
    const imageRows = plan.flatMap(({ original, identifier }) =>
      images
        .filter((image) => image.productId === original.id)
        .map((image) => ({ ...image, productId: copyIdOf(identifier) })),
    );
    const unitRows = plan.flatMap(({ original, identifier }) =>
      units
        .filter((unit) => unit.productId === original.id)
        .map(({ id: _id, ...unit }) => ({ ...unit, productId: copyIdOf(identifier) })),
    );
    for (const batch of chunks(tagRows, 500)) {
      await trx.insertInto("productTags").values(batch).execute();
    }
    for (const batch of chunks(imageRows, 500)) {
      await trx.insertInto("productImages").values(batch).execute();
    }
    for (const batch of chunks(unitRows, 500)) {
      await trx.insertInto("productAlternativeUnits").values(batch).execute();
    }
    for (const { original, identifier } of plan) {
      for (const { id: partId, ...part } of parts.filter((p) => p.productId === original.id)) {
        const { id: newPartId } = await trx
          .insertInto("productParts")
          .values({ ...part, productId: copyIdOf(identifier) })
          .returning("id")
          .executeTakeFirstOrThrow();
        const partOptions = optionRows
          .filter((option) => option.partId === partId)
          .map(({ id: _id, ...option }) => ({ ...option, partId: newPartId }));
        if (partOptions.length > 0) {
          await trx.insertInto("productPartOptions").values(partOptions).execute();
        }
      }
    }

    // Each copy goes to the end of its original's category.
    const categoryOf = new Map<number, number>();
    const lastPosition = new Map<number, number>();
    for (const entry of entries) {
      if (entry.productId !== null && !categoryOf.has(entry.productId)) {
        categoryOf.set(entry.productId, entry.categoryId);
      }
      lastPosition.set(
        entry.categoryId,
        Math.max(lastPosition.get(entry.categoryId) ?? 0, entry.position),
      );
    }
    const entryRows = plan.map(({ original, identifier }) => {
      const categoryId = categoryOf.get(original.id)!;
      const position = (lastPosition.get(categoryId) ?? 0) + 1;
      lastPosition.set(categoryId, position);
      return {
        menuId,
        categoryId,
        position,
        productId: copyIdOf(identifier),
        productGroupId: null,
      };
    });
    for (const batch of chunks(entryRows, 500)) {
      await trx.insertInto("menuEntries").values(batch).execute();
    }
    return {
      branchIdentifier: branch.identifier,
      menuId,
      products: listed.size + copies,
      copies,
    };
  });
}

function chunks<T>(items: T[], size: number): T[][] {
  const result: T[][] = [];
  for (let index = 0; index < items.length; index += size) {
    result.push(items.slice(index, index + size));
  }
  return result;
}
