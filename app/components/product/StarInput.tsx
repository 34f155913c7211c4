/**
 * A 1–5 star picker made of radio buttons: arrow keys move between stars, it works without JavaScript, and
 * CSS paints the chosen star gold, and with :has() the stars before it too.
 */
export function StarInput({
  name,
  defaultValue,
  errorId,
}: {
  name: string;
  defaultValue?: string;
  errorId?: string;
}) {
  return (
    <fieldset className="star-input" aria-invalid={errorId ? true : undefined} aria-describedby={errorId}>
      <legend>Your rating</legend>
      <div className="star-input-options">
        {[1, 2, 3, 4, 5].map((star) => (
          <span key={star} className="star-input-option">
            <input
              type="radio"
              id={`${name}-${star}`}
              name={name}
              value={star}
              defaultChecked={defaultValue === String(star)}
            />
            <label htmlFor={`${name}-${star}`} title={`${star} ${star === 1 ? "star" : "stars"}`}>
              <span className="visually-hidden">
                {star} {star === 1 ? "star" : "stars"}
              </span>
              <svg viewBox="0 0 24 24" width="28" height="28" aria-hidden="true" focusable="false">
                <path d="M12 2.5l2.9 6.1 6.6.8-4.9 4.6 1.3 6.6L12 17.3l-5.9 3.3 1.3-6.6-4.9-4.6 6.6-.8z" />
              </svg>
            </label>
          </span>
        ))}
      </div>
    </fieldset>
  );
}
