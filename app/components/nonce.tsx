import { createContext, useContext } from "react";

/**
 * The Content-Security-Policy nonce of this response (server/guards.mjs makes one per request): Remix's
 * inline scripts carry it, or the browser will not run them. In the browser it is empty: browsers hide the
 * value once the page has loaded, and scripts added later are the shop's own modules.
 */
const NonceContext = createContext("");

export const NonceProvider = NonceContext.Provider;

export function useNonce(): string {
  return useContext(NonceContext);
}
