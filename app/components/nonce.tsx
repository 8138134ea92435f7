import { createContext, useContext } from "react";

const NonceContext = createContext("");

export const NonceProvider = NonceContext.Provider;

/** The per-request CSP nonce on the server; empty in the browser, where it is not needed. */
export function useNonce(): string {
  return useContext(NonceContext);
}
