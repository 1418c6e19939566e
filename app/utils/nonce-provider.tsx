import { createContext, useContext } from "react";

// The CSP nonce of the current request. The server renders it into every
// script tag; in the browser it is empty because scripts have already run.
const NonceContext = createContext<string>("");

export const NonceProvider = NonceContext.Provider;

export function useNonce() {
  return useContext(NonceContext);
}
