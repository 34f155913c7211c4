import { randomBytes } from "node:crypto";
import type { APIRequest, APIRequestContext, APIResponse } from "@playwright/test";
import { mailDir } from "../../../playwright.config";
import { readMailDir } from "../../integration/support/smtp";
import { newCustomer, type TestCustomer } from "./accounts";
import { ensureOwner, owner } from "./admin";
import { dataUrl, routeData } from "./single-fetch";
import { test as base, expect } from "./test";

/*
 * The machinery of the hostile specs (tests/e2e/hostile.spec.ts): hostile payloads, the answer each request
 * must get, the probes built from a route's table, a driver that sends them and lists every answer that
 * differs, and readers of what the shop kept (the back office's lists, the mail directory). The route tables
 * and the tests are in the hostile specs themselves.
 */

/* ---------- Payloads ---------- */

/** A form value: text (percent-encoded when sent) or bytes already percent-encoded, which a string cannot hold. */
export type Value = string | { raw: string };
export type Pairs = [name: string, value: Value][];
export type Body = { type: string; data: string | Buffer };

export const FORM = "application/x-www-form-urlencoded";

/** Text every field must survive. */
export const CONTROL: Record<string, Value> = {
  NUL: "before\u0000after",
  "C0, DEL and C1 controls": "a\u0001\u0007\u0008\u000b\u000c\u001b\u001f\u007f\u0080\u009fz",
  "CR LF": "one\r\ntwo",
  "lone surrogate %ED%A0%80, bad UTF-8 %FF%FE": { raw: "a%ED%A0%80b%FF%FEz" },
  "10 000 characters": "x".repeat(10_000),
};
/** For passwords, which are hashed and never stored: the two that could upset the hashing. */
export const CONTROL_SECRET = ["NUL", "lone surrogate %ED%A0%80, bad UTF-8 %FF%FE"];
export const BAD_IDS = ["0", "-1", "2147483648", "99999999999999999999", "1e3", "abc", ""];
export const UNKNOWN_INTENTS: Pairs[] = [
  [["intent", "drop-table"]],
  [["intent", ""]],
  [["intent", "add-to-cart\u0000"]],
  // An unknown intent, then a known one: a form that repeats a field is refused whole (REPEATED).
  [
    ["intent", "drop-table"],
    ["intent", "delete"],
  ],
];
/** Prices a form must never set. */
export const TAMPERED: Pairs = [
  ["price", "1"],
  ["unitPrice", "1"],
  ["discountedPrice", "1"],
  ["originalPrice", "1"],
  ["subtotal", "1"],
  ["total", "1"],
  ["amount", "100"],
  ["shippingFee", "0"],
  ["codFee", "0"],
];
export function percent(value: Value): string {
  return typeof value === "string" ? encodeURIComponent(value) : value.raw;
}

function bytes(value: Value): Buffer {
  if (typeof value === "string") return Buffer.from(value);
  const out: number[] = [];
  for (let i = 0; i < value.raw.length; i++) {
    if (value.raw[i] === "%") {
      out.push(Number.parseInt(value.raw.slice(i + 1, i + 3), 16));
      i += 2;
    } else out.push(value.raw.charCodeAt(i));
  }
  return Buffer.from(out);
}

export function form(pairs: Pairs): Body {
  return {
    type: FORM,
    data: pairs.map(([name, value]) => `${encodeURIComponent(name)}=${percent(value)}`).join("&"),
  };
}

export function multipart(pairs: Pairs, asFiles = false): Body {
  const boundary = `----kaveri${randomBytes(8).toString("hex")}`;
  const parts = pairs.map(([name, value]) =>
    Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"${asFiles ? `; filename="${name}.txt"\r\nContent-Type: text/plain` : ""}\r\n\r\n`,
      ),
      bytes(value),
      Buffer.from("\r\n"),
    ]),
  );
  return {
    type: `multipart/form-data; boundary=${boundary}`,
    data: Buffer.concat([...parts, Buffer.from(`--${boundary}--\r\n`)]),
  };
}

/** A form body written out by hand, for repeated names: `intent=delete&lineId=1&lineId=2`. */
export const urlencoded = (data: string): Body => ({ type: FORM, data });
export const json = (value: unknown): Body => ({ type: "application/json", data: JSON.stringify(value) });

export const MARK = "\u2063VALUE\u2063";
/** JSON with `value` where the template has MARK: text escaped as JSON does, raw bytes spliced in unescaped. */
export function jsonWith(template: unknown, value: Value): Body {
  const [before = "", after = ""] = JSON.stringify(template).split(MARK);
  const middle = typeof value === "string" ? Buffer.from(JSON.stringify(value).slice(1, -1)) : bytes(value);
  return { type: "application/json", data: Buffer.concat([Buffer.from(before), middle, Buffer.from(after)]) };
}

/** CONTROL as JSON string values, plus a lone surrogate written as JSON's own escape. */
export const CONTROL_JSON: [string, Value][] = [
  ...Object.entries(CONTROL),
  ["escaped lone surrogate \\ud800", "a\ud800z"],
];

/* ---------- What each request must get ---------- */

/**
 * The answer a request must get: its status and, where they are the behaviour, its Location (exactly, or a
 * pattern), a text its body holds (HTML entities read as their characters) and the toast it leaves for the
 * next page.
 */
export type Answer = {
  status: number;
  location?: string | RegExp;
  text?: string;
  toast?: string;
  /** The methods a 405 names in its Allow header. */
  allow?: string;
};

export type Probe = {
  label: string;
  path: string;
  method?: string;
  body?: Body;
  headers?: Record<string, string>;
  expect: Answer;
  /** Answered as its route's valid form is: the shop may keep what it sent. Otherwise it must keep nothing. */
  accepted?: boolean;
  /** The value (a fresh e-mail address) by which what this request sent is found, where its route keeps one. */
  marker?: string;
};

/** Bodies the HTTP server refuses before Remix runs, whoever sends them (server.mjs, bodyLimits). */
export const NOT_ACCEPTED: Answer = {
  status: 415,
  text: "This kind of request is not accepted here. Please use the form on the page.",
};
/** A body not JSON, sent to a path that takes JSON only (the JSON API, PhonePe's webhook). */
export const JSON_ONLY: Answer = {
  status: 415,
  text: "This call takes a JSON body: send it with Content-Type: application/json.",
};
export const NO_BOUNDARY: Answer = {
  status: 415,
  text: "The form could not be read. Please use the form on the page.",
};
export const TOO_LARGE: Answer = {
  status: 413,
  text: "The form is too large (at most 64 KB). Please shorten it and try again.",
};
/** Bodies the form reader refuses as it reads them (readForm). */
export const UNREADABLE: Answer = {
  status: 400,
  text: "The form could not be read. Please use the form on the page.",
};
export const TOO_MANY_FIELDS: Answer = { status: 413, text: "The form has too many fields (at most 100)." };
export const SERVER_REFUSALS = [NOT_ACCEPTED, NO_BOUNDARY, TOO_LARGE];
const FORM_REFUSALS = [UNREADABLE, TOO_MANY_FIELDS];

const UNTYPABLE = "Please remove the invisible or unsupported characters from this field";
export const UNKNOWN_FORM: Answer = { status: 400, text: "Unknown form" };
/** A method the page does not take (server/guards.mjs, methodsRoutesTake): its form's route takes POST. */
export const methodNotAllowed = (method: string, allowed = "GET, HEAD, POST"): Answer => ({
  status: 405,
  text: `This address does not take ${method} requests: it takes ${allowed}.`,
  allow: `${allowed}, OPTIONS`,
});
/** A form field sent twice: no browser does it, and the form is refused whole (readForm). */
export const REPEATED = (name: string): Answer => ({
  status: 400,
  text: `The form could not be read: it has more than one ${name} field. Please use the form on the page.`,
});
export const NOT_WELL_FORMED: Answer = { status: 400, text: "Bad Request: this address is not well formed." };

/** How a route answers a request, in its table: an answer, or the route's own for an accepted or refused form. */
export type Expected = Answer | "accepted" | "refused" | "untypable";

/* ---------- Probes built from a route's table ---------- */

/**
 * Typed text (decision 0012): "line" and "lines" refuse control characters (lines take line breaks) and
 * overlong text, and read bytes that are not UTF-8 as U+FFFD, which is text; "format" fields (e-mail, mobile,
 * PIN code, a choice) refuse all of CONTROL; a "target" (redirectTo) takes anything and falls back to its
 * default when it is not a path on the shop.
 */
export type FieldKind = "line" | "lines" | "format" | "target";

export type ActionRoute = {
  path: string;
  /** A submission the route accepts; called for every probe, so e-mail addresses can be fresh. */
  valid: () => Record<string, string>;
  /** What the valid form gets: the control, a 2xx or a 303 to where the shopper goes next. */
  accepted: Answer;
  /** What a form the route refuses gets: the page again with its messages (400), or a redirect with a toast. */
  refused: Answer;
  /** Free-text fields and their kind: each gets every CONTROL value. */
  text?: Record<string, FieldKind>;
  /** Ids, quantities, stars: each gets every BAD_IDS value, which the route refuses. */
  numbers?: string[];
  /** The route reads `intent`: unknown ones are sent too, and get this answer. */
  intents?: Answer;
  /** Passwords: hashed, never stored, any text is a password, so only CONTROL_SECRET, which is accepted. */
  secrets?: string[];
  /**
   * Every accepted probe costs the server a password hash (scrypt, about a third of a second of CPU), so
   * the probes that tell nothing new about this route (another method, extra price fields) are left out.
   */
  hashes?: boolean;
  /** The field whose fresh value (an e-mail address) marks what each probe would store. */
  marker?: string;
  /** The answers that differ from those of their kind, by probe label. */
  answers?: Record<string, Expected>;
  /** A route for signed-in customers: what a visitor gets, and whether the form is read before that. */
  visitor?: { signIn: Answer; readsFormFirst: boolean };
};

function answerOf(route: ActionRoute, expected: Expected): Answer {
  if (expected === "accepted") return route.accepted;
  if (expected === "refused") return route.refused;
  // A refused page names the field's problem; a refusal by redirect says it in its toast.
  if (expected === "untypable")
    return route.refused.status === 400 ? { ...route.refused, text: UNTYPABLE } : route.refused;
  return expected;
}

/**
 * One probe of a route: its valid form with `changes`, sent as `body` makes it, expecting `expected` unless the
 * route's table says otherwise for this label.
 */
function routeProbe(
  route: ActionRoute,
  label: string,
  expected: Expected,
  body: (pairs: Pairs) => Body,
  changes: Record<string, Value> = {},
  method?: string,
): Probe {
  const values: Record<string, Value> = { ...route.valid(), ...changes };
  const wanted = route.answers?.[label] ?? expected;
  const marker = route.marker !== undefined && !(route.marker in changes) ? values[route.marker] : undefined;
  return {
    label,
    path: route.path,
    method,
    body: body(Object.entries(values)),
    expect: answerOf(route, wanted),
    accepted: wanted === "accepted",
    marker: typeof marker === "string" ? marker : undefined,
  };
}

/** Probes of one action route that do not depend on its fields' values: content types, sizes, methods. */
export function bodyProbes(route: ActionRoute): Probe[] {
  const probe = (
    label: string,
    expected: Expected,
    body: (pairs: Pairs) => Body,
    changes = {},
    method?: string,
  ) => routeProbe(route, label, expected, body, changes, method);
  const fields = Object.keys(route.valid());
  const first = Object.keys(route.text ?? {})[0] ?? fields[0] ?? "filler";
  const large = { [first]: "x".repeat(1_100_000) };
  const many =
    (name: (i: number) => string) =>
    (pairs: Pairs): Body =>
      form([...pairs, ...Array.from({ length: 5_000 }, (_, i): [string, Value] => [name(i), "1"])]);
  return [
    probe("valid form", "accepted", form),
    probe("text/plain", NOT_ACCEPTED, (pairs) => ({
      type: "text/plain;charset=UTF-8",
      data: form(pairs).data,
    })),
    probe("application/json", NOT_ACCEPTED, (pairs) => json({ ...Object.fromEntries(pairs), price: 1 })),
    probe("multipart/form-data without boundary", NO_BOUNDARY, (pairs) => ({
      type: "multipart/form-data",
      data: form(pairs).data,
    })),
    probe("malformed multipart", UNREADABLE, () => ({
      type: "multipart/form-data; boundary=kaveri",
      data: `--kaveri\r\nContent-Disposition: form-data; name="${first}"\r\n\r\nno closing boundary`,
    })),
    probe("multipart with every field a file", "refused", (pairs) => multipart(pairs, true)),
    probe("multipart with NUL in every field", "refused", (pairs) =>
      multipart(pairs.map(([name]) => [name, "a\u0000b"])),
    ),
    probe("unknown content type", NOT_ACCEPTED, () => ({
      type: "application/x-kaveri",
      data: "\u0000\u0001\u0002",
    })),
    probe("empty form", "refused", () => form([])),
    probe(`1.1 MB ${first}`, TOO_LARGE, form, large),
    probe(`1.1 MB ${first}, multipart`, TOO_LARGE, (pairs) => multipart(pairs), large),
    probe(
      "5 000 fields",
      TOO_MANY_FIELDS,
      many((i) => `f${i}`),
    ),
    probe(
      `5 000 × ${first}`,
      TOO_MANY_FIELDS,
      many(() => first),
    ),
    ...(route.hashes
      ? []
      : [
          probe("valid form with tampered prices", "accepted", (pairs) => form([...pairs, ...TAMPERED])),
          // The valid form with another method is refused before any action runs, and keeps nothing.
          ...["DELETE", "PUT", "PATCH"].map((method) =>
            probe(method, methodNotAllowed(method), form, {}, method),
          ),
        ]),
  ];
}

/** What a typed-text field of `kind` gets for the CONTROL value called `name`. */
function typed(kind: FieldKind, name: string): Expected {
  if (kind === "target") return "accepted";
  if (kind === "format" || name === "10 000 characters") return "refused";
  // Bytes that are not UTF-8 are read as U+FFFD (readForm), which is text.
  if (name.startsWith("lone surrogate")) return "accepted";
  if (name === "CR LF" && kind === "lines") return "accepted";
  return "untypable";
}

/** Probes of one action route's fields: control characters, bad ids, repeated fields, unknown intents. */
export function fieldProbes(route: ActionRoute): Probe[] {
  const probes: Probe[] = [];
  for (const [field, kind] of Object.entries(route.text ?? {})) {
    for (const [name, value] of Object.entries(CONTROL))
      probes.push(routeProbe(route, `${field}: ${name}`, typed(kind, name), form, { [field]: value }));
  }
  for (const field of route.secrets ?? []) {
    for (const name of CONTROL_SECRET)
      probes.push(routeProbe(route, `${field}: ${name}`, "accepted", form, { [field]: CONTROL[name] ?? "" }));
  }
  for (const field of route.numbers ?? []) {
    for (const id of BAD_IDS)
      probes.push(routeProbe(route, `${field}=${JSON.stringify(id)}`, "refused", form, { [field]: id }));
  }
  for (const field of Object.keys(route.valid()))
    probes.push(
      routeProbe(route, `${field} twice`, REPEATED(field), (pairs) => form([...pairs, [field, "2"]])),
    );
  for (const intent of route.intents ? UNKNOWN_INTENTS : []) {
    const label = `intent ${JSON.stringify(intent.map(([, v]) => v))}`;
    const body = (pairs: Pairs) => form([...intent, ...pairs.filter(([name]) => name !== "intent")]);
    const expected = intent.length > 1 ? REPEATED("intent") : (route.intents ?? UNKNOWN_FORM);
    probes.push(routeProbe(route, label, expected, body));
  }
  return probes;
}

export const actionProbes = (route: ActionRoute) => [...bodyProbes(route), ...fieldProbes(route)];

/**
 * The same probes from a visitor, to a route for signed-in customers: what the HTTP server refuses is refused
 * as before, what the form reader refuses too where the route reads its form first, and everything else is
 * sent to log in.
 */
export function asVisitor(route: ActionRoute, probes: Probe[]): Probe[] {
  const visitor = route.visitor;
  if (!visitor) throw new Error(`${route.path} has no answer for visitors`);
  return probes.map((probe) => {
    const kept =
      SERVER_REFUSALS.includes(probe.expect) ||
      // A method the route does not take is refused before anyone is asked to sign in.
      probe.expect.allow !== undefined ||
      (visitor.readsFormFirst && FORM_REFUSALS.includes(probe.expect));
    return kept ? probe : { ...probe, expect: visitor.signIn, accepted: false };
  });
}

/**
 * The probes the shop must refuse, then those it accepts, then the valid forms: what a route keeps can be
 * read after the first group (nothing) and after the last (the valid form's).
 */
export function inPhases(probes: Probe[]): Probe[][] {
  const valid = (probe: Probe) => probe.accepted === true && probe.label === "valid form";
  return [
    probes.filter((probe) => !probe.accepted),
    probes.filter((probe) => probe.accepted && !valid(probe)),
    probes.filter(valid),
  ];
}

/** The markers of the probes that may keep what they sent, and of those that must keep nothing. */
export function markers(probes: Probe[]): { kept: string[]; refused: string[] } {
  const of = (accepted: boolean) =>
    probes.flatMap((probe) =>
      probe.marker !== undefined && (probe.accepted === true) === accepted ? [probe.marker] : [],
    );
  return { kept: of(true).sort(), refused: of(false) };
}

/** The probes that sent these markers, for a failure's message. */
export function sentBy(probes: Probe[], found: string[]): string {
  return probes
    .filter((probe) => probe.marker !== undefined && found.includes(probe.marker))
    .map(show)
    .join("\n");
}

/** GET probes of one query parameter, or of a path segment (`{}` in the path, `param` null). */
export type GetGroup = {
  path: string;
  param: string | null;
  kind?: "text" | "number" | "both";
  /** The page asked as it should be, and its answer: the group's control, which must succeed. */
  control: [path: string, answer: Answer];
  /** What each hostile value gets, by its label (the CONTROL name, the id in quotes, or "twice"). */
  answer: (label: string) => Answer;
  headers?: Record<string, string>;
};

export function getProbes({ path, param, kind = "both", control, answer, headers }: GetGroup): Probe[] {
  const controls = Object.entries(CONTROL).filter(([name]) => kind !== "number" || name === "NUL");
  const values: [string, string][] = [
    ...controls.map(([name, value]): [string, string] => [name, percent(value)]),
    ...(kind === "text" ? [] : BAD_IDS).map((id): [string, string] => [
      JSON.stringify(id),
      encodeURIComponent(id),
    ]),
  ];
  const at = (value: string) =>
    param === null ? path.replace("{}", value) : `${path}${path.includes("?") ? "&" : "?"}${param}=${value}`;
  const name = param ?? "path";
  const probes = values.map(
    ([label, value]): Probe => ({
      label: `${name} ${label}`,
      path: at(value),
      expect: answer(label),
      headers,
    }),
  );
  if (param !== null)
    probes.push({ label: `${name} twice`, path: `${at("1")}&${param}=2`, expect: answer("twice"), headers });
  probes.push({ label: `${name} control`, path: control[0], expect: control[1], headers });
  return probes;
}

export const same = (answer: Answer) => () => answer;
export const OK: Answer = { status: 200 };

/* ---------- Driving the shop ---------- */

export type Customer = TestCustomer & { context: APIRequestContext };

function randomAddress(): string {
  const [a, b, c] = randomBytes(3);
  return `10.${a}.${b}.${c}`;
}

/** An answer's body as a reader sees it: HTML's entities as their characters. */
function readable(body: string): string {
  return body
    .replaceAll("&quot;", '"')
    .replaceAll("&#x27;", "'")
    .replaceAll("&#39;", "'")
    .replaceAll("&lt;", "<")
    .replaceAll("&gt;", ">")
    .replaceAll("&amp;", "&");
}

/** The message of the toast an answer leaves in its flash cookie (remix-toast, signed with the session secret). */
function toastOf(response: APIResponse): string | undefined {
  for (const { name, value } of response.headersArray()) {
    if (name.toLowerCase() !== "set-cookie" || !value.startsWith("toast=")) continue;
    const signed = decodeURIComponent(value.slice("toast=".length).split(";")[0] ?? "");
    const data = signed.slice(0, Math.max(0, signed.lastIndexOf(".")));
    if (!data) continue;
    try {
      const session = JSON.parse(Buffer.from(data, "base64").toString("utf8")) as Record<string, unknown>;
      for (const flash of Object.values(session)) {
        const toast = (flash as { toast?: { message?: unknown } } | null)?.toast;
        if (typeof toast?.message === "string") return toast.message;
      }
    } catch {
      return "(a toast cookie that is not the shop's)";
    }
  }
  return undefined;
}

function spoken(answer: Answer): string {
  const where = answer.location === undefined ? "" : ` to ${String(answer.location)}`;
  const toast = answer.toast === undefined ? "" : ` with toast "${answer.toast}"`;
  const text = answer.text === undefined ? "" : ` saying "${answer.text}"`;
  return `${answer.status}${where}${toast}${text}`;
}

/**
 * The shop as seen through requests: fresh anonymous contexts, signed-up customers (each in a context of its
 * own, keeping the session cookie), and a driver that sends probes and lists each answer that is not the one
 * expected.
 */
export class Shop {
  private readonly contexts: APIRequestContext[] = [];

  constructor(
    private readonly api: APIRequest,
    readonly origin: string,
    private readonly headers: Record<string, string>,
  ) {}

  /** A context of its own (no cookies yet), disposed of at the end of the test unless `disposable`. */
  async context(disposable = false): Promise<APIRequestContext> {
    const context = await this.api.newContext({
      baseURL: this.origin,
      extraHTTPHeaders: { ...this.headers, Origin: this.origin },
    });
    if (!disposable) this.contexts.push(context);
    return context;
  }

  /** Signs up a fresh customer through the form post; the context keeps the session cookie. */
  async customer(details: Partial<TestCustomer> = {}): Promise<Customer> {
    const customer = newCustomer(details);
    const context = await this.context();
    const { firstname, lastname, email, mobile, password } = customer;
    const response = await context.post("/signup", {
      form: { firstname, lastname, email, mobile, password },
      maxRedirects: 0,
    });
    expect(response.status(), `sign-up of ${email}`).toBe(303);
    return { ...customer, context };
  }

  /** The back office's owner, logged in through the log-in form; the context keeps the staff cookie. */
  async owner(): Promise<{ context: APIRequestContext }> {
    const context = await this.context();
    await ensureOwner(context);
    const response = await context.post("/admin/login", {
      form: { email: owner.email, password: owner.password },
      maxRedirects: 0,
    });
    expect(response.status(), "the owner's log-in").toBe(303);
    expect(response.headers().location, "the owner's log-in").toBe("/admin");
    return { context };
  }

  /**
   * Sends every probe (a few at a time) and returns one line for each answer that is not the expected one (its
   * status, Location, text or toast), or that leaves the shop, smuggles a Set-Cookie in through a header or
   * never comes. "visitor" sends each probe from a fresh context, so a probe that signs someone in cannot
   * change what the next one sees.
   */
  async drive(probes: Probe[], as: { context: APIRequestContext } | "visitor"): Promise<string[]> {
    const failures: string[] = [];
    const queue = [...probes];
    const worker = async () => {
      for (let probe = queue.shift(); probe; probe = queue.shift()) {
        const context = as === "visitor" ? await this.context(true) : as.context;
        const what = `${show(probe)}${as === "visitor" ? "" : " (signed in)"}`;
        try {
          const response = await this.send(context, probe);
          const problems = await this.problems(response, probe.expect);
          if (problems.length > 0) failures.push(`${what}: ${problems.join("; ")}`);
        } catch (error) {
          failures.push(`${what}: no answer (${String(error).split("\n")[0]})`);
        } finally {
          if (as === "visitor") await context.dispose();
        }
      }
    };
    await Promise.all(Array.from({ length: 6 }, worker));
    return failures.sort();
  }

  send(context: APIRequestContext, probe: Omit<Probe, "expect">): Promise<APIResponse> {
    return context.fetch(probe.path, {
      method: probe.method ?? (probe.body ? "POST" : "GET"),
      headers: {
        Origin: this.origin,
        // A client address per request, so per-address limits (sign-ups, enquiries) never hide an answer.
        "X-Forwarded-For": randomAddress(),
        ...(probe.body ? { "Content-Type": probe.body.type } : {}),
        ...probe.headers,
      },
      data: probe.body?.data,
      maxRedirects: 0,
      timeout: 20_000,
    });
  }

  /** What is wrong with an answer: how it differs from `expected`, and what no answer may do. */
  async problems(response: APIResponse, expected: Answer): Promise<string[]> {
    const found: string[] = [];
    const status = response.status();
    const location = response.headers().location;
    const toast = toastOf(response);
    const matches = (pattern: string | RegExp, value: string) =>
      typeof pattern === "string" ? value === pattern : pattern.test(value);
    if (
      status !== expected.status ||
      (expected.location !== undefined &&
        !(location !== undefined && matches(expected.location, location))) ||
      (expected.toast !== undefined && toast !== expected.toast)
    ) {
      const got = spoken({ status, location, toast });
      found.push(`answered ${got}, expected ${spoken({ ...expected, text: undefined })}`);
    }
    if (expected.text !== undefined && !readable(await response.text()).includes(expected.text)) {
      found.push(`the answer does not say "${expected.text}"`);
    }
    const allow = response.headers().allow;
    if (expected.allow !== undefined && allow !== expected.allow) {
      found.push(`Allow is ${JSON.stringify(allow)}, expected "${expected.allow}"`);
    }
    if (location !== undefined && this.resolve(location) !== this.origin) {
      found.push(`Location ${JSON.stringify(location)} leaves the shop (${this.resolve(location)})`);
    }
    const smuggled = response
      .headersArray()
      .some(({ name, value }) => name.toLowerCase() === "set-cookie" && value.startsWith("x="));
    if (smuggled) found.push("Set-Cookie injected through a header");
    return found;
  }

  /** Sends one request and checks its answer, as `drive` does, failing the test at once when it differs. */
  async expectAnswer(context: APIRequestContext, probe: Probe): Promise<APIResponse> {
    const response = await this.send(context, probe);
    expect(await this.problems(response, probe.expect), show(probe)).toEqual([]);
    return response;
  }

  resolve(location: string): string {
    try {
      return new URL(location, this.origin).origin;
    } catch {
      return "an unparseable URL";
    }
  }

  async dispose() {
    await Promise.all(this.contexts.map((context) => context.dispose()));
  }
}

export function show(probe: Omit<Probe, "expect">): string {
  const path = probe.path.length > 90 ? `${probe.path.slice(0, 90)}…` : probe.path;
  const type = probe.body ? ` (${probe.body.type.split(";")[0]})` : "";
  return `${probe.method ?? (probe.body ? "POST" : "GET")} ${path}${type} [${probe.label}]`;
}

export function expectNoFailures(failures: string[], probes: number) {
  expect(
    failures.length,
    `${failures.length} of ${probes} hostile requests were not answered as expected:\n${failures.join("\n")}`,
  ).toBe(0);
}

export const test = base.extend<{ shop: Shop }>({
  shop: async ({ playwright, baseURL, extraHTTPHeaders }, use) => {
    const shop = new Shop(playwright.request, new URL(baseURL ?? "").origin, extraHTTPHeaders ?? {});
    await use(shop);
    await shop.dispose();
  },
});

/* ---------- What the shop kept: the back office's lists and the mail ---------- */

export type Staff = { context: APIRequestContext };

/** E-mail addresses of the unread enquiries (where every probe's would be: nobody opens them) holding `tag`. */
export async function enquiriesWith(staff: Staff, tag: string): Promise<string[]> {
  type Page = { rows: { email: string }[]; page: number; pages: number };
  const found: string[] = [];
  for (let page = 1; ; page++) {
    const query = page === 1 ? "?show=unread" : `?show=unread&page=${page}`;
    const list = await loaderData<Page>(
      staff.context,
      `/admin/enquiries${query}`,
      "routes/admin/enquiries._index",
    );
    found.push(...list.rows.map((row) => row.email).filter((address) => address.includes(tag)));
    // Read while new enquiries come in, a row may show on two pages.
    if (list.page >= list.pages) return [...new Set(found)].sort();
  }
}

/** Subscribed addresses holding `tag`, as the back office's list finds them, and as its CSV export has them. */
export async function subscribersWith(staff: Staff, tag: string): Promise<{ list: string[]; csv: string[] }> {
  const list = await loaderData<{ rows: { email: string }[]; pages: number }>(
    staff.context,
    `/admin/newsletter?q=${tag}`,
    "routes/admin/newsletter",
  );
  expect(list.pages, "one page of this test's subscribers").toBeLessThanOrEqual(1);
  const csv = await staff.context.get("/admin/newsletter.csv", { maxRedirects: 0 });
  expect(csv.status(), "the newsletter's CSV export").toBe(200);
  const lines = (await csv.text()).split(/\r?\n/).filter((line) => line.includes(tag));
  return {
    list: list.rows.map((row) => row.email).sort(),
    csv: lines.map((line) => line.split(",")[0]?.replaceAll('"', "") ?? "").sort(),
  };
}

export type Member = {
  id: number;
  name: string;
  email: string;
  role: string;
  disabled: boolean;
  invited: boolean;
};
export const staffList = async (staff: Staff) =>
  (await loaderData<{ members: Member[] }>(staff.context, "/admin/staff", "routes/admin/staff")).members;

/** Every mail of this run sent to `address`. */
export async function mailTo(address: string) {
  return (await readMailDir(mailDir)).filter((mail) => mail.to.includes(address.toLowerCase()));
}

/**
 * Waits for the mail to each of `kept` (the controls' mail), then finds none to any of `refused`. The refused
 * requests were answered before the accepted ones, and the shop sends in the order it answers, so the
 * negative has waited as long as the positive.
 */
export async function expectMailOnlyTo(kept: string[], refused: string[]) {
  expect(kept.length, "a control that sends mail").toBeGreaterThan(0);
  const sentTo = async (addresses: string[]) => {
    const all = await readMailDir(mailDir);
    return addresses.filter((address) => all.some((mail) => mail.to.includes(address.toLowerCase())));
  };
  await expect
    .poll(() => sentTo(kept), { message: "mail to the addresses of accepted requests", timeout: 10_000 })
    .toEqual(kept);
  expect(await sentTo(refused), "mail to the addresses of refused requests").toEqual([]);
}

/** What a route's loader says, through the data request the page's JavaScript makes (which must answer 200). */
export async function loaderData<T>(context: APIRequestContext, path: string, routeId: string): Promise<T> {
  const url = dataUrl(path, routeId);
  const response = await context.get(url, { maxRedirects: 0 });
  expect(response.status(), `GET ${url}`).toBe(200);
  return routeData<T>(response, routeId);
}
