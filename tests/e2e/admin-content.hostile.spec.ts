import { randomBytes } from "node:crypto";
import type { APIRequestContext, APIResponse } from "@playwright/test";
import { expect, type Shop, test } from "./support/back-office-requests";
import { BACK_OFFICE_POST } from "./support/content";

/*
 * Hostile requests at the back office's content pages (the `hostile` project: plain requests, no browser):
 * no session and a customer's session get the log-in page and no data; bad ids get 404; bad bodies, control
 * characters, unknown intents and oversize fields get a 4xx, never a 5xx; a script in a blog post never
 * reaches the shop's page; an address built to run as a spreadsheet formula is defused in the CSV; a form
 * posted from another site is refused and changes nothing.
 */

const FORM = "application/x-www-form-urlencoded";
const BAD_IDS = ["0", "-1", "2147483648", "99999999999999999999", "1e3", "abc", "999999"];
const CONTROL = ["before\u0000after", "a\u0001\u0007\u001b\u007f\u0080\u009fz", "x".repeat(25_000)];

/** The back-office log-in, and nothing of the page asked for. */
function expectLogIn(response: APIResponse, what: string) {
  expect(response.status(), what).toBe(303);
  expect(response.headers().location, what).toMatch(/^\/admin\/login(\?|$)/);
}

/** A form body written out by hand (repeated names, raw bytes). */
function formBody(fields: [string, string][]): string {
  return fields.map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}`).join("&");
}

async function send(
  context: APIRequestContext,
  path: string,
  body: { type: string; data: string | Buffer },
  headers: Record<string, string> = {},
) {
  return context.fetch(path, {
    method: "POST",
    headers: { "Content-Type": body.type, ...headers },
    data: body.data,
    maxRedirects: 0,
    timeout: 20_000,
  });
}

/** A new draft post written by the owner; its id. */
async function draftPost(staff: APIRequestContext, title: string, description: string): Promise<string> {
  const answer = await staff.post("/admin/blogs/new", {
    form: { title, category: "Camera", description },
    maxRedirects: 0,
  });
  expect(answer.status(), "the draft is saved").toBe(303);
  const id = /^\/admin\/blogs\/(\d+)$/.exec(answer.headers().location ?? "")?.[1];
  expect(id, "the draft's page").toBeDefined();
  return id ?? "";
}

/** An enquiry sent through the Contact form; its id, read from the inbox's data. */
async function enquiryId(shop: Shop, staff: APIRequestContext): Promise<string> {
  const email = `hostile.${randomBytes(4).toString("hex")}@kaveri.test`;
  const visitor = await shop.context();
  const sent = await visitor.post("/contact", {
    form: { name: "Hostile Test", email, mobile: "9845012345", comment: "A question for the hostile test." },
    maxRedirects: 0,
  });
  expect(sent.status(), "the enquiry is sent").toBe(303);
  const inbox = await staff.get(
    `/admin/enquiries?show=unread&_data=${encodeURIComponent("routes/admin.enquiries._index")}`,
  );
  const data = (await inbox.json()) as { rows: { id: number; email: string }[] };
  const id = data.rows.find((row) => row.email === email)?.id;
  expect(id, "the enquiry is in the inbox").toBeDefined();
  return String(id);
}

test.describe("back office content: hostile requests", () => {
  test("no session, or a customer's session, gets the log-in page and no data", async ({ shop }) => {
    const staff = await shop.staff();
    const blog = await draftPost(staff, `${BACK_OFFICE_POST} hostile draft`, "<p>Secret draft text.</p>");
    const enquiry = await enquiryId(shop, staff);
    const pages = [
      "/admin/blogs",
      "/admin/blogs?state=draft",
      "/admin/blogs/new",
      `/admin/blogs/${blog}`,
      "/admin/enquiries",
      "/admin/enquiries?show=unread",
      `/admin/enquiries/${enquiry}`,
      "/admin/newsletter",
      "/admin/newsletter?q=a",
      "/admin/newsletter.csv",
      `/admin/blogs/${blog}?_data=${encodeURIComponent("routes/admin.blogs.$id")}`,
      `/admin/newsletter.csv?_data=${encodeURIComponent("routes/admin.newsletter[.]csv")}`,
    ];
    const posts: [string, Record<string, string>][] = [
      ["/admin/blogs/new", { title: "x", category: "x", description: "<p>x</p>" }],
      [`/admin/blogs/${blog}`, { intent: "publish" }],
      [`/admin/enquiries/${enquiry}`, { intent: "reply", subject: "x", message: "x" }],
      [`/admin/enquiries/${enquiry}`, { intent: "unread" }],
      ["/admin/newsletter", { intent: "unsubscribe", id: "1" }],
    ];
    for (const who of ["visitor", "customer"] as const) {
      const context = who === "visitor" ? await shop.context() : await shop.customer();
      for (const path of pages) {
        const answer = await context.get(path, { maxRedirects: 0 });
        if (path.includes("_data=")) {
          // Remix's data requests answer a redirect as 204 with the target in a header.
          expect([204, 303], `${who} GET ${path}`).toContain(answer.status());
          expect(answer.headers()["x-remix-redirect"] ?? answer.headers().location).toMatch(
            /^\/admin\/login/,
          );
        } else expectLogIn(answer, `${who} GET ${path}`);
        expect(await answer.text(), `${who} GET ${path}`).not.toMatch(
          /Secret draft text|hostile\.|Hostile Test/,
        );
      }
      for (const [path, form] of posts)
        expectLogIn(await context.post(path, { form, maxRedirects: 0 }), `${who} POST ${path}`);
    }
    // Nothing of theirs changed the draft or opened the enquiry.
    const draft = await staff.get(
      `/admin/blogs/${blog}?_data=${encodeURIComponent("routes/admin.blogs.$id")}`,
    );
    expect(((await draft.json()) as { post: { published: string | null } }).post.published).toBeNull();
    const unread = await staff.get(
      `/admin/enquiries?show=unread&_data=${encodeURIComponent("routes/admin.enquiries._index")}`,
    );
    expect(((await unread.json()) as { rows: { id: number }[] }).rows.map((row) => String(row.id))).toContain(
      enquiry,
    );
  });

  test("bad ids get 404 and bad bodies a 4xx, never a 5xx", async ({ shop }) => {
    const staff = await shop.staff();
    const blog = await draftPost(staff, `${BACK_OFFICE_POST} hostile probes`, "<p>Probed.</p>");
    const enquiry = await enquiryId(shop, staff);
    const failures: string[] = [];
    const check = (what: string, answer: APIResponse, expected?: number[]) => {
      if (answer.status() >= 500) failures.push(`${answer.status()}: ${what}`);
      else if (expected && !expected.includes(answer.status()))
        failures.push(`${answer.status()} (expected ${expected.join(" or ")}): ${what}`);
    };

    for (const id of BAD_IDS) {
      // Each with a form its page knows: an unknown one is answered 400 before the id is looked up.
      for (const [section, intent] of [
        ["blogs", "publish"],
        ["enquiries", "unread"],
      ] as const) {
        const path = `/admin/${section}/${encodeURIComponent(id)}`;
        check(`GET ${path}`, await staff.get(path, { maxRedirects: 0 }), [404]);
        check(`POST ${path}`, await staff.post(path, { form: { intent }, maxRedirects: 0 }), [404]);
      }
      const unsubscribe = await staff.post("/admin/newsletter", {
        form: { intent: "unsubscribe", id },
        maxRedirects: 0,
      });
      check(`unsubscribe id=${JSON.stringify(id)}`, unsubscribe, [404]);
      const picture = `/admin/blogs/${encodeURIComponent(id)}/images`;
      const text = { name: "a.png", mimeType: "image/png", buffer: Buffer.from("not a picture") };
      check(
        `POST ${picture}`,
        await staff.post(picture, { multipart: { image: text }, maxRedirects: 0 }),
        [404],
      );
    }

    // A post's picture: a form that is not multipart, a text file called .png, a NUL or 1 MB in its description.
    const picture = `/admin/blogs/${blog}/images`;
    const fake = {
      name: "shell.php.png",
      mimeType: "image/png",
      buffer: Buffer.from("<?php system($_GET['c']); ?>"),
    };
    check(
      "picture as a plain form",
      await staff.post(picture, { form: { alt: "x" }, maxRedirects: 0 }),
      [415],
    );
    check(
      "a text file as a picture",
      await staff.post(picture, { multipart: { image: fake }, maxRedirects: 0 }),
      [415],
    );
    for (const alt of ["a\u0000b", "x".repeat(1_000_000)]) {
      const answer = await staff.post(picture, { multipart: { image: fake, alt }, maxRedirects: 0 });
      check(`a picture with alt of ${alt.length} characters`, answer, [400, 413]);
    }

    // The lists' filters in the URL: anything odd is dropped (a redirect to the clean URL), never a 5xx.
    const odd = [...BAD_IDS, "%00", "%ED%A0%80", "x".repeat(5_000), "unread%00"];
    for (const [path, names] of [
      ["/admin/blogs", ["state", "page"]],
      ["/admin/enquiries", ["show", "page"]],
      ["/admin/newsletter", ["q", "page"]],
    ] as const) {
      for (const name of names) {
        for (const value of odd) {
          const url = `${path}?${name}=${value}`;
          const answer = await staff.get(url, { maxRedirects: 0 });
          check(`GET ${url.slice(0, 80)}`, answer, [200, 302]);
        }
        check(
          `GET ${path} ${name} twice`,
          await staff.get(`${path}?${name}=1&${name}=2`, { maxRedirects: 0 }),
          [200, 302],
        );
      }
    }

    const forms: { path: string; valid: Record<string, string>; text: string[] }[] = [
      {
        path: "/admin/blogs/new",
        valid: { title: "Probe", category: "Camera", description: "<p>x</p>" },
        text: ["title", "category", "description"],
      },
      {
        path: `/admin/blogs/${blog}`,
        valid: {
          intent: "save",
          title: "Probe",
          category: "Camera",
          description: "<p>x</p>",
          version: "2026-01-01T00:00:00.000Z",
        },
        text: ["title", "category", "description", "version"],
      },
      {
        path: `/admin/enquiries/${enquiry}`,
        valid: { intent: "reply", subject: "Probe", message: "x" },
        text: ["subject", "message"],
      },
      { path: "/admin/newsletter", valid: { intent: "unsubscribe", id: "999999" }, text: ["id"] },
    ];
    for (const { path, valid, text } of forms) {
      const pairs = (changes: Record<string, string> = {}) => Object.entries({ ...valid, ...changes });
      const bodies: [string, { type: string; data: string | Buffer }][] = [
        ["text/plain", { type: "text/plain", data: formBody(pairs()) }],
        ["JSON", { type: "application/json", data: JSON.stringify(valid) }],
        ["multipart without boundary", { type: "multipart/form-data", data: formBody(pairs()) }],
        [
          "malformed multipart",
          {
            type: "multipart/form-data; boundary=k",
            data: '--k\r\nContent-Disposition: form-data; name="x"\r\n\r\nno end',
          },
        ],
        ["empty form", { type: FORM, data: "" }],
        ["1.1 MB field", { type: FORM, data: formBody(pairs({ [text[0] ?? "x"]: "x".repeat(1_100_000) })) }],
        [
          "5 000 fields",
          {
            type: FORM,
            data: formBody([
              ...pairs(),
              ...Array.from({ length: 5_000 }, (_, i): [string, string] => [`f${i}`, "1"]),
            ]),
          },
        ],
        ["bad UTF-8", { type: FORM, data: Buffer.from(`${formBody(pairs())}&${text[0]}=a%ED%A0%80b%FF`) }],
        [
          "unknown intent",
          {
            type: FORM,
            data: formBody([...pairs().filter(([n]) => n !== "intent"), ["intent", "drop-table"]]),
          },
        ],
        ["intent twice", { type: FORM, data: formBody([...pairs(), ["intent", "publish"]]) }],
      ];
      for (const field of text) {
        for (const value of CONTROL)
          bodies.push([
            `${field}: ${JSON.stringify(value.slice(0, 12))}`,
            { type: FORM, data: formBody(pairs({ [field]: value })) },
          ]);
        bodies.push([`${field} twice`, { type: FORM, data: formBody([...pairs(), [field, "again"]]) }]);
      }
      for (const [label, body] of bodies) {
        const answer = await send(staff, path, body);
        // Control characters and oversize text are refused with 400 (or 413 for the body), never stored.
        check(
          `POST ${path} [${label}]`,
          answer,
          label.startsWith("title:") || label.startsWith("description:") ? [400, 413] : undefined,
        );
      }
    }
    expect(failures, failures.join("\n")).toEqual([]);
  });

  test("a script in a blog post never reaches the shop's page", async ({ shop }) => {
    const staff = await shop.staff();
    const marker = randomBytes(4).toString("hex");
    const id = await draftPost(
      staff,
      `${BACK_OFFICE_POST} hostile ${marker}`,
      `<p>Safe text ${marker}.</p><script>alert("${marker}")</script><img src="x" onerror="alert(1)"><a href="javascript:alert(1)">click</a><iframe src="https://evil.example"></iframe><p style="position:fixed" onmouseover="alert(1)">hover</p><svg onload="alert(1)"></svg>`,
    );
    try {
      const published = await staff.post(`/admin/blogs/${id}`, {
        form: { intent: "publish" },
        maxRedirects: 0,
      });
      expect(published.status()).toBe(303);
      const page = await (await shop.context()).get(`/blog/${id}`);
      expect(page.status()).toBe(200);
      const html = await page.text();
      expect(html).toContain(`Safe text ${marker}.`);
      expect(html).not.toContain(`alert("${marker}")`);
      expect(html).not.toMatch(/onerror|onmouseover|onload=|javascript:alert|<iframe|position:fixed/);
    } finally {
      await staff.post(`/admin/blogs/${id}`, { form: { intent: "unpublish" }, maxRedirects: 0 });
    }
    expect((await (await shop.context()).get(`/blog/${id}`)).status()).toBe(404);
  });

  test("an address made to run as a spreadsheet formula is defused in the CSV", async ({ shop }) => {
    const staff = await shop.staff();
    const word = randomBytes(4).toString("hex");
    const hostile = [`-2+3+cmd${word}@evil.example`, `+1+1${word}@evil.example`];
    for (const email of hostile) {
      const visitor = await shop.context();
      const answer = await visitor.post("/newsletter", { form: { email, redirectTo: "/" }, maxRedirects: 0 });
      expect(answer.status(), `subscribe ${email}`).toBe(303);
    }
    const csv = await (await staff.get("/admin/newsletter.csv")).text();
    const lines = csv.replace(/^\uFEFF/, "").split("\r\n");
    for (const email of hostile) expect(lines.some((line) => line.startsWith(`'${email},`))).toBe(true);
    expect(lines.filter((line) => /^[=+\-@\t\r]/.test(line))).toEqual([]);
  });

  test("a form posted from another site is refused and changes nothing", async ({ shop }) => {
    const staff = await shop.staff();
    const email = `cross.${randomBytes(4).toString("hex")}@kaveri.test`;
    const visitor = await shop.context();
    await visitor.post("/newsletter", { form: { email, redirectTo: "/" }, maxRedirects: 0 });
    const list = await staff.get(
      `/admin/newsletter?q=${email}&_data=${encodeURIComponent("routes/admin.newsletter")}`,
    );
    const [subscriber] = ((await list.json()) as { rows: { id: number }[] }).rows;
    expect(subscriber).toBeDefined();
    const blog = await draftPost(staff, `${BACK_OFFICE_POST} cross-site ${email}`, "<p>Cross-site.</p>");
    const enquiry = await enquiryId(shop, staff);

    const forged: [string, Record<string, string>][] = [
      ["/admin/newsletter", { intent: "unsubscribe", id: String(subscriber?.id) }],
      ["/admin/blogs/new", { title: `${BACK_OFFICE_POST} forged`, category: "x", description: "<p>x</p>" }],
      [`/admin/blogs/${blog}`, { intent: "publish" }],
      [`/admin/enquiries/${enquiry}`, { intent: "reply", subject: "Forged", message: "Forged reply" }],
    ];
    for (const [path, form] of forged) {
      const crossSite: Record<string, string>[] = [
        { Origin: "https://evil.example" },
        { Origin: "null" },
        { Origin: "", "Sec-Fetch-Site": "cross-site" },
      ];
      for (const headers of crossSite) {
        const answer = await send(
          staff,
          path,
          { type: FORM, data: new URLSearchParams(form).toString() },
          headers,
        );
        expect(answer.status(), `${path} from ${JSON.stringify(headers)}`).toBe(403);
      }
    }
    const after = await staff.get(
      `/admin/newsletter?q=${email}&_data=${encodeURIComponent("routes/admin.newsletter")}`,
    );
    expect(
      ((await after.json()) as { rows: { unsubscribedAt: string | null }[] }).rows[0]?.unsubscribedAt,
    ).toBeNull();
    const draft = await staff.get(
      `/admin/blogs/${blog}?_data=${encodeURIComponent("routes/admin.blogs.$id")}`,
    );
    expect(((await draft.json()) as { post: { published: string | null } }).post.published).toBeNull();
    const opened = await staff.get(
      `/admin/enquiries/${enquiry}?_data=${encodeURIComponent("routes/admin.enquiries.$id")}`,
    );
    expect(((await opened.json()) as { replies: unknown[] }).replies).toEqual([]);
  });
});
