import type { SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { FieldError } from "~/components/forms/FieldError";
import { FieldFrame } from "~/components/forms/FieldFrame";
import { useIsPending } from "~/components/forms/use-is-pending";
import { serverFieldProps, useServerForm } from "~/components/forms/use-server-form";
import { StarInput } from "~/features/catalogue";

/** Stars as a radio group (keyboard and no-JS friendly), a comment and Submit Review. */
export function ReviewForm({ lastResult }: { lastResult: SubmissionResult<string[]> | undefined }) {
  const sending = useIsPending({ intent: "review", state: "submitting" });
  // Checked on the server only, so the rules' toasts show with JavaScript too.
  const [form, fields] = useServerForm("review-form", lastResult, ["star", "comment"]);
  return (
    <Form
      method="post"
      className="review-form"
      preventScrollReset
      {...form.props}
      aria-labelledby="write-review-heading"
    >
      <h3 id="write-review-heading">Write a Review</h3>
      <StarInput
        name="star"
        defaultValue={fields.star.initialValue}
        errorId={fields.star.errors ? fields.star.errorId : undefined}
      />
      <FieldError field={fields.star} />
      <FieldFrame id={fields.comment.id} label="Comments" field={fields.comment}>
        <textarea
          {...serverFieldProps(fields.comment)}
          rows={4}
          defaultValue={fields.comment.initialValue ?? ""}
        />
      </FieldFrame>
      <button type="submit" name="intent" value="review" disabled={sending}>
        {sending ? "Sending…" : "Submit Review"}
      </button>
    </Form>
  );
}
