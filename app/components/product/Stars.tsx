/** Five read-only gold stars for a rating out of 5 (halves rounded to the nearest half star). */
export function Stars({ rating, size = 16 }: { rating: number; size?: number }) {
  const rounded = Math.round(rating * 2) / 2;
  return (
    <span className="stars" role="img" aria-label={`Rated ${rounded} out of 5`}>
      {[1, 2, 3, 4, 5].map((n) => {
        const fill = rounded >= n ? "full" : rounded >= n - 0.5 ? "half" : "empty";
        return (
          <svg
            key={n}
            viewBox="0 0 24 24"
            width={size}
            height={size}
            className={`star star-${fill}`}
            aria-hidden="true"
          >
            <defs>
              <linearGradient id={`half-star-${n}`}>
                <stop offset="50%" stopColor="#ffd700" />
                <stop offset="50%" stopColor="#d9d9d9" />
              </linearGradient>
            </defs>
            <path
              d="M12 2.5l2.9 6.2 6.6.7-4.9 4.5 1.4 6.6L12 17.2l-5.9 3.3 1.3-6.6-4.9-4.5 6.7-.7z"
              fill={fill === "full" ? "#ffd700" : fill === "half" ? `url(#half-star-${n})` : "#d9d9d9"}
            />
          </svg>
        );
      })}
    </span>
  );
}
