import { IANAZone, Zone, type ZoneOffsetFormat, type ZoneOffsetOptions } from "luxon";

/** Every real zone changes its offset on a quarter hour (UTC), so a quarter hour shares one. */
const OFFSET_BUCKET_MS = 15 * 60 * 1000;
const MAX_CACHED_OFFSETS = 100_000;

/**
 * An IANA zone that remembers its UTC offsets per quarter hour. Luxon asks `Intl` for the offset
 * of every DateTime it builds, which made it the largest cost of a menu or opening-hours page;
 * the answer only changes at the zone's transitions, which all fall on quarter hours.
 */
export class CachedZone extends Zone {
  private readonly inner: IANAZone;
  private readonly offsets = new Map<number, number>();

  constructor(name: string) {
    super();
    this.inner = IANAZone.create(name);
  }

  override get type(): string {
    return "iana";
  }

  override get name(): string {
    return this.inner.name;
  }

  override get isUniversal(): boolean {
    return false;
  }

  override get isValid(): boolean {
    return this.inner.isValid;
  }

  override offsetName(ts: number, options: ZoneOffsetOptions): string | null {
    return this.inner.offsetName(ts, options);
  }

  override formatOffset(ts: number, format: ZoneOffsetFormat): string {
    return this.inner.formatOffset(ts, format);
  }

  override offset(ts: number): number {
    const bucket = Math.floor(ts / OFFSET_BUCKET_MS);
    let offset = this.offsets.get(bucket);
    if (offset === undefined) {
      offset = this.inner.offset(ts);
      if (this.offsets.size >= MAX_CACHED_OFFSETS) this.offsets.clear();
      this.offsets.set(bucket, offset);
    }
    return offset;
  }

  override equals(other: Zone): boolean {
    return other.type === "iana" && other.name === this.name;
  }
}

const zones = new Map<string, CachedZone>();

/** One cached zone per name; an unknown name gives an invalid zone, as luxon's own does. */
export function cachedZone(name: string): CachedZone {
  let zone = zones.get(name);
  if (!zone) {
    zone = new CachedZone(name);
    zones.set(name, zone);
  }
  return zone;
}
