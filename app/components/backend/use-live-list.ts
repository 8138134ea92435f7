import { useRevalidator } from "@remix-run/react";
import { useEffect, useRef } from "react";

/**
 * Reloads a list page's data when its event stream says something changed (`task`, `reload`;
 * decision 061). Without JavaScript, or when the stream is not there (503), the page stays as it
 * was loaded; a reload shows the change.
 */
export function useLiveList(address: string | null) {
  const revalidator = useRevalidator();
  // The revalidator's identity changes with every navigation; the stream must not.
  const latest = useRef(revalidator);
  latest.current = revalidator;
  useEffect(() => {
    if (!address || typeof EventSource === "undefined") return;
    const source = new EventSource(address);
    let timer: ReturnType<typeof setTimeout> | undefined;
    // Several changes at once (a script, a bulk edit) reload the list once.
    const reload = () => {
      clearTimeout(timer);
      timer = setTimeout(() => latest.current.revalidate(), 150);
    };
    source.addEventListener("task", reload);
    source.addEventListener("reload", reload);
    return () => {
      clearTimeout(timer);
      source.close();
    };
  }, [address]);
}
