import { StarIcon } from "~/components/icons";

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
              <StarIcon />
            </label>
          </span>
        ))}
      </div>
    </fieldset>
  );
}
