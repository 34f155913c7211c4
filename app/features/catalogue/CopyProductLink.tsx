import { useEffect, useId, useRef, useState } from "react";
import { LinkIcon } from "~/components/icons";

type Status = "idle" | "copied" | "failed";

/**
 * "Copy Product Link". The server renders a read-only box holding the link, which works without JavaScript
 * (select it and copy). Once JavaScript runs, a button copies the link to the clipboard and says "Copied";
 * if the browser refuses, the box comes back with the link selected.
 */
export function CopyProductLink({ url }: { url: string }) {
  const [hydrated, setHydrated] = useState(false);
  const [status, setStatus] = useState<Status>("idle");
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => setHydrated(true), []);
  useEffect(() => {
    if (status === "failed") input.current?.select();
    if (status !== "copied") return;
    const timer = window.setTimeout(() => setStatus("idle"), 4000);
    return () => window.clearTimeout(timer);
  }, [status]);

  async function copy() {
    try {
      await navigator.clipboard.writeText(url);
      setStatus("copied");
    } catch {
      setStatus("failed");
    }
  }

  const showBox = !hydrated || status === "failed";
  return (
    <div className="copy-link">
      {hydrated ? (
        <button type="button" className="copy-link-button" onClick={copy}>
          <LinkIcon />
          Copy Product Link
        </button>
      ) : null}
      {showBox ? (
        <>
          <label htmlFor={inputId} className={hydrated ? "visually-hidden" : "copy-link-label"}>
            Copy Product Link
          </label>
          <input id={inputId} ref={input} type="text" readOnly value={url} className="copy-link-input" />
        </>
      ) : null}
      {hydrated ? (
        <span className="copy-link-status" role="status" aria-live="polite">
          {status === "copied" ? "Copied" : status === "failed" ? "Copy the link above." : ""}
        </span>
      ) : null}
    </div>
  );
}
