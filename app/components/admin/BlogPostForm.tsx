import {
  getFormProps,
  getInputProps,
  getTextareaProps,
  type SubmissionResult,
  useForm,
} from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { Form } from "@remix-run/react";
import { Field, FieldError, FormError } from "~/components/forms/Field";
import { useIsPending } from "~/components/forms/use-is-pending";
import { BLOG_LIMITS, type BlogPostValues, blogPostSchema } from "~/lib/forms/content";

/**
 * A blog post's title, category and HTML description, for the new-post page and the edit page. `version` (the
 * edit page's) is the post's updated_at as loaded: the server refuses a save over a newer change.
 */
export function BlogPostForm({
  id,
  heading,
  lastResult,
  defaultValue,
  categories,
  version,
  submitLabel,
  pendingLabel,
}: {
  id: string;
  heading: string;
  lastResult: SubmissionResult<string[]> | undefined;
  defaultValue?: BlogPostValues;
  categories: string[];
  version?: string;
  submitLabel: string;
  pendingLabel: string;
}) {
  const intent = version === undefined ? undefined : "save";
  const saving = useIsPending({ intent });
  const [form, fields] = useForm({
    id,
    lastResult,
    defaultValue,
    constraint: getZodConstraint(blogPostSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: blogPostSchema }),
  });
  const { key: categoryKey, ...categoryProps } = getInputProps(fields.category, { type: "text" });
  const headingId = `${id}-heading`;
  const hintId = `${id}-description-hint`;
  const { key: descriptionKey, ...descriptionProps } = getTextareaProps(fields.description, {
    ariaDescribedBy: hintId,
  });
  return (
    <section className="admin-card" aria-labelledby={headingId}>
      <h2 id={headingId}>{heading}</h2>
      <Form method="post" className="stack-form" {...getFormProps(form)} aria-labelledby={headingId}>
        <FormError id={form.errorId} errors={form.errors} />
        {version === undefined ? null : <input type="hidden" name="version" value={version} />}
        <Field label="Title" field={fields.title} autoComplete="off" />
        <div className="field">
          <label htmlFor={fields.category.id}>Category</label>
          <input key={categoryKey} {...categoryProps} list={`${id}-categories`} autoComplete="off" />
          <datalist id={`${id}-categories`}>
            {categories.map((category) => (
              <option key={category} value={category} />
            ))}
          </datalist>
          <FieldError field={fields.category} />
        </div>
        <div className="field">
          <label htmlFor={fields.description.id}>Description (HTML)</label>
          <textarea key={descriptionKey} {...descriptionProps} rows={16} className="admin-html-input" />
          <p id={hintId} className="field-hint">
            Paragraphs, headings (h2 to h4), bold, italic, lists, links, tables and https images, up to{" "}
            {BLOG_LIMITS.description.toLocaleString("en-IN")} characters. Scripts, styles and any other markup
            are removed when the post is saved, as the shop would remove them.
          </p>
          <FieldError field={fields.description} />
        </div>
        <button type="submit" {...(intent ? { name: "intent", value: intent } : {})} disabled={saving}>
          {saving ? pendingLabel : submitLabel}
        </button>
      </Form>
    </section>
  );
}
