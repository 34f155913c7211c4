export type ToastView = {
  id: string;
  type: "info" | "success" | "error" | "warning";
  message: string;
  description?: string;
};

/**
 * Renders the flash toast on the server, so it shows with JavaScript off. It fades out by itself after
 * 5000 ms (CSS) and the close control is a CSS-only checkbox, so dismissing needs no script either.
 */
export function Toasts({ toast }: { toast: ToastView | null }) {
  return (
    <div className="toast-area" aria-live="polite" role="status">
      {toast ? (
        <div key={toast.id} className="toast-slot">
          <input
            type="checkbox"
            id={`toast-${toast.id}`}
            className="toast-dismissed"
            aria-label="Dismiss notification"
          />
          <div className={`toast toast-${toast.type}`} data-testid="toast">
            <p className="toast-message">{toast.message}</p>
            {toast.description ? <p className="toast-description">{toast.description}</p> : null}
            <label htmlFor={`toast-${toast.id}`} className="toast-close" aria-hidden="true">
              &times;
            </label>
          </div>
        </div>
      ) : null}
    </div>
  );
}
