import { useEffect, useId, useRef, useState } from "react";

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
          <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
            <path
              fill="currentColor"
              d="M10.6 13.4a1 1 0 0 1 0-1.4l3.5-3.5a3 3 0 1 1 4.2 4.2l-2 2a1 1 0 1 1-1.4-1.4l2-2a1 1 0 1 0-1.4-1.4l-3.5 3.5a1 1 0 0 1-1.4 0zm2.8-2.8a1 1 0 0 1 0 1.4l-3.5 3.5a3 3 0 1 1-4.2-4.2l2-2a1 1 0 1 1 1.4 1.4l-2 2a1 1 0 1 0 1.4 1.4l3.5-3.5a1 1 0 0 1 1.4 0z"
            />
          </svg>
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
