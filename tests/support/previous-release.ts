import { execFileSync } from "node:child_process";
import {
  existsSync,
  mkdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import path from "node:path";
import { readPreviousRelease } from "./migration-rules";

/**
 * The previous release's build (ops/previous-release, decision 114), made once per commit under
 * `.cache/releases/<commit>` from `git archive` with this checkout's node_modules, and kept there
 * for later runs. It cannot be made here when the commit is not in this clone, or when its
 * package-lock.json differs (its dependencies would need an install of their own): then the
 * reason to skip.
 */
export type PreviousRelease = { commit: string; skip?: undefined } | { skip: string };

const git = (...args: string[]) =>
  execFileSync("git", args, { maxBuffer: 64 * 1024 * 1024, stdio: ["ignore", "pipe", "pipe"] });

export function previousRelease(): PreviousRelease {
  const { commit } = readPreviousRelease();
  try {
    git("cat-file", "-e", `${commit}^{commit}`);
  } catch {
    return { skip: `Commit ${commit} fehlt in diesem Klon (flach geklont?).` };
  }
  const lock = git("show", `${commit}:package-lock.json`);
  if (!lock.equals(readFileSync("package-lock.json"))) {
    return {
      skip: `package-lock.json von ${commit.slice(0, 7)} weicht ab: die frühere Version bräuchte eigene Abhängigkeiten.`,
    };
  }
  return { commit };
}

/** The folder holding the commit's sources and its build (`build/`), built on first use. */
export function previousReleaseBuild(commit: string): string {
  const root = path.resolve(".cache/releases", commit);
  const done = path.join(root, ".built");
  if (existsSync(done)) return root;
  rmSync(root, { recursive: true, force: true });
  mkdirSync(root, { recursive: true });
  execFileSync("tar", ["-x", "-C", root], { input: git("archive", commit) });
  symlinkSync(realpathSync("node_modules"), path.join(root, "node_modules"));
  // As `npm run build` there: the client (Vite), the bundled server, compressed assets, the
  // service worker. BUILD_DIR from the surroundings would send it elsewhere.
  const env = { ...process.env, BUILD_DIR: "build" };
  execFileSync("npm", ["run", "build"], { cwd: root, env, stdio: ["ignore", "pipe", "pipe"] });
  writeFileSync(done, `${new Date().toISOString()}\n`);
  return root;
}
