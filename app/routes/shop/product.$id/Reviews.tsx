import type { SubmissionResult } from "@conform-to/react";
import { Stars } from "~/features/catalogue";
import { ReviewForm } from "./ReviewForm";

type Review = {
  id: number;
  star: number;
  comment: string;
  /** The generic label, or the neutral one of an erased account (app/features/catalogue/product-detail.server.ts). */
  author: string;
  createdAt: string;
  shownAt: string;
};

const reviewCount = (count: number) => `${count} ${count === 1 ? "review" : "reviews"}`;

/** Customer Reviews: the average, the review form and the most recent reviews. */
export function Reviews({
  rating,
  count,
  items,
  lastResult,
}: {
  rating: number;
  count: number;
  items: Review[];
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  return (
    <section id="reviews" className="product-section reviews" aria-labelledby="reviews-heading">
      <h2 id="reviews-heading">Customer Reviews</h2>
      <p className="reviews-summary">
        <Stars rating={rating} />
        <span>Based on {reviewCount(count)}</span>
      </p>
      <ReviewForm lastResult={lastResult} />
      {items.length === 0 ? (
        <p className="no-reviews">No reviews yet.</p>
      ) : (
        <ul className="review-list">
          {items.map((review) => (
            <li key={review.id} className="review">
              <p className="review-head">
                <span className="review-author">{review.author}</span>
                <Stars rating={review.star} />
                <time dateTime={review.createdAt}>{review.shownAt}</time>
              </p>
              <p className="review-comment">{review.comment}</p>
            </li>
          ))}
        </ul>
      )}
      {count > items.length ? (
        <p className="reviews-more">
          Showing the {items.length} most recent of {count} reviews.
        </p>
      ) : null}
    </section>
  );
}

/** "3 reviews" beside the stars at the top of the page. */
export function ReviewCount({ count }: { count: number }) {
  return <span className="review-count">{reviewCount(count)}</span>;
}
