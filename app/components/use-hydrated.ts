import { useEffect, useState } from "react";

/** Set once the first component has seen the page hydrated; later mounts start from it. */
let hydratedOnce = false;

/**
 * False on the server and in the first render; true once JavaScript has taken over the page.
 *
 * A state set by an effect, not `useSyncExternalStore` with a server snapshot: the browser runs
 * Preact's compatibility layer (decision 082), whose `useSyncExternalStore` ignores the server
 * snapshot, so the first render in the browser said "hydrated" and Preact, which does not patch
 * attributes while hydrating, left the server's markup as it was (a textarea that should hide
 * behind its editor stayed visible). Components mounted after hydration start with true.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(hydratedOnce);
  useEffect(() => {
    hydratedOnce = true;
    setHydrated(true);
  }, []);
  return hydrated;
}
