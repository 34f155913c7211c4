import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { FieldError } from "~/components/forms/Field";
import { useIsPending } from "~/components/forms/use-is-pending";
import { StarInput } from "~/components/product/StarInput";

/** Stars as a radio group (keyboard and no-JS friendly), a comment and Submit Review. */
export function ReviewForm({ lastResult }: { lastResult: SubmissionResult<string[]> | undefined }) {
  const sending = useIsPending({ intent: "review", state: "submitting" });
  const [form, fields] = useForm<{ star: string; comment: string }>({
    id: "review-form",
    lastResult,
    // Checked on the server only, so the spec's toasts show with JavaScript too.
  });
  return (
    <Form
      method="post"
      className="review-form"
      preventScrollReset
      {...getFormProps(form)}
      aria-labelledby="write-review-heading"
    >
      <h3 id="write-review-heading">Write a Review</h3>
      <StarInput
        name="star"
        defaultValue={fields.star.initialValue}
        errorId={fields.star.errors ? fields.star.errorId : undefined}
      />
      <FieldError field={fields.star} />
      <div className="field">
        <label htmlFor={fields.comment.id}>Comments</label>
        <textarea
          id={fields.comment.id}
          name="comment"
          rows={4}
          defaultValue={fields.comment.initialValue ?? ""}
          aria-invalid={fields.comment.errors ? true : undefined}
          aria-describedby={fields.comment.errors ? fields.comment.errorId : undefined}
        />
        <FieldError field={fields.comment} />
      </div>
      <button type="submit" name="intent" value="review" disabled={sending}>
        {sending ? "Sending…" : "Submit Review"}
      </button>
    </Form>
  );
}
