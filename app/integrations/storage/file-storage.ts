/**
 * Where uploaded files live. The app only ever names files by a random key, so a store can be a
 * local folder (the default) or an S3-compatible bucket shared by several app instances.
 */
export interface FileStorage {
  put(key: string, bytes: Uint8Array): Promise<void>;
  /** null when no file has that key. */
  get(key: string): Promise<Uint8Array | null>;
  remove(key: string): Promise<void>;
}
