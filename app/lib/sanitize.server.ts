import sanitizeHtml from "sanitize-html";

/** The markup product and blog descriptions may use; everything else (scripts, styles, handlers) is dropped. */
const options: sanitizeHtml.IOptions = {
  allowedTags: [
    "p",
    "br",
    "strong",
    "b",
    "em",
    "i",
    "u",
    "ul",
    "ol",
    "li",
    "h2",
    "h3",
    "h4",
    "blockquote",
    "a",
    "table",
    "thead",
    "tbody",
    "tr",
    "th",
    "td",
    "img",
  ],
  // rel is set by the transform below on every link (the writer's own rel is replaced).
  allowedAttributes: { a: ["href", "title", "rel"], img: ["src", "alt", "width", "height"] },
  allowedSchemes: ["https", "http", "mailto", "tel"],
  allowedSchemesByTag: { img: ["https"] },
  allowProtocolRelative: false,
  transformTags: {
    a: sanitizeHtml.simpleTransform("a", { rel: "noopener noreferrer nofollow" }),
    h1: "h2",
  },
};

export function sanitizeDescription(html: string): string {
  return sanitizeHtml(html, options);
}

/**
 * Plain text of an HTML description, for meta descriptions and cards: the characters themselves ("Tom & Jerry"),
 * as React escapes what it renders. sanitize-html escapes exactly these three in the text it writes; "&amp;"
 * goes last, so a description that spells out "&lt;" keeps it.
 */
export function plainText(html: string): string {
  return sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} })
    .replaceAll("&lt;", "<")
    .replaceAll("&gt;", ">")
    .replaceAll("&amp;", "&")
    .replace(/\s+/g, " ")
    .trim();
}
