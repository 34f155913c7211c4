import type { SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import type { FormConstraint } from "~/components/forms/checked-form-state";
import { Field, FormError } from "~/components/forms/Field";
import { FieldFrame } from "~/components/forms/FieldFrame";
import { inputProps, textareaProps } from "~/components/forms/field-props";
import { useCheckedForm } from "~/components/forms/use-checked-form";
import { useIsPending } from "~/components/forms/use-is-pending";
import { BLOG_LIMITS } from "~/lib/form-limits";
import type { BlogPostValues } from "./schemas";

/**
 * A blog post's title, category and HTML description, for the new-post page and the edit page. `version` (the
 * edit page's) is the post's updated_at as loaded: the server refuses a save over a newer change.
 */
export function BlogPostForm({
  id,
  heading,
  lastResult,
  constraint,
  defaultValue,
  categories,
  version,
  submitLabel,
  pendingLabel,
}: {
  id: string;
  heading: string;
  lastResult: SubmissionResult<string[]> | undefined;
  /** `getZodConstraint(blogPostSchema)`, from the route's loader. */
  constraint: FormConstraint;
  defaultValue?: BlogPostValues;
  categories: string[];
  version?: string;
  submitLabel: string;
  pendingLabel: string;
}) {
  const intent = version === undefined ? undefined : "save";
  const saving = useIsPending({ intent });
  const [form, fields] = useCheckedForm(id, lastResult, ["title", "category", "description"], {
    constraint,
    defaultValue,
    loadSchema: () => import("./schemas").then((forms) => forms.blogPostSchema),
  });
  const { key: categoryKey, ...categoryProps } = inputProps(fields.category, { type: "text" });
  const headingId = `${id}-heading`;
  const { key: descriptionKey, ...descriptionProps } = textareaProps(fields.description);
  return (
    <section className="admin-card" aria-labelledby={headingId}>
      <h2 id={headingId}>{heading}</h2>
      <Form method="post" className="stack-form" {...form.props} aria-labelledby={headingId}>
        <FormError id={form.errorId} errors={form.errors} />
        {version === undefined ? null : <input type="hidden" name="version" value={version} />}
        <Field label="Title" field={fields.title} autoComplete="off" />
        <FieldFrame id={fields.category.id} label="Category" field={fields.category}>
          <input key={categoryKey} {...categoryProps} list={`${id}-categories`} autoComplete="off" />
        </FieldFrame>
        <datalist id={`${id}-categories`}>
          {categories.map((category) => (
            <option key={category} value={category} />
          ))}
        </datalist>
        <FieldFrame
          id={fields.description.id}
          label="Description (HTML)"
          field={fields.description}
          hint={
            <>
              Paragraphs, headings (h2 to h4), bold, italic, lists, links, tables and https images, up to{" "}
              {BLOG_LIMITS.description.toLocaleString("en-IN")} characters. Scripts, styles and any other
              markup are removed when the post is saved, as the shop would remove them.
            </>
          }
        >
          <textarea key={descriptionKey} {...descriptionProps} rows={16} className="admin-html-input" />
        </FieldFrame>
        <button type="submit" {...(intent ? { name: "intent", value: intent } : {})} disabled={saving}>
          {saving ? pendingLabel : submitLabel}
        </button>
      </Form>
    </section>
  );
}
