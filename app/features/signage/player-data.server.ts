import type { Db } from "#app/db/schema";
import { parseSchedule, type SignageSlot } from "#app/domain/signage-schedule";
import { chooseStream } from "#app/domain/signage-schedule";
import { DateTime } from "luxon";
import { playerView, type PlayerView } from "./signage.server";
import { cachedReference } from "#app/features/shared/reference-data.server";

/**
 * `playerData`, shared by every TV of the stream until signage or the catalogue change (their
 * tables are reference data, decision 032) or the minute moves on: a change reaches a hundred TVs
 * at once, and they all reload together (decision 060).
 */
export function sharedPlayerData(db: Db, streamId: number | null, now: Date): Promise<PlayerData> {
  const minute = Math.floor(now.getTime() / 60_000);
  return cachedReference(
    db,
    `signage-player:${streamId ?? "none"}`,
    () => playerData(db, streamId, new Date(minute * 60_000)),
    minute,
  );
}

/**
 * Everything a TV needs to play on its own, offline too: the views of its stream and of every
 * stream its time slots can reach, so the player picks by its own clock
 * (`chooseStream`, app/domain/signage-schedule.ts) and switches at a slot's time without asking.
 */
export interface PlayerData {
  rootId: number | null;
  zone: string;
  version: string;
  streams: { id: number; slots: SignageSlot[]; view: PlayerView }[];
  /** The stream the server chose now (what a page without JavaScript shows). */
  chosenId: number | null;
}

export async function playerData(db: Db, streamId: number | null, now: Date): Promise<PlayerData> {
  const all = await db.selectFrom("signageStreams").select(["id", "schedule"]).execute();
  const slots = new Map<number, SignageSlot[]>();
  for (const row of all) {
    const parsed = parseSchedule(row.schedule);
    slots.set(row.id, parsed.ok ? parsed.slots : []);
  }
  const reachable: number[] = [];
  if (streamId !== null && slots.has(streamId)) {
    const stack = [streamId];
    while (stack.length > 0 && reachable.length < 20) {
      const id = stack.pop()!;
      if (reachable.includes(id) || !slots.has(id)) continue;
      reachable.push(id);
      stack.push(...(slots.get(id) ?? []).map((slot) => slot.streamId));
    }
  }
  const views = await Promise.all(reachable.map((id) => playerView(db, id, now, { fixed: true })));
  const empty = await playerView(db, null, now);
  const zone = empty.zone;
  const chosenId =
    streamId !== null && slots.has(streamId)
      ? chooseStream(streamId, (id) => slots.get(id) ?? [], DateTime.fromJSDate(now, { zone }))
      : null;
  return {
    rootId: reachable.length ? streamId : null,
    zone,
    version: empty.version,
    streams: reachable.map((id, index) => ({
      id,
      slots: slots.get(id) ?? [],
      view: views[index]!,
    })),
    chosenId,
  };
}
