import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from "node:crypto";

/**
 * Staff passwords are hashed with scrypt (node:crypto, no native add-on). The stored string
 * names the algorithm, its parameters and the salt, in the PHC string format
 * `$scrypt$n=32768,r=8,p=1$<salt>$<hash>` (base64 without padding), so the cost can be raised
 * later without invalidating existing hashes: `needsRehash` tells the login to re-hash.
 *
 * N = 2^15 with r = 8 costs 32 MiB and roughly 0.1 s per check on this project's machines:
 * slow enough to make offline guessing expensive, fast enough that a login burst does not
 * starve the server (the call is asynchronous and runs on libuv's thread pool).
 */
const CURRENT = { n: hashCost(), r: 8, p: 1 } as const;
const SALT_BYTES = 16;

/**
 * N for new hashes: 2^15 unless `PASSWORD_HASH_COST` (log2 of N, 10 to 20) says otherwise. The
 * test suites set 10, since they hash thousands of passwords and test the logins, not scrypt's
 * cost; production keeps the default (app/config/env.server.ts checks the value at start-up).
 */
export function hashCost(env: Record<string, string | undefined> = process.env): number {
  const raw = env.PASSWORD_HASH_COST;
  const log2 = raw === undefined || raw === "" ? 15 : Number(raw);
  if (!Number.isInteger(log2) || log2 < 10 || log2 > 20) {
    throw new Error("PASSWORD_HASH_COST muss eine ganze Zahl von 10 bis 20 sein.");
  }
  return 2 ** log2;
}
const KEY_BYTES = 64;
/** Stored parameters are bounded so that a corrupted row cannot make one check take minutes. */
const MAX_N = 2 ** 20;
const MAX_R = 32;
const MAX_P = 16;

interface ScryptParameters {
  n: number;
  r: number;
  p: number;
}

interface ParsedHash extends ScryptParameters {
  salt: Buffer;
  hash: Buffer;
}

export async function hashPassword(plain: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const hash = await derive(plain, salt, KEY_BYTES, CURRENT);
  return format({ ...CURRENT, salt, hash });
}

/** Constant-time comparison; a malformed stored value never matches and never throws. */
export async function verifyPassword(plain: string, stored: string): Promise<boolean> {
  const parsed = parse(stored);
  if (!parsed) return false;
  let candidate: Buffer;
  try {
    candidate = await derive(plain, parsed.salt, parsed.hash.length, parsed);
  } catch {
    return false;
  }
  return candidate.length === parsed.hash.length && timingSafeEqual(candidate, parsed.hash);
}

/** True when the stored hash was made with weaker parameters than today's (re-hash on login). */
export function needsRehash(stored: string): boolean {
  const parsed = parse(stored);
  if (!parsed) return true;
  return parsed.n < CURRENT.n || parsed.r < CURRENT.r || parsed.hash.length < KEY_BYTES;
}

function derive(
  plain: string,
  salt: Buffer,
  length: number,
  { n, r, p }: ScryptParameters,
): Promise<Buffer> {
  // scrypt needs 128 · N · r bytes; the default ceiling (32 MiB) is exactly our cost, so lift it.
  const options: ScryptOptions = { N: n, r, p, maxmem: 256 * n * r + 1024 * 1024 };
  return new Promise((resolve, reject) => {
    scrypt(plain.normalize("NFC"), salt, length, options, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

function format({ n, r, p, salt, hash }: ParsedHash): string {
  return `$scrypt$n=${n},r=${r},p=${p}$${salt.toString("base64url")}$${hash.toString("base64url")}`;
}

const PATTERN = /^\$scrypt\$n=(\d+),r=(\d+),p=(\d+)\$([A-Za-z0-9_-]+)\$([A-Za-z0-9_-]+)$/;

function parse(stored: string): ParsedHash | null {
  const match = PATTERN.exec(stored);
  if (!match) return null;
  const [, nText, rText, pText, saltText, hashText] = match;
  const n = Number(nText);
  const r = Number(rText);
  const p = Number(pText);
  const isPowerOfTwo = n > 1 && (n & (n - 1)) === 0;
  if (!isPowerOfTwo || n > MAX_N || r < 1 || r > MAX_R || p < 1 || p > MAX_P) return null;
  const salt = Buffer.from(saltText ?? "", "base64url");
  const hash = Buffer.from(hashText ?? "", "base64url");
  if (salt.length < 8 || hash.length < 16) return null;
  return { n, r, p, salt, hash };
}
