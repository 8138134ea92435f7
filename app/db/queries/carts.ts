import { sql } from "kysely";
import type { Cart, CartItem, CartUpdate, Db, NewCartItem } from "#app/db/schema";

export async function findCart(db: Db, id: string, branchId: number): Promise<Cart | undefined> {
  return db
    .selectFrom("carts")
    .selectAll()
    .where("id", "=", id)
    .where("branchId", "=", branchId)
    .executeTakeFirst();
}

/**
 * The cart and its items in order, in one round trip (a left join: a cart without items comes
 * back as one row with empty item columns).
 */
export async function findCartWithItems(
  db: Db,
  id: string,
  branchId: number,
): Promise<{ cart: Cart; items: CartItem[] } | undefined> {
  const rows = await db
    .selectFrom("carts")
    .leftJoin("cartItems", "cartItems.cartId", "carts.id")
    .selectAll("carts")
    .select([
      "cartItems.id as itemId",
      "cartItems.position as itemPosition",
      "cartItems.productId as itemProductId",
      "cartItems.amount as itemAmount",
      "cartItems.unit as itemUnit",
      "cartItems.parts as itemParts",
      "cartItems.productName as itemProductName",
      "cartItems.productDescription as itemProductDescription",
      "cartItems.productPrice as itemProductPrice",
      "cartItems.createdAt as itemCreatedAt",
    ])
    .where("carts.id", "=", id)
    .where("carts.branchId", "=", branchId)
    .orderBy("cartItems.position")
    .orderBy("cartItems.id")
    .execute();
  const first = rows[0];
  if (!first) return undefined;
  const cart: Cart = {
    id: first.id,
    branchId: first.branchId,
    isDelivery: first.isDelivery,
    isDineIn: first.isDineIn,
    deliveryAreaId: first.deliveryAreaId,
    appointment: first.appointment,
    comment: first.comment,
    version: first.version,
    createdAt: first.createdAt,
    updatedAt: first.updatedAt,
  };
  const items: CartItem[] = [];
  for (const row of rows) {
    if (row.itemId === null) continue;
    items.push({
      id: row.itemId,
      cartId: row.id,
      position: row.itemPosition!,
      productId: row.itemProductId!,
      amount: row.itemAmount!,
      unit: row.itemUnit!,
      parts: row.itemParts!,
      productName: row.itemProductName!,
      productDescription: row.itemProductDescription,
      productPrice: row.itemProductPrice!,
      createdAt: row.itemCreatedAt!,
    });
  }
  return { cart, items };
}

/**
 * Locks the cart row for the rest of the transaction and moves its version on, in one statement
 * (a change's lock and its stamp): concurrent changes wait their turn, readers of the old version
 * see the change once it commits. Undefined when the cart is gone or of another branch.
 */
export async function lockCartForChange(
  db: Db,
  id: string,
  branchId: number,
): Promise<Cart | undefined> {
  return db
    .updateTable("carts")
    .set({ version: sql`version + 1`, updatedAt: new Date() })
    .where("id", "=", id)
    .where("branchId", "=", branchId)
    .returningAll()
    .executeTakeFirst();
}

export async function insertCart(
  db: Db,
  cart: { branchId: number; isDelivery: boolean; isDineIn: boolean },
): Promise<Cart> {
  return db.insertInto("carts").values(cart).returningAll().executeTakeFirstOrThrow();
}

/** Every change bumps the version, so a reader can tell its copy is stale. */
/**
 * The reference data's stamp and the cart's version (null when it is gone or of another branch)
 * in one round trip: all a customer's kept menu parts need to be reused (decision 049).
 */
export async function referenceAndCartVersions(
  db: Db,
  cartId: string,
  branchId: number,
): Promise<{ reference: bigint; cart: number | null }> {
  const { rows } = await sql<{ reference: string | null; cart: number | null }>`
    select (select version::text from reference_data_version) as reference,
           (select version from carts where id = ${cartId} and branch_id = ${branchId}) as cart`.execute(
    db,
  );
  return { reference: BigInt(rows[0]?.reference ?? "0"), cart: rows[0]?.cart ?? null };
}

export async function updateCart(db: Db, id: string, changes: CartUpdate): Promise<void> {
  await db
    .updateTable("carts")
    .set({ ...changes, version: sql`version + 1`, updatedAt: new Date() })
    .where("id", "=", id)
    .execute();
}

export async function listCartItems(db: Db, cartId: string): Promise<CartItem[]> {
  return db
    .selectFrom("cartItems")
    .selectAll()
    .where("cartId", "=", cartId)
    .orderBy("position")
    .orderBy("id")
    .execute();
}

/** The cart's lines of one product, for an addition that may join one of them (issue 36). */
export async function listCartLinesOfProduct(
  db: Db,
  cartId: string,
  productId: number,
): Promise<Pick<CartItem, "id" | "productId" | "amount" | "unit" | "parts" | "productPrice">[]> {
  return db
    .selectFrom("cartItems")
    .select(["id", "productId", "amount", "unit", "parts", "productPrice"])
    .where("cartId", "=", cartId)
    .where("productId", "=", productId)
    .orderBy("position")
    .orderBy("id")
    .execute();
}

export async function findCartItem(
  db: Db,
  cartId: string,
  itemId: number,
): Promise<CartItem | undefined> {
  return db
    .selectFrom("cartItems")
    .selectAll()
    .where("cartId", "=", cartId)
    .where("id", "=", itemId)
    .executeTakeFirst();
}

export async function insertCartItem(
  db: Db,
  item: Omit<NewCartItem, "position">,
): Promise<CartItem> {
  // Last in the cart: the position is taken in the same statement (callers hold the cart's lock).
  return db
    .insertInto("cartItems")
    .values({
      ...item,
      position: sql<number>`(select coalesce(max(position), -1) + 1 from cart_items where cart_id = ${item.cartId})`,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function replaceCartItem(
  db: Db,
  cartId: string,
  itemId: number,
  changes: Pick<
    NewCartItem,
    "amount" | "unit" | "parts" | "productName" | "productDescription" | "productPrice"
  >,
): Promise<void> {
  await db
    .updateTable("cartItems")
    .set(changes)
    .where("cartId", "=", cartId)
    .where("id", "=", itemId)
    .execute();
}

export async function setCartItemAmount(
  db: Db,
  cartId: string,
  itemId: number,
  amount: number,
): Promise<void> {
  await db
    .updateTable("cartItems")
    .set({ amount })
    .where("cartId", "=", cartId)
    .where("id", "=", itemId)
    .execute();
}

export async function deleteCartItems(db: Db, cartId: string, itemIds: number[]): Promise<void> {
  if (itemIds.length === 0) return;
  await db
    .deleteFrom("cartItems")
    .where("cartId", "=", cartId)
    .where("id", "in", itemIds)
    .execute();
}
