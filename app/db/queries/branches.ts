import type {
  Branch,
  Db,
  DeliveryArea,
  DiningTable,
  Division,
  HoursRule,
  Tag,
} from "#app/db/schema";

/** A branch with everything the storefront shows about it. */
export interface BranchDetails extends Branch {
  tags: Tag[];
  /** Rules in the order they apply. */
  openingHours: HoursRule[];
  deliveryHours: HoursRule[];
  deliveryAreas: DeliveryArea[];
  imageIds: number[];
}

/**
 * All branches in display order (non-public ones too: the home page shows them inactive), each
 * with tags, hour rules, delivery areas and images: four queries however many branches there are.
 */
export async function listBranches(
  db: Db,
  { publicOnly = false }: { publicOnly?: boolean } = {},
): Promise<BranchDetails[]> {
  let query = db
    .selectFrom("branches")
    .selectAll()
    .orderBy("position")
    .orderBy("name")
    .orderBy("id");
  if (publicOnly) query = query.where("isPublic", "=", true);
  return withDetails(db, await query.execute());
}

export async function findBranchByIdentifier(
  db: Db,
  identifier: string,
): Promise<BranchDetails | undefined> {
  const branch = await db
    .selectFrom("branches")
    .selectAll()
    .where("identifier", "=", identifier)
    .executeTakeFirst();
  return branch ? (await withDetails(db, [branch]))[0] : undefined;
}

export async function findBranchById(db: Db, id: number): Promise<BranchDetails | undefined> {
  const branch = await db
    .selectFrom("branches")
    .selectAll()
    .where("id", "=", id)
    .executeTakeFirst();
  return branch ? (await withDetails(db, [branch]))[0] : undefined;
}

async function withDetails(db: Db, branches: Branch[]): Promise<BranchDetails[]> {
  if (branches.length === 0) return [];
  const ids = branches.map((branch) => branch.id);
  const [tags, hours, areas, images] = await Promise.all([
    db
      .selectFrom("branchTags")
      .innerJoin("tags", "tags.id", "branchTags.tagId")
      .selectAll("tags")
      .select("branchTags.branchId")
      .where("branchTags.branchId", "in", ids)
      .orderBy("tags.position")
      .orderBy("tags.name")
      .execute(),
    db
      .selectFrom("branchHours")
      .select(["branchId", "kind", "type", "date", "isClosed", "fromTime", "toTime"])
      .where("branchId", "in", ids)
      .orderBy("branchId")
      .orderBy("kind")
      .orderBy("position")
      .execute(),
    db
      .selectFrom("deliveryAreas")
      .selectAll()
      .where("branchId", "in", ids)
      .orderBy("position")
      .orderBy("name")
      .execute(),
    db
      .selectFrom("branchImages")
      .select(["branchId", "imageId"])
      .where("branchId", "in", ids)
      .orderBy("position")
      .execute(),
  ]);
  const tagsOf = groupBy(tags, (row) => row.branchId);
  const hoursOf = groupBy(hours, (row) => `${row.branchId}:${row.kind}`);
  const areasOf = groupBy(areas, (row) => row.branchId);
  const imagesOf = groupBy(images, (row) => row.branchId);
  return branches.map((branch) => ({
    ...branch,
    tags: (tagsOf.get(branch.id) ?? []).map(({ branchId: _branchId, ...tag }) => tag),
    openingHours: (hoursOf.get(`${branch.id}:opening`) ?? []).map(toRule),
    deliveryHours: (hoursOf.get(`${branch.id}:delivery`) ?? []).map(toRule),
    deliveryAreas: areasOf.get(branch.id) ?? [],
    imageIds: (imagesOf.get(branch.id) ?? []).map((row) => row.imageId),
  }));
}

function toRule({ type, date, isClosed, fromTime, toTime }: HoursRule): HoursRule {
  return { type, date, isClosed, fromTime, toTime };
}

export async function listTags(db: Db): Promise<Tag[]> {
  return db.selectFrom("tags").selectAll().orderBy("position").orderBy("name").execute();
}

export async function listDivisions(db: Db): Promise<Division[]> {
  return db.selectFrom("divisions").selectAll().orderBy("position").orderBy("name").execute();
}

export async function listTablesForBranch(db: Db, branchId: number): Promise<DiningTable[]> {
  return db
    .selectFrom("tables")
    .selectAll()
    .where("branchId", "=", branchId)
    .orderBy("position")
    .orderBy("identifier")
    .execute();
}

export async function findDeliveryArea(
  db: Db,
  branchId: number,
  deliveryAreaId: number,
): Promise<DeliveryArea | undefined> {
  return db
    .selectFrom("deliveryAreas")
    .selectAll()
    .where("branchId", "=", branchId)
    .where("id", "=", deliveryAreaId)
    .executeTakeFirst();
}

export function groupBy<T, K>(rows: readonly T[], keyOf: (row: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const row of rows) {
    const key = keyOf(row);
    const group = groups.get(key);
    if (group) group.push(row);
    else groups.set(key, [row]);
  }
  return groups;
}

/**
 * The branches a staff page offers in its branch choice, by name: all for an administrator
 * (`"all"`), else the ones named (a member's own). Values are the ids as text, as a select posts.
 */
export async function branchChoicesWithin(
  db: Db,
  scope: "all" | readonly number[],
): Promise<{ value: string; label: string }[]> {
  if (scope !== "all" && scope.length === 0) return [];
  let query = db.selectFrom("branches").select(["id", "name"]).orderBy("name").orderBy("id");
  if (scope !== "all") query = query.where("id", "in", [...scope]);
  const rows = await query.execute();
  return rows.map((row) => ({ value: String(row.id), label: row.name }));
}
