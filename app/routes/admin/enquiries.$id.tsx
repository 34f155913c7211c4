import type { SubmissionResult } from "@conform-to/react";
import { type ActionFunctionArgs, json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { adminMeta } from "~/components/admin/admin-meta";
import type { FormConstraint } from "~/components/forms/checked-form-state";
import { Field, FormError } from "~/components/forms/Field";
import { FieldFrame } from "~/components/forms/FieldFrame";
import { textareaProps } from "~/components/forms/field-props";
import { useCheckedForm } from "~/components/forms/use-checked-form";
import { useIsPending } from "~/components/forms/use-is-pending";
import { Toasts } from "~/components/layout/Toasts";
import { getDb } from "~/db/db.server";
import { contentAdminMessages } from "~/features/content";
import {
  enquiryChangeSchema,
  enquiryReplyMail,
  enquiryReplySchema,
  markEnquiryUnread,
  openEnquiry,
  recordEnquiryReply,
  withdrawEnquiryReply,
} from "~/features/content/index.server";
import { readShopContact } from "~/features/settings/index.server";
import { requireBackOffice } from "~/lib/auth.server";
import { formatLongDate } from "~/lib/dates";
import { describeError } from "~/lib/errors.server";
import { replyInvalid, replyWithError } from "~/lib/form-reply.server";
import { getZodConstraint, parseWithZod } from "~/lib/forms/zod-forms.server";
import { sendMail } from "~/lib/mail.server";
import { parseId } from "~/lib/params";
import { readForm } from "~/lib/read-form.server";
import { toasts } from "~/lib/toast.server";

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  adminMeta(data ? `Enquiry from ${data.enquiry.name}` : "Enquiry not found");

const notFound = () => json({ message: contentAdminMessages.enquiryNotFound }, { status: 404 });

/** Opening an enquiry marks it read. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const member = await requireBackOffice(request);
  const id = parseId(params.id);
  const enquiry =
    id === undefined ? null : await openEnquiry(await getDb(), { id: member.id, name: member.name }, id);
  if (!enquiry) throw notFound();
  return json({
    enquiry: {
      id: enquiry.id,
      name: enquiry.name,
      email: enquiry.email,
      mobile: enquiry.mobile,
      comment: enquiry.comment,
      createdAt: enquiry.createdAt.toISOString(),
    },
    replies: enquiry.replies.map((reply) => ({
      id: reply.id,
      staffName: reply.staffName,
      body: reply.body,
      createdAt: reply.createdAt.toISOString(),
    })),
    constraint: getZodConstraint(enquiryReplySchema),
  });
}

/** Reply by e-mail (recorded, then sent), or mark the enquiry unread again. */
export async function action({ request, params }: ActionFunctionArgs) {
  const member = await requireBackOffice(request);
  const actor = { id: member.id, name: member.name };
  const id = parseId(params.id);
  if (id === undefined) throw notFound();
  const formData = await readForm(request, enquiryChangeSchema);
  const submission = parseWithZod(formData, { schema: enquiryChangeSchema });
  if (submission.status !== "success") {
    if (submission.error?.intent) throw new Response("Unknown form", { status: 400 });
    return replyInvalid(submission);
  }
  const db = await getDb();
  const change = submission.value;
  switch (change.intent) {
    case "unread": {
      if (!(await markEnquiryUnread(db, actor, id))) throw notFound();
      // Back to the inbox: staying here would open, and so read, the enquiry again.
      return toasts().redirectWithSuccess("/admin/enquiries", contentAdminMessages.markedUnread, {
        status: 303,
      });
    }
    case "reply": {
      const reply = { subject: change.subject, message: change.message };
      const recorded = await recordEnquiryReply(db, actor, id, reply);
      if (!recorded) throw notFound();
      const { enquiry } = recorded;
      // The mail goes out after the reply is committed; a reply that never left is taken back off the page.
      try {
        const contact = await readShopContact(db);
        await sendMail(
          enquiryReplyMail({ to: enquiry.email, name: enquiry.name, ...reply, enquiry, contact }),
        );
      } catch (error) {
        const reason = describeError(error);
        console.error(`Could not send the reply to enquiry ${id}: ${reason}`);
        await withdrawEnquiryReply(db, actor, recorded.replyId, reason);
        return replyWithError(submission, contentAdminMessages.replyNotSent(enquiry.email), { status: 503 });
      }
      return toasts().redirectWithSuccess(
        `/admin/enquiries/${id}`,
        contentAdminMessages.replySent(enquiry.email),
        { status: 303 },
      );
    }
    default:
      throw new Response("Unknown form", { status: 400 });
  }
}

export default function EnquiryPage() {
  const { enquiry, replies, constraint } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  return (
    <>
      <Toasts toast={answer?.toast ?? null} />
      <p className="admin-back">
        <Link to="/admin/enquiries">
          <span aria-hidden="true">← </span>All enquiries
        </Link>
      </p>
      <h1>Enquiry from {enquiry.name}</h1>

      <section className="admin-card" aria-labelledby="enquiry-heading">
        <h2 id="enquiry-heading">Their message</h2>
        <dl className="admin-pairs">
          <dt>Name</dt>
          <dd>{enquiry.name}</dd>
          <dt>Email</dt>
          <dd>
            <a href={`mailto:${enquiry.email}`}>{enquiry.email}</a>
          </dd>
          <dt>Mobile</dt>
          <dd>
            <a href={`tel:+91${enquiry.mobile}`}>{enquiry.mobile}</a>
          </dd>
          <dt>Received</dt>
          <dd>{formatLongDate(enquiry.createdAt)}</dd>
        </dl>
        <p className="admin-message">{enquiry.comment}</p>
        <Form method="post">
          <button type="submit" name="intent" value="unread" className="button-secondary">
            Mark as unread
          </button>
        </Form>
      </section>

      <section className="admin-card" aria-labelledby="replies-heading">
        <h2 id="replies-heading">Replies</h2>
        {replies.length > 0 ? (
          <ol className="admin-replies">
            {replies.map((reply) => (
              <li key={reply.id}>
                <p className="admin-meta">
                  {reply.staffName} replied on {formatLongDate(reply.createdAt)}
                </p>
                <p className="admin-message">{reply.body}</p>
              </li>
            ))}
          </ol>
        ) : (
          <p>No reply yet.</p>
        )}
      </section>

      {/* A sent reply adds one to the list: the form starts afresh. A refused one keeps what was typed. */}
      <ReplyForm
        key={replies.length}
        to={enquiry.email}
        lastResult={answer?.result}
        constraint={constraint}
      />
    </>
  );
}

function ReplyForm({
  to,
  lastResult,
  constraint,
}: {
  to: string;
  lastResult: SubmissionResult<string[]> | undefined;
  constraint: FormConstraint;
}) {
  const sending = useIsPending({ intent: "reply" });
  const [form, fields] = useCheckedForm("enquiry-reply", lastResult, ["subject", "message"], {
    constraint,
    defaultValue: { subject: contentAdminMessages.replySubject },
    loadSchema: () => import("~/features/content/schemas").then((forms) => forms.enquiryReplySchema),
  });
  const { key: messageKey, ...messageProps } = textareaProps(fields.message);
  return (
    <section className="admin-card" aria-labelledby="reply-heading">
      <h2 id="reply-heading">Reply by e-mail</h2>
      <p className="form-intro">
        Sent to {to} with their message quoted below yours; their answer comes to the shop's own address.
      </p>
      <Form method="post" className="stack-form" {...form.props} aria-labelledby="reply-heading">
        <FormError id={form.errorId} errors={form.errors} />
        <Field label="Subject" field={fields.subject} autoComplete="off" />
        <FieldFrame id={fields.message.id} label="Message" field={fields.message}>
          <textarea key={messageKey} {...messageProps} rows={8} />
        </FieldFrame>
        <button type="submit" name="intent" value="reply" disabled={sending}>
          {sending ? "Sending…" : "Send reply"}
        </button>
      </Form>
    </section>
  );
}
