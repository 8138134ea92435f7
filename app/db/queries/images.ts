import type { Db } from "#app/db/schema";

export interface ImageMeta {
  id: number;
  version: number;
  extension: string;
  width: number;
  height: number;
  alt: string | null;
}

/** Width, height and alt of stored images by id: what an `<img>` needs to reserve its space. */
export async function findImagesByIds(
  db: Db,
  ids: readonly number[],
): Promise<Map<number, ImageMeta>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom("images")
    .select(["id", "version", "extension", "width", "height", "alt"])
    .where("id", "in", [...new Set(ids)])
    .execute();
  return new Map(rows.map((row) => [row.id, row]));
}

/** The public address of an image in one of the size forms (spec section 3). */
export function imagePath(
  image: Pick<ImageMeta, "id" | "version" | "extension">,
  size?: string,
): string {
  const name = `${image.id}-${image.version}.${image.extension}`;
  return size ? `/image/${size}/${name}` : `/image/${name}`;
}
