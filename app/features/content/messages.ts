/** What the content feature says to shoppers and staff; the texts the shop's rules fix (docs/shop-rules.md) are kept word for word. */

import { failureMessages } from "~/lib/messages";
import { shop } from "~/lib/shop";

/** Contact form. */
export const contactMessages = {
  nameRequired: "First Name is Required",
  emailRequired: "Email is Required",
  emailInvalid: "Email Should be valid",
  mobileRequired: "Mobile No is Required",
  commentRequired: "comments is Required",
} as const;

/** Contact form. */
export const enquiryProblems = {
  notSent: `${failureMessages.enquiryFailed}. Your message was not sent; please try again in a moment.`,
} as const;

/** Newsletter box. */
export const newsletterMessages = {
  subscribed: "Subscribed to our newsletter. Thank you!",
  alreadySubscribed: "You are already subscribed to our newsletter.",
} as const;

/** The back office's content pages (/admin/blogs, /admin/enquiries, /admin/newsletter). */
export const contentAdminMessages = {
  titleRequired: "Title is Required",
  categoryRequired: "Category is Required",
  descriptionRequired: "Description is Required",
  descriptionEmpty:
    "Nothing is left of the description once scripts and unsupported markup are removed. Please write the post's text.",
  postNotFound: "That blog post could not be found",
  pictureChanged: "Picture saved: the post shows it now",
  pictureRemoved: "Picture removed: the post shows the default picture",
  postChangedMeanwhile:
    "Someone else changed this post after you opened it. The preview below shows the saved version and the form still holds yours: save again to replace it with yours.",
  draftSaved: "Draft saved. It is not on the shop until you publish it.",
  postSaved: "Blog post saved",
  published: "Blog post published: it is on the shop now",
  unpublished: "Blog post unpublished: it is no longer on the shop",
  enquiryNotFound: "That enquiry could not be found",
  markedUnread: "Enquiry marked as unread",
  replySubject: `Re: Your enquiry to ${shop.name}`,
  subjectRequired: "Subject is Required",
  messageRequired: "Message is Required",
  replySent: (email: string) => `Reply sent to ${email}`,
  replyNotSent: (email: string) =>
    `The e-mail to ${email} could not be sent, so the reply was not recorded. Your text is still in the form: please try again in a moment.`,
  subscriberNotFound: "That subscriber could not be found",
  unsubscribed: (email: string) => `${email} is unsubscribed and left out of the export`,
} as const;
