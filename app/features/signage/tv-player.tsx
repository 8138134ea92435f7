import { useEffect, useMemo, useRef, useState, type CSSProperties } from "react";
import { useRevalidator } from "@remix-run/react";
import { DateTime } from "luxon";
import { useHydrated } from "#app/components/use-hydrated";
import { chooseStream } from "#app/domain/signage-schedule";
import { deSignage } from "#app/i18n/de-signage";
import { menuBoardRows } from "./menu-board-fit";
import type { PlayerData } from "./player-data.server";
import type { PlayerSegment } from "./signage.server";

const texts = deSignage.player;

/** One segment, full screen. */
export function SegmentView({ segment }: { segment: PlayerSegment }) {
  switch (segment.kind) {
    case "image":
      return <img src={segment.imageUrl} alt={segment.imageAlt ?? segment.name} />;
    case "video":
      return (
        <video src={segment.videoUrl} autoPlay muted loop playsInline aria-label={segment.name} />
      );
    case "page":
      return <iframe src={segment.pagePath} title={segment.name} />;
    case "text":
      return <div className="tv-text">{segment.body}</div>;
    case "menu":
      return <MenuBoard name={segment.name} menu={segment.menu} />;
  }
}

/**
 * A menu board sized to its screen by its stylesheet (`--board-rows`, menu-board-fit.ts), with or
 * without JavaScript. The stylesheet's estimate errs on the safe side; with JavaScript the board
 * then finds the largest type that still fits (between half and one and a half times the
 * estimate), so a short board fills its screen and a TV's wider font cannot push it off.
 */
function MenuBoard({ name, menu }: { name: string; menu: PlayerSegment["menu"] }) {
  const board = useRef<HTMLDivElement>(null);
  const categories = menu?.categories ?? [];
  const rows = menuBoardRows(categories, texts.soldOut);
  useEffect(() => {
    const element = board.current;
    if (!element) return;
    const fit = () => {
      element.style.fontSize = "";
      const estimate = parseFloat(getComputedStyle(element).fontSize);
      const fitsAt = (size: number) => {
        element.style.fontSize = `${size}px`;
        return !overflows(element);
      };
      let low = estimate * 0.5;
      let high = Math.min(estimate * 1.5, Math.min(innerWidth, innerHeight) * 0.06);
      for (let step = 0; step < 10 && high - low > 0.25; step += 1) {
        const middle = (low + high) / 2;
        if (fitsAt(middle)) low = middle;
        else high = middle;
      }
      fitsAt(low);
    };
    fit();
    window.addEventListener("resize", fit);
    return () => window.removeEventListener("resize", fit);
  }, [menu]);
  return (
    <div
      ref={board}
      className="tv-menu"
      data-testid="menu-board"
      style={{ "--board-rows": rows } as CSSProperties}
    >
      <h2>{menu?.branchName || name}</h2>
      {categories.map((category) => (
        <section key={category.name}>
          <h3>{category.name}</h3>
          <ul>
            {category.products.map((product) => (
              <li key={product.name} className={product.soldOut ? "tv-sold-out" : undefined}>
                <span>
                  {product.name}
                  {product.soldOut ? (
                    <span className="tv-sold-out-mark"> {texts.soldOut}</span>
                  ) : null}
                </span>
                <span>{product.price}</span>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

/** Content beyond the board's box: more rows than its height, or columns beyond its width. */
function overflows(element: HTMLElement): boolean {
  return (
    element.scrollHeight > element.clientHeight + 1 || element.scrollWidth > element.clientWidth + 1
  );
}

function chosenNow(data: PlayerData): number | null {
  if (data.rootId === null) return null;
  const slots = new Map(data.streams.map((stream) => [stream.id, stream.slots]));
  return chooseStream(data.rootId, (id) => slots.get(id) ?? [], DateTime.now().setZone(data.zone));
}

/**
 * The playing TV. By its own clock it picks the stream (time slots), shows each segment for its
 * seconds, reloads its data when the server says something changed, reports what it plays, and
 * registers the player's service worker so a lost network leaves it playing what it has.
 */
export function TvPlayer({
  data,
  preview,
  startIndex,
}: {
  data: PlayerData;
  preview: boolean;
  startIndex: number;
}) {
  const revalidator = useRevalidator();
  const hydrated = useHydrated();
  const [streamId, setStreamId] = useState<number | null>(data.chosenId);
  const [index, setIndex] = useState(startIndex);
  const [offline, setOffline] = useState(false);
  const stream = data.streams.find((candidate) => candidate.id === streamId)?.view;
  const segments = useMemo(() => stream?.segments ?? [], [stream]);
  const current = segments.length ? segments[index % segments.length] : undefined;

  // The clock: pick the stream every second (a time slot switches at its minute).
  useEffect(() => {
    const pick = () => {
      const chosen = chosenNow(data);
      setStreamId((before) => {
        if (before !== chosen) setIndex(0);
        return chosen;
      });
    };
    pick();
    const timer = setInterval(pick, 1000);
    return () => clearInterval(timer);
  }, [data]);

  // The next segment after this one's seconds (restarted when the segment or its data change).
  const currentKey = current ? `${current.id}:${index}:${current.seconds}` : "";
  useEffect(() => {
    if (!current) return;
    const timer = setTimeout(() => setIndex((value) => value + 1), current.seconds * 1000);
    return () => clearTimeout(timer);
  }, [currentKey]); // eslint-disable-line react-hooks/exhaustive-deps

  // Pushed changes: reload the data at once.
  const reload = useRef(revalidator.revalidate);
  useEffect(() => {
    reload.current = revalidator.revalidate;
  });
  useEffect(() => {
    const events = new EventSource(preview ? "/tv/events?vorschau=1" : "/tv/events");
    events.addEventListener("change", () => void reload.current());
    events.addEventListener("open", () => {
      setOffline(false);
      void reload.current();
    });
    events.addEventListener("error", () => setOffline(true));
    const lost = () => setOffline(true);
    const back = () => {
      setOffline(false);
      void reload.current();
    };
    window.addEventListener("offline", lost);
    window.addEventListener("online", back);
    return () => {
      events.close();
      window.removeEventListener("offline", lost);
      window.removeEventListener("online", back);
    };
  }, [preview]);

  // The player's own service worker: the page, its data and pictures from the cache when offline.
  useEffect(() => {
    if (preview || !("serviceWorker" in navigator)) return;
    navigator.serviceWorker
      .register("/tv/sw.js", { scope: "/tv" })
      .then(() => navigator.serviceWorker.ready)
      .then((registration) => {
        // What this page loaded before the worker ran: kept now, for a restart without network.
        const keep = [
          location.href,
          ...performance.getEntriesByType("resource").map((entry) => entry.name),
        ];
        registration.active?.postMessage({ keep });
      })
      .catch(() => undefined);
  }, [preview]);

  // What it plays, reported now and every 30 s.
  const playing = current?.name ?? "";
  useEffect(() => {
    if (preview) return;
    const report = () =>
      fetch("/tv/heartbeat", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ playing, version: data.version }),
      }).catch(() => undefined);
    void report();
    const timer = setInterval(report, 30_000);
    return () => clearInterval(timer);
  }, [playing, data.version, preview]);

  const query = preview ? `vorschau=${data.rootId}&` : "";
  const next = segments.length ? (index + 1) % segments.length : 0;
  return (
    <div
      className={`tv tv-transition-${stream?.transition ?? "none"}`}
      data-testid="tv-player"
      data-hydrated={hydrated ? "ja" : undefined}
      data-version={data.version}
    >
      {current ? (
        <>
          <noscript>
            <meta httpEquiv="refresh" content={`${current.seconds};url=/tv?${query}i=${next}`} />
          </noscript>
          <div className="tv-segment" key={`${current.id}:${index}`} data-segment={current.name}>
            <SegmentView segment={current} />
          </div>
        </>
      ) : (
        <p className="tv-nothing">{texts.nothing}</p>
      )}
      {offline ? (
        <p className="tv-offline" role="status">
          {texts.offline}
        </p>
      ) : null}
    </div>
  );
}

/** An unpaired TV asks again every 3 s whether it has been paired. */
function PairingWatch() {
  const revalidator = useRevalidator();
  const reload = useRef(revalidator.revalidate);
  useEffect(() => {
    reload.current = revalidator.revalidate;
  });
  useEffect(() => {
    const timer = setInterval(() => void reload.current(), 3000);
    return () => clearInterval(timer);
  }, []);
  return null;
}

TvPlayer.PairingWatch = PairingWatch;
