import { useCallback, useEffect, useRef, useState } from "react";

/**
 * The audible signal for a new order, synthesised with Web Audio (two short rising tones): no
 * sound file to download, nothing to cache. Browsers only let a page make sound after the user
 * touched it, so `enable()` belongs in the click handler of the board's switch; a choice kept
 * from an earlier visit is resumed at the first click or key press on the page.
 */
export interface OrderChime {
  /** Call from a click: creates or resumes the audio context. False when there is no Web Audio. */
  enable(): Promise<boolean>;
  disable(): void;
  /** Plays the signal when enabled; silently nothing otherwise. */
  play(): void;
  readonly enabled: boolean;
}

type AudioContextConstructor = new () => AudioContext;

function audioContextClass(): AudioContextConstructor | undefined {
  if (typeof window === "undefined") return undefined;
  const w = window as unknown as {
    AudioContext?: AudioContextConstructor;
    webkitAudioContext?: AudioContextConstructor;
  };
  return w.AudioContext ?? w.webkitAudioContext;
}

/** Frequencies (Hz) and length (s) of the two tones: a rising fifth, friendly and clear. */
const TONES = [880, 1320] as const;
const TONE_SECONDS = 0.14;
const VOLUME = 0.25;

export function createOrderChime(): OrderChime {
  let context: AudioContext | null = null;
  let enabled = false;
  return {
    async enable() {
      const Context = audioContextClass();
      if (!Context) return false;
      context ??= new Context();
      if (context.state === "suspended") await context.resume().catch(() => undefined);
      enabled = true;
      return true;
    },
    disable() {
      enabled = false;
    },
    play() {
      if (!enabled || !context) return;
      if (context.state === "suspended") void context.resume().catch(() => undefined);
      const start = context.currentTime + 0.01;
      TONES.forEach((frequency, index) => {
        const at = start + index * TONE_SECONDS;
        const oscillator = context!.createOscillator();
        const gain = context!.createGain();
        oscillator.type = "sine";
        oscillator.frequency.value = frequency;
        // A short fade in and out: a hard start or stop clicks.
        gain.gain.setValueAtTime(0, at);
        gain.gain.linearRampToValueAtTime(VOLUME, at + 0.01);
        gain.gain.exponentialRampToValueAtTime(0.0001, at + TONE_SECONDS);
        oscillator.connect(gain).connect(context!.destination);
        oscillator.start(at);
        oscillator.stop(at + TONE_SECONDS + 0.02);
      });
    },
    get enabled() {
      return enabled;
    },
  };
}

/**
 * The board's switch: `enabled` (kept in localStorage under `storageKey`), `toggle` for the
 * button's click handler, and `play` for the `onEvents` of useLiveOrders. Off on the server and
 * before the first click on a new device.
 */
export function useOrderChime(storageKey = "backstube.bestellton"): {
  enabled: boolean;
  toggle(): void;
  play(): void;
} {
  const chime = useRef<OrderChime | null>(null);
  const [enabled, setEnabled] = useState(false);

  useEffect(() => {
    chime.current ??= createOrderChime();
    let stored = false;
    try {
      stored = window.localStorage.getItem(storageKey) === "an";
    } catch {
      // Storage switched off: the choice lasts for this page only.
    }
    if (!stored) return;
    setEnabled(true);
    // The browser lets the sound start only after the user touched the page.
    const resume = () => void chime.current?.enable();
    window.addEventListener("pointerdown", resume, { once: true });
    window.addEventListener("keydown", resume, { once: true });
    return () => {
      window.removeEventListener("pointerdown", resume);
      window.removeEventListener("keydown", resume);
    };
  }, [storageKey]);

  const toggle = useCallback(() => {
    chime.current ??= createOrderChime();
    const next = !enabled;
    setEnabled(next);
    try {
      window.localStorage.setItem(storageKey, next ? "an" : "aus");
    } catch {
      // See above.
    }
    if (next) {
      void chime.current.enable().then((ok) => {
        if (ok) chime.current?.play();
      });
    } else {
      chime.current.disable();
    }
  }, [enabled, storageKey]);

  const play = useCallback(() => chime.current?.play(), []);

  return { enabled, toggle, play };
}
