import { FALLBACK_IMAGE, TAGS } from "~/features/catalogue";
import { sanitizeDescription } from "~/lib/sanitize.server";

/*
 * The answers' shapes as the earlier shop's clients read them (decision 0045): every object's `_id` a string,
 * money in rupees as numbers (the shop keeps paise), images always a list of `{url}`, HTML sanitised as the
 * pages sanitise it. Built from the features' own rows; nothing here decides a price or a rule.
 */

const rupees = (paise: number) => paise / 100;
const id = (value: number) => String(value);

export type ApiColour = { _id: string; title: string };
export const apiColour = (colour: { id: number; value: string }): ApiColour => ({
  _id: id(colour.id),
  title: colour.value,
});

type ProductRow = {
  id: number;
  sku?: string;
  title: string;
  description: string;
  brand: string;
  category: string;
  productType: string;
  tags: readonly string[];
  images: readonly { url: string }[];
  originalPrice: number;
  discountedPrice: number;
  quantity: number;
  sold: number;
  totalRating: number;
  createdAt: Date;
  updatedAt: Date;
};

/**
 * The earlier shop kept one tag a product, and its clients compare `tags` with one word (`tags === "featured"`
 * fills the home page's Featured section): the first of the product's tags in the shop's order (featured,
 * special, popular), or "" for none. All of them go in `tagList`.
 */
function primaryTag(tags: readonly string[]): string {
  return TAGS.find((tag) => tags.includes(tag)) ?? tags[0] ?? "";
}

/**
 * A product as the list carries it: everything but its description, which only the product's own call sanitises
 * and sends (a hundred long descriptions sanitised per list call would make it dear to ask for).
 */
export function apiProduct(product: Omit<ProductRow, "description">) {
  return {
    _id: id(product.id),
    title: product.title,
    brand: product.brand,
    category: product.category,
    producttype: product.productType,
    tags: primaryTag(product.tags),
    tagList: [...product.tags],
    images: product.images.map((image) => ({ url: image.url })),
    originalPrice: rupees(product.originalPrice),
    discountedPrice: rupees(product.discountedPrice),
    price: rupees(product.discountedPrice),
    quantity: product.quantity,
    sold: product.sold,
    totalrating: product.totalRating,
    createdAt: product.createdAt.toISOString(),
    updatedAt: product.updatedAt.toISOString(),
  };
}

/** One product, with its description, its colours and its reviews. */
export function apiProductDetail(
  product: ProductRow & { colours: readonly { id: number; value: string }[] },
  reviews: readonly { star: number; comment: string }[],
) {
  return {
    ...apiProduct(product),
    description: sanitizeDescription(product.description),
    color: product.colours.map(apiColour),
    ratings: reviews.map((review) => ({ star: review.star, comment: review.comment })),
  };
}

/** A signed-in customer; with the token after log-in, and the misspelt key such clients read. */
export function apiCustomer(
  customer: { id: number; firstname: string; lastname: string; email: string; mobile: string },
  token?: string,
) {
  return {
    _id: id(customer.id),
    firstname: customer.firstname,
    fistname: customer.firstname,
    lastname: customer.lastname,
    email: customer.email,
    mobile: customer.mobile,
    ...(token ? { token } : {}),
  };
}

export function apiBlog(blog: {
  id: number;
  title: string;
  description: string;
  category: string;
  images: readonly { url: string }[];
  publishedAt: Date;
}) {
  return {
    _id: id(blog.id),
    title: blog.title,
    description: sanitizeDescription(blog.description),
    category: blog.category,
    images: blog.images.map((image) => ({ url: image.url })),
    createdAt: blog.publishedAt.toISOString(),
  };
}

/** A product as a card shows it (the wishlist's): its first picture as the list of one. */
export function apiCard(card: {
  id: number;
  title: string;
  brand: string;
  category: string;
  productType: string;
  image: string | null;
  originalPrice: number;
  discountedPrice: number;
  totalRating: number;
  quantity: number;
  sold: number;
}) {
  return {
    _id: id(card.id),
    title: card.title,
    brand: card.brand,
    category: card.category,
    producttype: card.productType,
    images: card.image ? [{ url: card.image }] : [],
    originalPrice: rupees(card.originalPrice),
    discountedPrice: rupees(card.discountedPrice),
    price: rupees(card.discountedPrice),
    totalrating: card.totalRating,
    quantity: card.quantity,
    sold: card.sold,
  };
}

/** A cart line, its product populated, priced as the cart page prices it today. */
export function apiCartLine(line: {
  id: number;
  productId: number;
  title: string;
  image: string | null;
  colour: { id: number; value: string };
  quantity: number;
  unitPrice: number;
  originalPrice: number;
  stock: number;
  available: boolean;
}) {
  return {
    _id: id(line.id),
    quantity: line.quantity,
    price: rupees(line.unitPrice),
    productId: {
      _id: id(line.productId),
      title: line.title,
      images: line.image ? [{ url: line.image }] : [],
      price: rupees(line.unitPrice),
      originalPrice: rupees(line.originalPrice),
      quantity: line.stock,
      available: line.available,
    },
    color: apiColour(line.colour),
  };
}

/**
 * One of the customer's orders as My Orders lists it: totals in rupees, each item with its colour and its product
 * as the other calls give one, with its pictures (the earlier shop's clients show `product.images[0]`): the
 * shop's stand-in picture for a product gone from the catalogue or without any, as the pages show.
 */
export function apiOrder(
  order: {
    id: number;
    totalPrice: number;
    totalPriceAfterDiscount: number;
    status: string;
    createdAt: Date;
    paymentMethod: string;
    shippingInfo: Record<string, unknown>;
    items: {
      id: number;
      productId: number | null;
      title: string;
      quantity: number;
      unitPrice: number;
      colourValue: string;
    }[];
  },
  pictures: ReadonlyMap<number, readonly { url: string }[]>,
) {
  const imagesOf = (productId: number | null) => {
    const found = productId === null ? undefined : pictures.get(productId);
    return found?.length ? found.map((image) => ({ url: image.url })) : [{ url: FALLBACK_IMAGE }];
  };
  return {
    _id: id(order.id),
    totalPrice: rupees(order.totalPrice),
    totalPriceAfterDiscount: rupees(order.totalPriceAfterDiscount),
    orderStatus: order.status,
    paymentInfo: { method: order.paymentMethod },
    shippingInfo: order.shippingInfo,
    orderItems: order.items.map((item) => ({
      _id: id(item.id),
      product: {
        _id: item.productId === null ? null : id(item.productId),
        title: item.title,
        images: imagesOf(item.productId),
      },
      quantity: item.quantity,
      price: rupees(item.unitPrice),
      color: { title: item.colourValue },
    })),
    createdAt: order.createdAt.toISOString(),
  };
}
