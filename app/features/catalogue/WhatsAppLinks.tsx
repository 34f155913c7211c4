import type { MouseEvent } from "react";

/**
 * "Share on WhatsApp" and "Ask about this on WhatsApp": plain wa.me links, so both work without JavaScript.
 * With JavaScript on a phone (a coarse pointer) whose browser has the Web Share API, sharing opens the
 * browser's own share sheet instead; if that is refused for any reason but the shopper's cancelling, the
 * link's WhatsApp page opens as it would have without JavaScript.
 */
export function WhatsAppLinks({
  shareUrl,
  askUrl,
  title,
  text,
  url,
}: {
  /** The wa.me link with the share text. */
  shareUrl: string;
  /** The wa.me link to the dealer; absent when the shop has no usable WhatsApp number. */
  askUrl: string | undefined;
  title: string;
  /** The share text before the link (title and price), for the share sheet. */
  text: string;
  /** The product's canonical URL. */
  url: string;
}) {
  function share(event: MouseEvent<HTMLAnchorElement>) {
    if (typeof navigator.share !== "function" || !window.matchMedia("(pointer: coarse)").matches) return;
    const data = { title, text, url };
    if (typeof navigator.canShare === "function" && !navigator.canShare(data)) return;
    event.preventDefault();
    navigator.share(data).catch((error: unknown) => {
      if (error instanceof DOMException && error.name === "AbortError") return;
      window.open(shareUrl, "_blank", "noopener");
    });
  }

  return (
    <ul className="whatsapp-links" aria-label="WhatsApp">
      <li>
        <a href={shareUrl} target="_blank" rel="noopener" className="whatsapp-link" onClick={share}>
          Share on WhatsApp
        </a>
      </li>
      {askUrl ? (
        <li>
          <a href={askUrl} target="_blank" rel="noopener" className="whatsapp-link">
            Ask about this on WhatsApp
          </a>
        </li>
      ) : null}
    </ul>
  );
}
