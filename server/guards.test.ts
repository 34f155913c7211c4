import { request as httpRequest } from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import * as guards from "./guards.mjs";

let base = "";
let close = () => {};

/**
 * While a test holds it (holdFirstAnswer), the first request to reach a stand-in route is kept in flight until
 * the test releases it: the next ones meet the guards' in-flight limits without the test guessing how long to
 * wait. Every other request is answered at once.
 */
let hold: ((answer: () => void) => boolean) | undefined;

function holdFirstAnswer() {
  let kept: (() => void) | undefined;
  let released = false;
  hold = (answer) => {
    if (kept || released) return false;
    kept = answer;
    return true;
  };
  return {
    /** Resolves once the first request has passed every guard and is kept at its route. */
    arrived: () => vi.waitFor(() => expect(kept, "the first request reaches its route").toBeDefined()),
    release: () => {
      released = true;
      hold = undefined;
      kept?.();
      kept = undefined;
    },
  };
}

beforeAll(async () => {
  const app = express();
  app.set("trust proxy", false);
  app.use(guards.knownMethodsOnly());
  app.use(guards.securityHeaders({ publicOrigin: "https://shop.example.in", development: false }));
  app.use(
    guards.apiCors({ publicOrigin: "https://shop.example.in", allowedOrigins: ["https://app.example.in"] }),
  );
  app.use(guards.sameSiteForms({ publicOrigin: "https://shop.example.in" }));
  app.use(guards.bodyLimits());
  app.use(guards.passwordFormsInFlight({ maxInFlight: 1, retryAfterSeconds: 2 }));
  app.use(guards.rentalBookingsInFlight({ maxInFlight: 1, retryAfterSeconds: 5 }));
  app.use(
    guards.catalogueImportsInFlight({ maxInFlight: 1, maxWaiting: 1, waitSeconds: 2, retryAfterSeconds: 10 }),
  );
  app.use(guards.noStoreForPersonalAnswers());
  app.use(guards.unavailableAnswered503());
  for (const path of [
    "/login",
    "/login.data",
    "/login/x/...data",
    "/log%69n.data",
    "/product/7/book",
    "/admin/products/import",
    "/admin/products/import/5",
  ]) {
    app.post(path, (_req, res) => {
      const answer = () => void res.send("checked");
      if (!hold?.(answer)) answer();
    });
  }
  app.use(guards.wellFormedRequestsOnly());
  app.get("/reset-password/:token/fails", (req) => {
    throw new Error(`broke at ${req.originalUrl}`);
  });
  app.all("/api/user/cart", (_req, res) => {
    res.json({ reached: true });
  });
  app.all("/page", (_req, res) => {
    res.set("Cache-Control", "public, max-age=60").send(`nonce ${res.locals.cspNonce}`);
  });
  app.get("/sets-cookie", (_req, res) => {
    res.set("Set-Cookie", "toast=1").send("ok");
  });
  app.get("/outage", (_req, res) => {
    guards.reportUnavailable(res, 5);
    res.status(500).send("failed");
  });
  app.use(guards.errorsAnswered());
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => server.close();
});
afterAll(() => close());

/** A request fetch() will not send (TRACE, a path with broken percent-encoding): its status and text. */
function rawRequest(
  method: string,
  path: string,
  headers: Record<string, string> = {},
): Promise<{ status?: number; allow?: string; text: string }> {
  return new Promise((resolve, reject) => {
    const { hostname, port } = new URL(base);
    const request = httpRequest({ hostname, port, path, method, headers });
    request.on("response", (response) => {
      let text = "";
      response.setEncoding("utf8");
      response.on("data", (chunk) => {
        text += chunk;
      });
      response.on("end", () => resolve({ status: response.statusCode, allow: response.headers.allow, text }));
    });
    request.on("error", reject);
    request.end();
  });
}

/** A form posted at a path exactly as written (fetch would resolve "..." and dot segments first): its status. */
function rawPost(path: string, body: string): Promise<number | undefined> {
  return new Promise((resolve, reject) => {
    const { hostname, port } = new URL(base);
    const request = httpRequest({
      hostname,
      port,
      path,
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: base },
    });
    request.on("response", (response) => {
      response.resume();
      response.on("end", () => resolve(response.statusCode));
    });
    request.on("error", reject);
    request.end(body);
  });
}

const form = (body: string, headers: Record<string, string> = {}) => ({
  method: "POST",
  body,
  headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: base, ...headers },
});

describe("server guards", () => {
  it("sends a CSP with a fresh nonce per answer, and the other security headers", async () => {
    const [a, b] = await Promise.all([fetch(`${base}/page`), fetch(`${base}/page`)]);
    const policy = a.headers.get("content-security-policy") ?? "";
    const nonce = (await a.text()).replace("nonce ", "");
    expect(policy).toContain(`script-src 'self' 'nonce-${nonce}'`);
    expect(policy).toContain("object-src 'none'");
    expect(policy).toContain("frame-ancestors 'self'");
    expect(policy).toContain("form-action 'self' https://*.phonepe.com");
    expect(policy).toContain("upgrade-insecure-requests");
    expect(b.headers.get("content-security-policy")).not.toContain(nonce);
    expect(a.headers.get("permissions-policy")).toContain("camera=()");
    expect(a.headers.get("strict-transport-security")).toBe("max-age=31536000; includeSubDomains");
  });

  it("refuses posts from another origin, including another scheme of the same host", async () => {
    for (const origin of ["https://evil.example", "http://shop.example.in", "null"]) {
      expect((await fetch(`${base}/page`, form("a=1", { Origin: origin }))).status).toBe(403);
    }
    expect((await fetch(`${base}/page`, form("a=1", { Origin: "https://shop.example.in" }))).status).toBe(
      200,
    );
    expect((await fetch(`${base}/page`, form("a=1"))).status).toBe(200);
  });

  it("answers 415 for a type no form sends and 413 for a body over the limit, before reading it", async () => {
    for (const type of ["text/plain", "application/json", "multipart/form-data"]) {
      const answer = await fetch(`${base}/page`, form("a=1", { "Content-Type": type }));
      expect(answer.status).toBe(415);
    }
    const big = await fetch(`${base}/page`, form(`a=${"x".repeat(70 * 1024)}`));
    expect(big.status).toBe(413);
    expect(await big.text()).toMatch(/too large/);
    expect((await fetch(`${base}/page`, { method: "POST", headers: { Origin: base } })).status).toBe(200);
  });

  it("reads a picture a little over the limit before refusing it, so the sender sees the 413", async () => {
    // Sent in pieces, as a phone uploads: the answer must wait for the last piece, or the sender, still
    // writing into a closed connection, sees a reset instead of the message.
    const piece = Buffer.alloc(1024 * 1024, 0xff);
    const pieces = 6;
    const answer = await new Promise<{ status?: number; piecesSent: number; text: string }>(
      (resolve, reject) => {
        // Pieces handed to the connection when the answer came: all of them, since the server only answers
        // once it has read the last byte. Each piece is sent once the one before is taken: without the drain
        // the server answered at the headers and stopped reading, and the pieces stopped where the
        // connection's buffers were full (after four of the six, on Linux's loopback).
        let piecesSent = 0;
        const request = httpRequest(`${base}/admin/products/1/images`, {
          method: "POST",
          headers: {
            "Content-Type": "multipart/form-data; boundary=x",
            "Content-Length": String(piece.length * pieces),
            Origin: base,
          },
        });
        request.on("response", (response) => {
          const sentWhenAnswered = piecesSent;
          let text = "";
          response.setEncoding("utf8");
          response.on("data", (chunk) => {
            text += chunk;
          });
          response.on("end", () =>
            resolve({ status: response.statusCode, piecesSent: sentWhenAnswered, text }),
          );
        });
        request.on("error", reject);
        const send = async () => {
          for (let i = 0; i < pieces; i++) {
            piecesSent += 1;
            await new Promise<void>((done) => request.write(piece, () => done()));
          }
          request.end();
        };
        send().catch(reject);
      },
    );
    expect(answer.status).toBe(413);
    expect(answer.piecesSent).toBe(pieces);
    expect(answer.text).toMatch(/The picture is too large \(at most 5 MB\)/);
  });

  it("refuses a far larger body at once, without waiting for it", async () => {
    const status = await new Promise<number | undefined>((resolve, reject) => {
      // Declares 40 MB and sends none of it: the answer must come anyway.
      const request = httpRequest(`${base}/admin/products/1/images`, {
        method: "POST",
        headers: {
          "Content-Type": "multipart/form-data; boundary=x",
          "Content-Length": String(40 * 1024 * 1024),
          Origin: base,
        },
      });
      request.on("response", (response) => {
        resolve(response.statusCode);
        request.destroy();
      });
      request.on("error", reject);
      request.flushHeaders();
    });
    expect(status).toBe(413);
  });

  it("answers 503 with Retry-After to password forms beyond the in-flight limit", async () => {
    const gate = holdFirstAnswer();
    try {
      const first = fetch(`${base}/login`, form("email=a"));
      await gate.arrived();
      const second = await fetch(`${base}/login`, form("email=b"));
      expect(second.status).toBe(503);
      expect(second.headers.get("retry-after")).toBe("2");
      gate.release();
      expect((await first).status).toBe(200);
    } finally {
      gate.release();
    }
    // The slot is free again once the first has been answered.
    expect((await fetch(`${base}/login`, form("email=c"))).status).toBe(200);
  });

  it("answers 503 to rental booking posts beyond their own in-flight limit, apart from log-ins", async () => {
    const gate = holdFirstAnswer();
    try {
      const first = fetch(`${base}/product/7/book`, form("months=3"));
      await gate.arrived();
      const second = await fetch(`${base}/product/7/book`, form("months=3"));
      // A log-in meanwhile has a limit of its own: it reaches its route.
      const login = await fetch(`${base}/login`, form("email=a"));
      gate.release();
      expect([(await first).status, second.status, login.status]).toEqual([200, 503, 200]);
      expect(second.headers.get("retry-after")).toBe("5");
      expect(await second.text()).toContain("Too many rental requests are being sent right now.");
    } finally {
      gate.release();
    }
  });

  it("reads one catalogue import at a time, its upload or its commit; the next waits its turn, one more is refused", async () => {
    const upload = new FormData();
    upload.set("file", new Blob(["sku,stock\n"]), "catalogue.csv");
    const staff = { Cookie: "__staff=member" };
    const gate = holdFirstAnswer();
    try {
      const first = fetch(`${base}/admin/products/import`, {
        method: "POST",
        body: upload,
        headers: { ...staff, Origin: base },
      });
      await gate.arrived();
      // Two more commits: one waits in the one place there is, the other is refused at once.
      const commits = [1, 2].map(() =>
        fetch(`${base}/admin/products/import/5`, form("intent=commit", staff)),
      );
      const refused = await Promise.race(commits);
      // Without the back office's cookie: on to be sent to log in, never told to wait; a log-in, too.
      const visitor = await fetch(`${base}/admin/products/import/5`, form("intent=commit"));
      const login = await fetch(`${base}/login`, form("email=a"));
      expect([refused.status, visitor.status, login.status]).toEqual([503, 200, 200]);
      expect(refused.headers.get("retry-after")).toBe("10");
      expect(await refused.text()).toContain("Another catalogue import is being read right now.");
      gate.release();
      const answers = await Promise.all([first, ...commits]);
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 200, 503]);
    } finally {
      gate.release();
    }
  });

  it("refuses a catalogue import whose wait for the one before ran out", async () => {
    const staff = { Cookie: "__staff=member" };
    const gate = holdFirstAnswer();
    try {
      const first = fetch(`${base}/admin/products/import/5`, form("intent=commit", staff));
      await gate.arrived();
      const waited = await fetch(`${base}/admin/products/import/5`, form("intent=commit", staff));
      expect(waited.status).toBe(503);
      expect(await waited.text()).toContain("Another catalogue import is being read right now.");
      gate.release();
      expect((await first).status).toBe(200);
      // The place is free again: the next import goes straight through.
      const next = await fetch(`${base}/admin/products/import/5`, form("intent=commit", staff));
      expect(next.status).toBe(200);
    } finally {
      gate.release();
    }
  });

  it("gates the same form posted by the page's JavaScript, or at an address spelt another way", async () => {
    for (const [spelt, post] of [
      ["/login/x/...data", () => rawPost("/login/x/...data", "email=a")],
      ["/log%69n.data", () => rawPost("/log%69n.data", "email=a")],
      ["/login.data", async () => (await fetch(`${base}/login.data`, form("email=a"))).status],
    ] as const) {
      const gate = holdFirstAnswer();
      try {
        const first = post();
        await gate.arrived();
        const second = await fetch(`${base}/login`, form("email=b"));
        expect(second.status, spelt).toBe(503);
        gate.release();
        expect(await first, spelt).toBe(200);
      } finally {
        gate.release();
      }
    }
  });

  it("marks personal answers private, no-store, whatever the route said", async () => {
    const visitor = await fetch(`${base}/page`);
    expect(visitor.headers.get("cache-control")).toBe("public, max-age=60");
    const signedIn = await fetch(`${base}/page`, { headers: { Cookie: "__session=abc" } });
    expect(signedIn.headers.get("cache-control")).toBe("private, no-store");
    const cookie = await fetch(`${base}/sets-cookie`);
    expect(cookie.headers.get("cache-control")).toBe("private, no-store");
    // The back office, its pages and the data its JavaScript fetches, whoever asks.
    for (const path of ["/admin", "/admin.data", "/admin/orders/7.data"]) {
      expect((await fetch(`${base}${path}`)).headers.get("cache-control"), path).toBe("private, no-store");
    }
  });

  it("turns a reported outage's 500 into 503 with Retry-After", async () => {
    const answer = await fetch(`${base}/outage`);
    expect(answer.status).toBe(503);
    expect(answer.headers.get("retry-after")).toBe("5");
  });

  it("redacts reset tokens from logged URLs", () => {
    expect(guards.redactUrl("/reset-password/abcDEF123_-?x=1")).toBe("/reset-password/[redacted]?x=1");
    expect(guards.redactUrl("/product?q=reset")).toBe("/product?q=reset");
    expect(guards.redactUrl("/admin/setup/abcDEF123_-")).toBe("/admin/setup/[redacted]");
    expect(guards.redactUrl("/admin/invite/abcDEF123_-?from=mail")).toBe(
      "/admin/invite/[redacted]?from=mail",
    );
    expect(guards.redactUrl("/admin/staff")).toBe("/admin/staff");
    expect(guards.redactUrl("/ADMIN/SETUP/abc")).toBe("/ADMIN/SETUP/[redacted]");
    expect(guards.redactUrl("http://evil.example/reset-password/abc?x=1")).toBe(
      "http://evil.example/reset-password/[redacted]?x=1",
    );
    expect(guards.redactUrl("Invalid URL: 'http://h/admin/invite/abc' and /reset-password/def")).toBe(
      "Invalid URL: 'http://h/admin/invite/[redacted]' and /reset-password/[redacted]",
    );
  });
  it("answers 405 to a method the shop does not use, such as TRACE, naming the ones it does", async () => {
    for (const method of ["TRACE", "PROPFIND"]) {
      const answer = await rawRequest(method, "/page");
      expect(answer.status, method).toBe(405);
      expect(answer.allow).toBe("GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS");
    }
    expect((await rawRequest("GET", "/page")).status).toBe(200);
  });

  it("answers 400 to an address it cannot read, logging nothing of it", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    try {
      const unreadable: [string, string, Record<string, string>][] = [
        ["GET", "/reset-password/SecretToken123%ff", {}],
        ["OPTIONS", "*", {}],
        ["GET", "http://evil.example/reset-password/SecretToken123", {}],
        ["GET", "/page", { Host: "[" }],
        ["GET", "/page", { Host: "shop.example.in:99999" }],
        ["GET", "/page", { "X-Forwarded-Host": "a b" }],
      ];
      for (const [method, path, headers] of unreadable) {
        const answer = await rawRequest(method, path, headers);
        expect(answer.status, `${method} ${path} ${JSON.stringify(headers)}`).toBe(400);
        expect(answer.text).toMatch(/not well formed/);
      }
      expect((await rawRequest("GET", "/page", { Host: "[::1]:3000" })).status).toBe(200);
      expect(logged).not.toHaveBeenCalled();
    } finally {
      logged.mockRestore();
    }
  });

  it("answers an error raised outside Remix with 500 and one log line without the secret", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    try {
      const answer = await fetch(`${base}/reset-password/SecretToken123/fails`);
      expect(answer.status).toBe(500);
      expect(await answer.text()).toBe("Internal Server Error");
      expect(logged).toHaveBeenCalledTimes(1);
      const line = String(logged.mock.calls[0]?.[0]);
      expect(line).toMatch(
        /^\[500\] GET \/reset-password\/\[redacted\]\/fails outside Remix: Error: broke at \/reset-password\/\[redacted\]\/fails\n\s+at /,
      );
      expect(line).not.toContain("SecretToken123");
    } finally {
      logged.mockRestore();
    }
  });
});

describe("the JSON API's CORS by allow-list", () => {
  const call = (method: string, origin?: string, headers: Record<string, string> = {}) =>
    fetch(`${base}/api/user/cart`, {
      method,
      headers: { ...(origin ? { Origin: origin } : {}), ...headers },
    });

  it("answers a listed origin's preflight with the methods and headers, never credentials", async () => {
    const answer = await call("OPTIONS", "https://app.example.in", {
      "Access-Control-Request-Method": "DELETE",
      "Access-Control-Request-Headers": "authorization,content-type",
    });
    expect(answer.status).toBe(204);
    expect(answer.headers.get("access-control-allow-origin")).toBe("https://app.example.in");
    expect(answer.headers.get("access-control-allow-methods")).toBe("GET, POST, PUT, DELETE");
    expect(answer.headers.get("access-control-allow-headers")).toBe("Authorization, Content-Type, Accept");
    expect(answer.headers.get("access-control-allow-credentials")).toBeNull();
    expect(answer.headers.get("vary")).toContain("Origin");
  });

  it("lets a listed origin's calls through, the cross-site form check included", async () => {
    const answer = await call("POST", "https://app.example.in", { "Content-Type": "application/json" });
    expect(answer.status).toBe(200);
    expect(answer.headers.get("access-control-allow-origin")).toBe("https://app.example.in");
  });

  it("refuses every other origin, its preflight too, with the API's JSON", async () => {
    for (const method of ["OPTIONS", "GET", "POST"]) {
      const answer = await call(method, "https://evil.example");
      expect(answer.status, method).toBe(403);
      expect(answer.headers.get("access-control-allow-origin")).toBeNull();
      expect(await answer.json()).toEqual({
        status: "fail",
        message: "This website may not call the shop's API.",
      });
    }
    expect((await call("GET", "null")).status).toBe(403);
  });

  it("serves the shop's own pages and clients that send no Origin", async () => {
    expect((await call("POST", "https://shop.example.in")).status).toBe(200);
    expect((await call("GET")).status).toBe(200);
  });

  it("reads API_ALLOWED_ORIGINS as a list of origins and stops at one that is not", () => {
    expect(guards.allowedOriginsOf(" https://app.example.in/ , http://localhost:5173,,")).toEqual([
      "https://app.example.in",
      "http://localhost:5173",
    ]);
    expect(guards.allowedOriginsOf(undefined)).toEqual([]);
    expect(() => guards.allowedOriginsOf("app.example.in")).toThrow(/not an origin/);
    expect(() => guards.allowedOriginsOf("https://app.example.in/path")).toThrow(/not an origin/);
  });
});
