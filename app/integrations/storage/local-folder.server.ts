import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import type { FileStorage } from "./file-storage";
import { checkedKey } from "./keys";

/** Files in one folder, named by their key: keys are random hex, so no path can escape it. */
export function localFolderStorage(folder: string): FileStorage {
  const fileFor = (key: string) => path.join(folder, checkedKey(key));
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
