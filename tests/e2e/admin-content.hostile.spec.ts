import { randomBytes } from "node:crypto";
import type { APIRequestContext, APIResponse } from "@playwright/test";
import { pngPicture } from "./support/admin";
import {
  dataOf,
  expectCrossSiteRefused,
  expectDataLogIn,
  expectLogIn,
  mailsTo,
  textOf,
} from "./support/back-office-probes";
import { expect, type Shop, test } from "./support/back-office-requests";
import { BACK_OFFICE_POST } from "./support/content";
import { REPEATED } from "./support/hostile";
import { dataUrl, routeData } from "./support/single-fetch";

/*
 * Hostile requests at the back office's content pages (the `hostile` project: plain requests, no browser):
 * no session and a customer's session get the log-in page and no data; bad ids get 404; bad bodies, control
 * characters, unknown intents and oversize fields get their exact 4xx and the shop's message; a script in a
 * blog post never reaches the shop's page; an address built to run as a spreadsheet formula is defused in the
 * CSV; a form posted from another site is refused. After the probes nothing of theirs is written (no post, no
 * picture, no reply, no mail, nobody unsubscribed), read back through the back office by a word of the test's
 * own, while the owner's own requests on the same routes succeed and are seen, so a route refusing everything
 * fails too.
 */

const FORM = "application/x-www-form-urlencoded";
const BAD_IDS = ["0", "-1", "2147483648", "99999999999999999999", "1e3", "abc", "999999"];
const CONTROL = ["before\u0000after", "a\u0001\u0007\u001b\u007f\u0080\u009fz", "x".repeat(25_000)];

const NOT_ACCEPTED = "This kind of request is not accepted here. Please use the form on the page.";
const UNREADABLE = "The form could not be read. Please use the form on the page.";
const TOO_MANY_FIELDS = "The form has too many fields (at most 100).";
const UNTYPABLE = "Please remove the invisible or unsupported characters from this field";
const UNKNOWN_FORM = "That request could not be handled.";
const POST_NOT_FOUND = "That blog post could not be found";
const ENQUIRY_NOT_FOUND = "That enquiry could not be found";
const SUBSCRIBER_NOT_FOUND = "That subscriber could not be found";
const STALE_POST = "Someone else changed this post after you opened it.";

const BLOG = "routes/admin/blogs.$id";
const ENQUIRY = "routes/admin/enquiries.$id";
const NEWSLETTER = "routes/admin/newsletter";

type Post = {
  id: number;
  title: string;
  category: string;
  description: string;
  images: unknown[];
  published: string | null;
  updatedAt: string;
};

const word = () => randomBytes(4).toString("hex");

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

/** The owner's request went through: 303 to `location`. */
function expectDone(answer: APIResponse, location: string | RegExp, what: string) {
  expect(answer.status(), what).toBe(303);
  if (typeof location === "string") expect(answer.headers().location, what).toBe(location);
  else expect(answer.headers().location, what).toMatch(location);
}

/** The id in a new draft's address (/admin/blogs/<id>). */
function draftIdIn(answer: APIResponse): number {
  return Number(/^\/admin\/blogs\/(\d+)$/.exec(answer.headers().location ?? "")?.[1]);
}

/** A new draft post written by the owner; its id. */
async function draftPost(staff: APIRequestContext, title: string, description: string): Promise<number> {
  const answer = await staff.post("/admin/blogs/new", {
    form: { title, category: "Camera", description },
    maxRedirects: 0,
  });
  expectDone(answer, /^\/admin\/blogs\/\d+$/, "the draft is saved");
  return draftIdIn(answer);
}

/** A post as its back-office page has it. */
async function postData(staff: APIRequestContext, id: number): Promise<Post> {
  return (await dataOf<{ post: Post }>(staff, `/admin/blogs/${id}`, BLOG)).post;
}

/**
 * The posts written after post `after` up to `upTo` (both the test's own) that hold `marker` in their title,
 * category or text: posts of parallel tests in between are passed over, and a probe's post, whichever field
 * it changed, keeps the marker in another.
 */
async function postsWith(staff: APIRequestContext, marker: string, after: number, upTo: number) {
  const found: number[] = [];
  for (let id = after + 1; id <= upTo; id += 1) {
    const answer = await staff.get(dataUrl(`/admin/blogs/${id}`, BLOG));
    if (answer.status() === 404) continue;
    expect(answer.status(), `post ${id}`).toBe(200);
    const { post } = await routeData<{ post: Post }>(answer, BLOG);
    if ([post.title, post.category, post.description].some((text) => text.includes(marker))) found.push(id);
  }
  return found;
}

/** An enquiry sent through the Contact form: its id, read from the inbox's data, and its sender's address. */
async function newEnquiry(shop: Shop, staff: APIRequestContext): Promise<{ id: number; email: string }> {
  const email = `hostile.${word()}@kaveri.test`;
  const visitor = await shop.context();
  const sent = await visitor.post("/contact", {
    form: { name: "Hostile Test", email, mobile: "9845012345", comment: "A question for the hostile test." },
    maxRedirects: 0,
  });
  expect(sent.status(), "the enquiry is sent").toBe(303);
  const id = (await unreadEnquiries(staff)).find((row) => row.email === email)?.id;
  expect(id, "the enquiry is in the inbox").toBeDefined();
  return { id: id ?? 0, email };
}

/** The inbox's unread enquiries (its first page: the newest). */
async function unreadEnquiries(staff: APIRequestContext): Promise<{ id: number; email: string }[]> {
  return (
    await dataOf<{ rows: { id: number; email: string }[] }>(
      staff,
      "/admin/enquiries?show=unread",
      "routes/admin/enquiries._index",
    )
  ).rows;
}

/** The texts of the replies recorded on an enquiry (opening it, as its page does). */
async function repliesTo(staff: APIRequestContext, id: number): Promise<string[]> {
  const { replies } = await dataOf<{ replies: { body: string }[] }>(staff, `/admin/enquiries/${id}`, ENQUIRY);
  return replies.map((reply) => reply.body);
}

/** A visitor's newsletter sign-up: its row in the back office's list. */
async function newSubscriber(shop: Shop, staff: APIRequestContext): Promise<{ id: number; email: string }> {
  const email = `letters.${word()}@kaveri.test`;
  const visitor = await shop.context();
  const answer = await visitor.post("/newsletter", { form: { email, redirectTo: "/" }, maxRedirects: 0 });
  expect(answer.status(), "the visitor subscribes").toBe(303);
  const row = await subscriberRow(staff, email);
  return { id: row.id, email };
}

async function subscriberRow(staff: APIRequestContext, email: string) {
  const { rows } = await dataOf<{ rows: { id: number; email: string; unsubscribedAt: string | null }[] }>(
    staff,
    `/admin/newsletter?${new URLSearchParams({ q: email })}`,
    NEWSLETTER,
  );
  const [row, ...more] = rows.filter((r) => r.email === email);
  expect(row, `${email} is listed`).toBeDefined();
  expect(more).toEqual([]);
  return row ?? { id: 0, email, unsubscribedAt: null };
}

/** The reply mails `email` has had, by subject: after the control's arrives, any a probe sent is there too. */
async function expectReplyMails(email: string, subjects: string[]) {
  await expect
    .poll(async () => (await mailsTo(email)).map((mail) => mail.subject), { timeout: 10_000 })
    .toEqual(subjects);
}

/** What the server says of a body it will not read, whatever the form: its status and message. */
function bodyExpected(label: string): [number, string] | undefined {
  switch (label) {
    case "text/plain":
    case "JSON":
      return [415, NOT_ACCEPTED];
    case "multipart without boundary":
      return [415, UNREADABLE];
    case "malformed multipart":
      return [400, UNREADABLE];
    case "1.1 MB field":
      return [413, "The form is too large (at most 256 KB)."];
    case "5 000 fields":
      return [413, TOO_MANY_FIELDS];
    default:
      return undefined;
  }
}

/** A blog post's form with one field wrong: the field's message. */
function postFieldExpected(label: string, field?: string): [number, string] {
  const body = bodyExpected(label);
  if (body) return body;
  const max = { title: 150, category: 40, description: 20000 }[field ?? "title"];
  if (label.includes("xxx")) return [400, `must be ${max} characters or fewer`];
  return [400, UNTYPABLE];
}

test.describe("back office content: hostile requests", () => {
  test("no session, or a customer's session, gets the log-in page, no data, and changes nothing", async ({
    shop,
  }) => {
    const staff = await shop.staff();
    const marker = word();
    const blog = await draftPost(
      staff,
      `${BACK_OFFICE_POST} hostile draft ${marker}`,
      "<p>Secret draft text.</p>",
    );
    const enquiry = await newEnquiry(shop, staff);
    const subscriber = await newSubscriber(shop, staff);
    const pages: [path: string, routeId?: string][] = [
      ["/admin/blogs"],
      ["/admin/blogs?state=draft"],
      ["/admin/blogs/new"],
      [`/admin/blogs/${blog}`],
      ["/admin/enquiries"],
      ["/admin/enquiries?show=unread"],
      [`/admin/enquiries/${enquiry.id}`],
      ["/admin/newsletter"],
      [`/admin/newsletter?q=${encodeURIComponent(subscriber.email)}`],
      ["/admin/newsletter.csv"],
      [`/admin/blogs/${blog}`, BLOG],
      ["/admin/newsletter.csv", "routes/admin/newsletter[.]csv"],
    ];
    const reply = { intent: "reply", subject: `Reply ${marker}`, message: "Our reply." };
    const newPost = {
      title: `${BACK_OFFICE_POST} hostile new ${marker}`,
      category: "Camera",
      description: "<p>x</p>",
    };
    const posts: [string, Record<string, string>][] = [
      ["/admin/blogs/new", newPost],
      [`/admin/blogs/${blog}`, { intent: "publish" }],
      [`/admin/enquiries/${enquiry.id}`, reply],
      [`/admin/enquiries/${enquiry.id}`, { intent: "unread" }],
      ["/admin/newsletter", { intent: "unsubscribe", id: String(subscriber.id) }],
    ];
    for (const who of ["visitor", "customer"] as const) {
      const context = who === "visitor" ? await shop.context() : await shop.customer();
      for (const [path, routeId] of pages) {
        if (routeId) {
          const answer = await context.get(dataUrl(path, routeId), { maxRedirects: 0 });
          await expectDataLogIn(answer, path, `${who}: data of ${path}`);
        } else {
          const answer = await context.get(path, { maxRedirects: 0 });
          expectLogIn(answer, path, `${who} GET ${path}`);
          expect(await answer.text(), `${who} GET ${path}`).not.toMatch(
            /Secret draft text|hostile\.|Hostile Test|letters\./,
          );
        }
      }
      for (const [path, form] of posts)
        expectLogIn(
          await context.post(path, { form, maxRedirects: 0 }),
          path,
          `${who} POST ${path} ${form.intent}`,
        );
    }
    // Nothing of theirs was written: the draft unpublished, the enquiry unread and unanswered, the address
    // subscribed.
    expect((await postData(staff, blog)).published).toBeNull();
    expect((await unreadEnquiries(staff)).map((row) => row.id)).toContain(enquiry.id);
    expect((await subscriberRow(staff, subscriber.email)).unsubscribedAt).toBeNull();

    // The owner's own requests: every page and its data, then the same forms, which go through and are seen.
    for (const [path, routeId] of pages) {
      const url = routeId ? dataUrl(path, routeId) : path;
      const answer = await staff.get(url, { maxRedirects: 0 });
      expect(answer.status(), `owner GET ${url}`).toBe(200);
      if (path === `/admin/blogs/${blog}`) expect(await answer.text()).toContain("Secret draft text");
      if (path.startsWith("/admin/newsletter")) expect(await answer.text()).toContain(subscriber.email);
    }
    expect(await repliesTo(staff, enquiry.id)).toEqual([]);
    const created = await staff.post("/admin/blogs/new", { form: newPost, maxRedirects: 0 });
    expectDone(created, /^\/admin\/blogs\/\d+$/, "the owner's new post");
    // Only the owner's post holds the marker: none was written by the refused posts before it.
    expect(await postsWith(staff, marker, blog, draftIdIn(created))).toEqual([draftIdIn(created)]);
    const published = await staff.post(`/admin/blogs/${blog}`, {
      form: { intent: "publish" },
      maxRedirects: 0,
    });
    expectDone(published, `/admin/blogs/${blog}`, "the owner publishes");
    expect((await postData(staff, blog)).published).not.toBeNull();
    const unpublished = await staff.post(`/admin/blogs/${blog}`, {
      form: { intent: "unpublish" },
      maxRedirects: 0,
    });
    expectDone(unpublished, `/admin/blogs/${blog}`, "the owner unpublishes");
    expectDone(
      await staff.post(`/admin/enquiries/${enquiry.id}`, { form: reply, maxRedirects: 0 }),
      `/admin/enquiries/${enquiry.id}`,
      "the owner replies",
    );
    expect(await repliesTo(staff, enquiry.id)).toEqual([reply.message]);
    // The reply's mail is the only one its sender has had.
    await expectReplyMails(enquiry.email, [reply.subject]);
    expectDone(
      await staff.post(`/admin/enquiries/${enquiry.id}`, { form: { intent: "unread" }, maxRedirects: 0 }),
      "/admin/enquiries",
      "the owner marks it unread",
    );
    expect((await unreadEnquiries(staff)).map((row) => row.id)).toContain(enquiry.id);
    expectDone(
      await staff.post("/admin/newsletter", {
        form: { intent: "unsubscribe", id: String(subscriber.id) },
        maxRedirects: 0,
      }),
      "/admin/newsletter",
      "the owner unsubscribes the address",
    );
    expect((await subscriberRow(staff, subscriber.email)).unsubscribedAt).not.toBeNull();
  });

  test("bad ids get 404, bad bodies their exact 4xx and message, and a refused probe writes nothing", async ({
    shop,
  }) => {
    test.slow();
    const staff = await shop.staff();
    const marker = word();
    const blog = await draftPost(staff, `${BACK_OFFICE_POST} hostile probes ${marker}`, "<p>Probed.</p>");
    const enquiry = await newEnquiry(shop, staff);
    const subscriber = await newSubscriber(shop, staff);
    const failures: string[] = [];
    /** Each probe's exact status, and the shop's message where it says why. */
    const check = async (what: string, answer: APIResponse, status: number, message?: string) => {
      if (answer.status() !== status) failures.push(`${answer.status()} (expected ${status}): ${what}`);
      else if (message && !(await textOf(answer)).includes(message))
        failures.push(`${status} without "${message}": ${what}`);
    };

    for (const id of BAD_IDS) {
      // Each with a form its page knows: an unknown one is answered 400 before the id is looked up.
      for (const [section, intent, message] of [
        ["blogs", "publish", POST_NOT_FOUND],
        ["enquiries", "unread", ENQUIRY_NOT_FOUND],
      ] as const) {
        const path = `/admin/${section}/${encodeURIComponent(id)}`;
        await check(`GET ${path}`, await staff.get(path, { maxRedirects: 0 }), 404, message);
        await check(
          `POST ${path}`,
          await staff.post(path, { form: { intent }, maxRedirects: 0 }),
          404,
          message,
        );
      }
      const unsubscribe = await staff.post("/admin/newsletter", {
        form: { intent: "unsubscribe", id },
        maxRedirects: 0,
      });
      await check(`unsubscribe id=${JSON.stringify(id)}`, unsubscribe, 404, SUBSCRIBER_NOT_FOUND);
      const picture = `/admin/blogs/${encodeURIComponent(id)}/images`;
      const text = { name: "a.png", mimeType: "image/png", buffer: Buffer.from("not a picture") };
      await check(
        `POST ${picture}`,
        await staff.post(picture, { multipart: { image: text }, maxRedirects: 0 }),
        404,
        POST_NOT_FOUND,
      );
    }

    // A post's picture: a form that is not multipart, a text file called .png, a NUL or 1 MB in its description.
    const picture = `/admin/blogs/${blog}/images`;
    const fake = {
      name: "shell.php.png",
      mimeType: "image/png",
      buffer: Buffer.from("<?php system($_GET['c']); ?>"),
    };
    await check(
      "picture as a plain form",
      await staff.post(picture, { form: { alt: "x" }, maxRedirects: 0 }),
      415,
      NOT_ACCEPTED,
    );
    await check(
      "a text file as a picture",
      await staff.post(picture, { multipart: { image: fake }, maxRedirects: 0 }),
      415,
      "The picture must be a JPEG, PNG or WebP image",
    );
    for (const [alt, message] of [
      ["a\u0000b", UNTYPABLE],
      ["x".repeat(1_000_000), "must be 200 characters or fewer"],
    ] as const) {
      const answer = await staff.post(picture, { multipart: { image: fake, alt }, maxRedirects: 0 });
      await check(`a picture with alt of ${alt.length} characters`, answer, 400, message);
    }

    // The lists' filters in the URL: anything odd is dropped, with a redirect to the address of what is left.
    const odd = [...BAD_IDS, "%00", "%ED%A0%80", "x".repeat(5_000), "unread%00"];
    /** Where the newsletter's search goes: a search as typed stays (200), the rest is tidied. */
    const newsletterSearch: Record<string, string | null> = {
      "%00": "/admin/newsletter",
      [`${"x".repeat(5_000)}`]: `/admin/newsletter?q=${"x".repeat(100)}`,
      "unread%00": "/admin/newsletter?q=unread",
    };
    for (const [path, names] of [
      ["/admin/blogs", ["state", "page"]],
      ["/admin/enquiries", ["show", "page"]],
      ["/admin/newsletter", ["q", "page"]],
    ] as const) {
      for (const name of names) {
        const search = path === "/admin/newsletter" && name === "q";
        for (const value of odd) {
          const url = `${path}?${name}=${value}`;
          const location = search ? (newsletterSearch[value] ?? null) : path;
          const answer = await staff.get(url, { maxRedirects: 0 });
          await check(`GET ${url.slice(0, 80)}`, answer, location ? 302 : 200);
          if (location && answer.headers().location !== location)
            failures.push(`GET ${url.slice(0, 80)} went to ${answer.headers().location}, not ${location}`);
        }
        const twice = await staff.get(`${path}?${name}=1&${name}=2`, { maxRedirects: 0 });
        await check(`GET ${path} ${name} twice`, twice, 302);
        const first = search ? `${path}?${name}=1` : path;
        if (twice.headers().location !== first)
          failures.push(`GET ${path} ${name} twice went to ${twice.headers().location}, not ${first}`);
      }
    }

    // Forms with their good values (the post's own version, a real enquiry and subscriber), each sent with one
    // thing wrong. The good form itself is sent last, by the owner, and goes through.
    const original = await postData(staff, blog);
    type Expected = [status: number, message?: string];
    const forms: {
      path: string;
      valid: Record<string, string>;
      text: string[];
      expected: (label: string, field?: string) => Expected;
    }[] = [
      {
        path: "/admin/blogs/new",
        valid: {
          title: `${BACK_OFFICE_POST} probe ${marker}`,
          category: `Probe ${marker}`,
          description: `<p>Probe ${marker}</p>`,
        },
        text: ["title", "category", "description"],
        expected: (label, field) => {
          // The new-post form has no intents: one more field is left out, and the draft saved.
          if (label === "unknown intent") return [303];
          if (label === "empty form") return [400, "Title is Required"];
          return postFieldExpected(label, field);
        },
      },
      {
        path: `/admin/blogs/${blog}`,
        valid: {
          intent: "save",
          title: `${BACK_OFFICE_POST} probes ${marker} saved`,
          category: `Probe ${marker}`,
          description: `<p>Saved ${marker}</p>`,
          version: original.updatedAt,
        },
        text: ["title", "category", "description", "version"],
        expected: (label, field) => {
          if (["empty form", "unknown intent"].includes(label)) return [400, UNKNOWN_FORM];
          if (field === "version") return [409, STALE_POST];
          return postFieldExpected(label, field);
        },
      },
      {
        path: `/admin/enquiries/${enquiry.id}`,
        valid: { intent: "reply", subject: `Probe ${marker}`, message: `Probe reply ${marker}` },
        text: ["subject", "message"],
        expected: (label, field) => {
          if (["empty form", "unknown intent"].includes(label)) return [400, UNKNOWN_FORM];
          if (label === "1.1 MB field") return [413, "The form is too large (at most 64 KB)."];
          if (label.includes("xxx"))
            return [400, `must be ${field === "subject" ? 150 : 5000} characters or fewer`];
          return bodyExpected(label) ?? [400, UNTYPABLE];
        },
      },
      {
        path: "/admin/newsletter",
        valid: { intent: "unsubscribe", id: String(subscriber.id) },
        text: ["id"],
        expected: (label) => {
          if (["empty form", "unknown intent"].includes(label)) return [400, UNKNOWN_FORM];
          if (label === "1.1 MB field") return [413, "The form is too large (at most 64 KB)."];
          return bodyExpected(label) ?? [404, SUBSCRIBER_NOT_FOUND];
        },
      },
    ];
    const accepted: number[] = [];
    for (const { path, valid, text, expected } of forms) {
      const pairs = (changes: Record<string, string> = {}) => Object.entries({ ...valid, ...changes });
      const bodies: [string, { type: string; data: string | Buffer }, string?][] = [
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
        // Bytes that are not UTF-8, as a second value of the first field: refused whole as a repeat, unread.
        [
          `${text[0]} twice, the second in bad UTF-8`,
          { type: FORM, data: Buffer.from(`${formBody(pairs())}&${text[0]}=a%ED%A0%80b%FF`) },
        ],
        [
          "unknown intent",
          {
            type: FORM,
            data: formBody([...pairs().filter(([n]) => n !== "intent"), ["intent", "drop-table"]]),
          },
        ],
      ];
      // Where the form has an intent, a second one.
      if ("intent" in valid)
        bodies.push(["intent twice", { type: FORM, data: formBody([...pairs(), ["intent", "publish"]]) }]);
      for (const field of text) {
        for (const value of CONTROL)
          bodies.push([
            `${field}: ${JSON.stringify(value.slice(0, 12))}`,
            { type: FORM, data: formBody(pairs({ [field]: value })) },
            field,
          ]);
        bodies.push([
          `${field} twice`,
          { type: FORM, data: formBody([...pairs(), [field, "again"]]) },
          field,
        ]);
      }
      for (const [label, body, field] of bodies) {
        const answer = await send(staff, path, body);
        // A field sent twice is refused whole, whichever form it is (readForm).
        const repeated = / twice(?:,|$)/.test(label) ? label.slice(0, label.indexOf(" twice")) : undefined;
        const [status, message] = repeated ? [400, REPEATED(repeated).text ?? ""] : expected(label, field);
        await check(`POST ${path} [${label}]`, answer, status, message);
        if (status === 303 && answer.status() === 303) accepted.push(draftIdIn(answer));
      }
    }
    // Nothing refused was written: the post as it was, without a picture; no reply and no mail; the address
    // still subscribed.
    expect(await postData(staff, blog)).toEqual(original);
    expect(original.images).toEqual([]);
    expect(await repliesTo(staff, enquiry.id)).toEqual([]);
    expect((await subscriberRow(staff, subscriber.email)).unsubscribedAt).toBeNull();
    expect(failures, failures.join("\n")).toEqual([]);

    // The owner's good forms on the same routes go through, and are seen.
    const [newForm, saveForm, replyForm, unsubscribeForm] = forms.map((form) => form.valid);
    const created = await staff.post("/admin/blogs/new", { form: newForm ?? {}, maxRedirects: 0 });
    expectDone(created, /^\/admin\/blogs\/\d+$/, "the owner's new post");
    // The posts with the marker are the owner's and the two the new-post form took with an intent, no other.
    expect(await postsWith(staff, marker, blog, draftIdIn(created))).toEqual([
      ...accepted,
      draftIdIn(created),
    ]);
    expectDone(
      await staff.post(`/admin/blogs/${blog}`, { form: saveForm ?? {}, maxRedirects: 0 }),
      `/admin/blogs/${blog}`,
      "the owner saves the post",
    );
    expect((await postData(staff, blog)).title).toBe(saveForm?.title);
    expectDone(
      await staff.post(picture, {
        multipart: { image: { name: "front.png", mimeType: "image/png", buffer: await pngPicture() } },
        maxRedirects: 0,
      }),
      `/admin/blogs/${blog}`,
      "the owner's picture",
    );
    expect((await postData(staff, blog)).images).toHaveLength(1);
    expectDone(
      await staff.post(`/admin/enquiries/${enquiry.id}`, { form: replyForm ?? {}, maxRedirects: 0 }),
      `/admin/enquiries/${enquiry.id}`,
      "the owner replies",
    );
    expect(await repliesTo(staff, enquiry.id)).toEqual([replyForm?.message]);
    await expectReplyMails(enquiry.email, [replyForm?.subject ?? ""]);
    expectDone(
      await staff.post("/admin/newsletter", { form: unsubscribeForm ?? {}, maxRedirects: 0 }),
      "/admin/newsletter",
      "the owner unsubscribes the address",
    );
    expect((await subscriberRow(staff, subscriber.email)).unsubscribedAt).not.toBeNull();
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
    const marker = word();
    const hostile = [`-2+3+cmd${marker}@evil.example`, `+1+1${marker}@evil.example`];
    for (const email of hostile) {
      const visitor = await shop.context();
      const answer = await visitor.post("/newsletter", { form: { email, redirectTo: "/" }, maxRedirects: 0 });
      expect(answer.status(), `subscribe ${email}`).toBe(303);
    }
    const csv = await (await staff.get("/admin/newsletter.csv")).text();
    // This test's own lines: each address behind a quote, which a spreadsheet reads as text.
    const lines = csv
      .replace(/^\uFEFF/, "")
      .split("\r\n")
      .filter((line) => line.includes(marker));
    expect(lines.map((line) => line.split(",")[0]).sort()).toEqual(
      hostile.map((email) => `'${email}`).sort(),
    );
  });

  test("a form posted from another site is refused and changes nothing", async ({ shop }) => {
    const staff = await shop.staff();
    const marker = word();
    const subscriber = await newSubscriber(shop, staff);
    const blog = await draftPost(staff, `${BACK_OFFICE_POST} cross-site ${marker}`, "<p>Cross-site.</p>");
    const enquiry = await newEnquiry(shop, staff);
    const reply = { intent: "reply", subject: `Forged ${marker}`, message: "Forged reply" };
    const newPost = { title: `${BACK_OFFICE_POST} forged ${marker}`, category: "x", description: "<p>x</p>" };

    const forged: [string, Record<string, string>][] = [
      ["/admin/newsletter", { intent: "unsubscribe", id: String(subscriber.id) }],
      ["/admin/blogs/new", newPost],
      [`/admin/blogs/${blog}`, { intent: "publish" }],
      [`/admin/enquiries/${enquiry.id}`, reply],
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
        await expectCrossSiteRefused(answer, `${path} from ${JSON.stringify(headers)}`);
      }
    }
    // Nothing was written: the address subscribed, the draft unpublished, no reply.
    expect((await subscriberRow(staff, subscriber.email)).unsubscribedAt).toBeNull();
    expect((await postData(staff, blog)).published).toBeNull();
    expect(await repliesTo(staff, enquiry.id)).toEqual([]);

    // The same forms from the shop's own pages go through, and are seen.
    const created = await send(staff, "/admin/blogs/new", {
      type: FORM,
      data: new URLSearchParams(newPost).toString(),
    });
    expectDone(created, /^\/admin\/blogs\/\d+$/, "the owner's post");
    // The owner's is the only post with the marker: no forged one was saved before it.
    expect(await postsWith(staff, marker, blog, draftIdIn(created))).toEqual([draftIdIn(created)]);
    for (const [path, form] of forged.filter(([path]) => path !== "/admin/blogs/new")) {
      const answer = await send(staff, path, { type: FORM, data: new URLSearchParams(form).toString() });
      expect(answer.status(), `the owner's ${path}`).toBe(303);
    }
    expect((await subscriberRow(staff, subscriber.email)).unsubscribedAt).not.toBeNull();
    expect((await postData(staff, blog)).published).not.toBeNull();
    expectDone(
      await staff.post(`/admin/blogs/${blog}`, { form: { intent: "unpublish" }, maxRedirects: 0 }),
      `/admin/blogs/${blog}`,
      "the owner unpublishes",
    );
    expect(await repliesTo(staff, enquiry.id)).toEqual([reply.message]);
    // The owner's reply is the only mail its sender has had.
    await expectReplyMails(enquiry.email, [reply.subject]);
  });
});
