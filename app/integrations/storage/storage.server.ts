import path from "node:path";
import type { StorageConfig } from "#app/config/env.server";
import type { FileStorage } from "./file-storage";
import { localFolderStorage } from "./local-folder.server";
import { s3Storage } from "./s3.server";

/**
 * The stores the app keeps files in, one per area (decision 037): originals of the back office's
 * images, their sizes made on demand, the customers' and staff's uploads, and the uploads'
 * previews. Locally each area is a folder of DATA_DIR; with STORAGE=s3 each is a prefix in the
 * bucket, so every app instance sees the same files.
 */
export type StorageArea = "images" | "image-sizes" | "uploads" | "upload-previews";

export interface StorageSettings {
  dataDir: string;
  /** Absent (contexts built by older tests): the data folder. */
  storage?: StorageConfig;
}

export function storageFor(config: StorageSettings, area: StorageArea): FileStorage {
  if (config.storage?.kind === "s3") return s3Storage(config.storage, area);
  return localFolderStorage(path.join(config.dataDir, area));
}
