// What server.mjs passes to every loader and action (see docs/decisions/0007-own-express-server.md).
declare module "@remix-run/node" {
  interface AppLoadContext {
    /** The client's IP address (believing X-Forwarded-For only for TRUST_PROXY proxies). */
    clientAddress?: string;
  }
}

export {};
