import { useSyncExternalStore } from "react";

const noSubscription = () => () => undefined;

/** False on the server and in the first render; true once JavaScript has taken over the page. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
