import { describe, expect, it } from "vitest";
import { plainText, sanitizeDescription } from "./sanitize.server";

describe("sanitizeDescription", () => {
  it("keeps the markup a description needs", () => {
    const html = "<p>Fast <strong>SSD</strong></p><ul><li>16 GB RAM</li></ul>";
    expect(sanitizeDescription(html)).toBe(html);
  });
  it("drops scripts, event handlers and javascript: links", () => {
    const dirty = `<p onclick="steal()">Hi<script>alert(1)</script></p><a href="javascript:alert(1)">x</a><img src=x onerror=alert(1)>`;
    const clean = sanitizeDescription(dirty);
    expect(clean).not.toMatch(/script|onclick|onerror|javascript:/i);
    expect(clean).toContain("<p>Hi</p>");
  });
  it("marks every link noopener, noreferrer and nofollow, whatever rel the writer gave", () => {
    expect(sanitizeDescription('<a href="https://example.in" rel="opener">spec</a>')).toBe(
      '<a href="https://example.in" rel="noopener noreferrer nofollow">spec</a>',
    );
  });
  it("gives plain text for meta descriptions", () => {
    expect(plainText("<p>Fast <strong>SSD</strong></p>\n<p>Warranty</p>")).toBe("Fast SSD Warranty");
  });
  it("gives the characters an entity stands for, once (React escapes them again)", () => {
    expect(plainText("<p>Tom &amp; Jerry <b>5 &gt; 3</b> &quot;A&quot; &#8377;</p>")).toBe(
      'Tom & Jerry 5 > 3 "A" ₹',
    );
    expect(plainText("<p>Type &amp;lt;br&amp;gt; &lt;script&gt;</p>")).toBe("Type &lt;br&gt; <script>");
  });
});
