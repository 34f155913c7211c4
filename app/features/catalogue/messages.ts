/** What the catalogue feature says to shoppers and staff; the texts the shop's rules fix (docs/shop-rules.md) are kept word for word. */
import { imageTooLargeMessage } from "~/lib/request-limits.mjs";

/** Product page. */
export const productMessages = {
  chooseColour: "Please choose Color",
  addStar: "Please add star rating",
  writeReview: "Please Write Review About the Product",
  /** The generic label every review is listed with (an erased account's: personalDataMessages.formerCustomer). */
  reviewAuthor: "Customer",
} as const;

/** The store's search (issue 18). */
export const searchMessages = {
  nothingFound: (q: string | undefined) =>
    q ? `No products match “${q}”.` : "No products match your search.",
  tryAgain: "Check the spelling, use fewer words, or look through a category:",
} as const;

/** The back office's catalogue pages (/admin/products), and what the shop says about a hidden product. */
export const productAdminMessages = {
  titleRequired: "Title is Required",
  descriptionRequired: "Description is Required",
  descriptionEmpty: "The description has no text or picture the shop can show. Please write one.",
  brandRequired: "Brand is Required",
  categoryRequired: "Category is Required",
  typeRequired: "Choose New, Refurbished or Rental",
  tagUnknown: "Choose the tags from the list",
  coloursRequired: "Choose at least one colour, or add a new one",
  colourUnknown: "A colour you chose no longer exists. Please choose the colours again.",
  colourNameRequired: "Colour name is Required",
  colourValueRequired: "Colour value is Required",
  colourValueInvalid: "Colour value must be a CSS colour such as #1a2b3c, rgb(26, 43, 60) or navy",
  colourTaken: (name: string) => `This colour already exists as “${name}”: tick it above instead`,
  priceRequired: (label: string) => `${label} is Required`,
  priceInvalid: (label: string) => `${label} must be an amount in rupees, such as 45999 or 45999.50`,
  pricePositive: (label: string) => `${label} must be more than Rs. 0`,
  priceTooHigh: (label: string, max: string) => `${label} must be at most ${max}`,
  offerAboveMrp: "The offer price cannot be more than the MRP",
  hsnInvalid: "An HSN code has 4, 6 or 8 digits, such as 8471 for laptops",
  skuInvalid:
    "A SKU has up to 40 letters, digits and the marks . _ / -, starting with a letter or a digit, such as DL-3440-I5",
  skuTaken: "Another product has this SKU.",
  gstRateInvalid: "Choose a GST rate in force: 0, 5, 18 or 40 %",
  stockInvalid: (max: number) => `Stock must be a whole number from 0 to ${max}`,
  created: "Product created. Add its pictures below.",
  /** The new page showed no specification fields (its category was typed with JavaScript off). */
  createdFillSpecs: "Product created. Add its pictures below. Then fill in its specification.",
  saved: "Product saved",
  /** The category or type changed with JavaScript off: the form showed the old one's fields. */
  savedFillSpecs: "Product saved. Its category or type changed: fill in its specification below.",
  specRefused:
    "The shop could not store this specification: one of its values is not one the database accepts. Nothing was saved; check the values and save again.",
  stale:
    "This product was changed while you were editing it (someone saved it, or an order took stock). Nothing was saved; your values are still in the form. Check them and save again to replace the other change.",
  notFound: "That product could not be found",
  hidden: "Product hidden: the shop no longer shows or sells it",
  shown: "Product shown in the shop again",
  imageRequired: "Choose a picture to upload",
  imageType: "The picture must be a JPEG, PNG or WebP image",
  /** Also said by the server before it reads an over-size upload (app/lib/request-limits.mjs). */
  imageTooLarge: imageTooLargeMessage,
  imageUnreadable: "This picture could not be read. Please try another file.",
  imageTooManyPixels: (megapixels: number) =>
    `This picture has too many pixels (at most ${megapixels} megapixels). Please choose a smaller one.`,
  tooManyImages: (max: number) => `A product has at most ${max} pictures. Remove one first.`,
  imageAdded: "Picture added",
  imageRemoved: "Picture removed",
  imageMoved: "Pictures reordered",
  altSaved: "Picture description saved",
  imageGone: "That picture is no longer on this product. The page shows them as they are now.",
  /** The shop's side: a hidden product cannot be bought. */
  noLongerAvailable: "Sorry, this product is no longer available.",
  cartLineUnavailable: (title: string) =>
    `Sorry, ${title} is no longer available. Please remove it from your cart to place your order.`,
} as const;
