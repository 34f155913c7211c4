import { cloneElement, type ReactElement, type ReactNode } from "react";
import { FieldError, type FieldErrors } from "./FieldError";

type Control = ReactElement<{ "aria-describedby"?: string }>;

/**
 * The markup every form field shares: its label, its control (an input, select or textarea), a hint tied to
 * the control, and its message. The hint's id is added to the control's aria-describedby, after the message's
 * (which the control's own props name while the field is in error), so a screen reader reads both.
 */
export function FieldFrame({
  id,
  label,
  hint,
  field,
  className,
  children,
}: {
  /** The control's id, which the label points to. */
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  /** Whose message to show under the control: a checked form's field or a server-checked one. */
  field?: FieldErrors;
  className?: string;
  children: Control;
}) {
  const hintId = hint ? `${id}-hint` : undefined;
  const control = hintId
    ? cloneElement(children, {
        "aria-describedby": [children.props["aria-describedby"], hintId].filter(Boolean).join(" "),
      })
    : children;
  return (
    <div className={className ? `field ${className}` : "field"}>
      <label htmlFor={id}>{label}</label>
      {control}
      {hint ? (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      ) : null}
      {field ? <FieldError field={field} /> : null}
    </div>
  );
}
