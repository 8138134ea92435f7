import type { Db } from "#app/db/schema";
import { uploadPath, uploadPreviewPath } from "#app/domain/upload-paths";

export interface OrderUploadView {
  key: string;
  label: string;
  name: string;
  href: string;
  previewHref: string;
}

/** The files an order's items name, in the items' order, with their previews (decision 037). */
export async function orderUploads(db: Db, orderId: number): Promise<OrderUploadView[]> {
  const rows = await db
    .selectFrom("orderItemUploads")
    .innerJoin("orderItems", "orderItems.id", "orderItemUploads.orderItemId")
    .innerJoin("uploads", "uploads.id", "orderItemUploads.uploadId")
    .select([
      "orderItems.position",
      "orderItems.name as itemName",
      "uploads.id",
      "uploads.version",
      "uploads.extension",
      "uploads.publicHash",
      "uploads.originalName",
    ])
    .where("orderItems.orderId", "=", orderId)
    .orderBy("orderItems.position")
    .orderBy("orderItemUploads.partPosition")
    .execute();
  return rows.map((upload) => ({
    key: `${upload.id}-${upload.version}`,
    label: `${upload.itemName}: ${upload.originalName}`,
    name: upload.originalName,
    href: uploadPath(upload),
    previewHref: uploadPreviewPath(upload),
  }));
}
