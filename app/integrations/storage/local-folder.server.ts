import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import type { FileStorage } from "./file-storage";

const KEY = /^[a-z0-9]{16,64}$/;

/** Files in one folder, named by their key: keys are random hex, so no path can escape it. */
export function localFolderStorage(folder: string): FileStorage {
  const fileFor = (key: string) => {
    if (!KEY.test(key)) throw new RangeError("Ungültiger Dateischlüssel");
    return path.join(folder, key);
  };
  return {
    async put(key, bytes) {
      await mkdir(folder, { recursive: true });
      await writeFile(fileFor(key), bytes, { flag: "wx" });
    },
    async get(key) {
      try {
        return new Uint8Array(await readFile(fileFor(key)));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw error;
      }
    },
    async remove(key) {
      await rm(fileFor(key), { force: true });
    },
  };
}

/** The app's upload store for a data folder. */
export function uploadStorage(dataDir: string): FileStorage {
  return localFolderStorage(path.join(dataDir, "uploads"));
}
