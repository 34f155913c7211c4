import type { SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import type { ComponentProps } from "react";
import type { FormConstraint } from "~/components/forms/checked-form-state";
import { FormError } from "~/components/forms/FieldError";
import { FieldFrame } from "~/components/forms/FieldFrame";
import { inputProps } from "~/components/forms/field-props";
import { useCheckedForm } from "~/components/forms/use-checked-form";
import { useIsPending } from "~/components/forms/use-is-pending";
import { Toasts, type ToastView } from "~/components/layout/Toasts";
import { PRODUCT_LIMITS } from "~/lib/form-limits";
import { requestLimits } from "~/lib/request-limits.mjs";

const MEGABYTES = requestLimits.imageBytes / (1024 * 1024);

/**
 * Uploads one picture to a product's or a post's `…/images` (a multipart post with a limit of its own). With
 * JavaScript, a file over the limit is refused before it is sent; the server checks everything again.
 */
export function ImageUploadForm({
  action,
  owner,
  heading = "Add a picture",
  lastResult,
  constraint,
}: {
  action: string;
  /** What the picture belongs to, for the hint: "product" or "post". */
  owner: "product" | "post";
  heading?: string;
  lastResult?: SubmissionResult<string[]> | undefined;
  /** `getZodConstraint(imageUploadSchema)`, from the route's loader. */
  constraint: FormConstraint;
}) {
  const uploading = useIsPending({ formAction: action });
  const [form, fields] = useCheckedForm("image-upload", lastResult, ["image", "alt"], {
    constraint,
    loadSchema: () => import("~/features/catalogue/schemas").then((forms) => forms.imageUploadSchema),
  });
  const { key: imageKey, ...imageProps } = inputProps(fields.image, { type: "file" });
  const { key: altKey, ...altProps } = inputProps(fields.alt, { type: "text" });
  return (
    <Form
      method="post"
      action={action}
      encType="multipart/form-data"
      className="stack-form image-upload"
      {...form.props}
      aria-labelledby="upload-heading"
    >
      <h3 id="upload-heading">{heading}</h3>
      <FormError id={form.errorId} errors={form.errors} />
      <FieldFrame
        id={fields.image.id}
        label="Picture"
        field={fields.image}
        hint={
          <>
            A JPEG, PNG or WebP of at most {MEGABYTES} MB. It is turned upright, fitted within 1600 × 1600
            pixels and stored without its metadata (such as a phone's GPS position).
          </>
        }
      >
        <input key={imageKey} {...imageProps} accept="image/jpeg,image/png,image/webp" />
      </FieldFrame>
      <FieldFrame
        id={fields.alt.id}
        label="Description for people who cannot see it (optional)"
        field={fields.alt}
        hint={`Left empty, the ${owner}'s title is used.`}
      >
        <input key={altKey} {...altProps} maxLength={PRODUCT_LIMITS.alt} autoComplete="off" />
      </FieldFrame>
      <button type="submit" disabled={uploading}>
        {uploading ? "Uploading…" : "Upload picture"}
      </button>
    </Form>
  );
}

/**
 * The page of an upload's own route (`…/images`, upload.server.ts), shown inside the owner's edit page: the
 * form again with the server's answer, its message on the form and as a toast, with JavaScript off too.
 */
export function ImageUploadPage({
  answer,
  ...form
}: Omit<ComponentProps<typeof ImageUploadForm>, "lastResult"> & {
  answer: { result: SubmissionResult<string[]>; toast: ToastView | null } | undefined;
}) {
  return (
    <>
      <Toasts toast={answer?.toast ?? null} />
      <ImageUploadForm {...form} lastResult={answer?.result} />
    </>
  );
}
