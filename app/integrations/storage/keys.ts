const KEY = /^[a-z0-9]{16,64}$/;

/** Keys are random lower-case hex (or a derived name of that alphabet): no path can escape. */
export function checkedKey(key: string): string {
  if (!KEY.test(key)) throw new RangeError("Ungültiger Dateischlüssel");
  return key;
}
