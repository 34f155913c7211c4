// What server.mjs passes to every loader and action (see docs/decisions/0007-own-express-server.md).
declare module "@remix-run/node" {
  interface AppLoadContext {
    /** The client's IP address (believing X-Forwarded-For only for TRUST_PROXY proxies). */
    clientAddress?: string;
    /** This response's Content-Security-Policy nonce: the document's scripts must carry it to run. */
    cspNonce?: string;
    /**
     * Marks this request as failed because the shop cannot serve it just now (the database is down, or the
     * password work is queued full): server.mjs then answers 503 with this Retry-After instead of 500.
     */
    reportUnavailable?: (retryAfterSeconds: number) => void;
  }
}

export {};
