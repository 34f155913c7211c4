import { extendZodWithOpenApi, OpenAPIRegistry, OpenApiGeneratorV31 } from "@asteasolutions/zod-to-openapi";
import { z } from "zod";
import {
  forgotPasswordSchema,
  loginSchema,
  profileSchema,
  resetPasswordSchema,
  signupSchema,
} from "~/features/accounts/schemas";
import { contactSchema } from "~/features/content/schemas";
import { shop } from "~/lib/shop";
import { cartBody, checkoutBody, createOrderBody, ratingBody, verifyBody, wishlistBody } from "./schemas";

/*
 * The JSON API's OpenAPI 3.1 document (decision 0045), served at /api/openapi.json. The request bodies are the
 * schemas the routes read them with, so the document cannot promise a field the call does not take; the answers
 * are described here, in the shapes shapes.server.ts builds.
 */

// The generator reads its metadata through a method it adds to zod's schemas.
extendZodWithOpenApi(z);

const id = z.string().describe("An id, as a string");
const rupees = z.number().describe("Rupees, GST included");
const image = z.object({ url: z.string() });
const colour = z.object({ _id: id, title: z.string().describe("A CSS colour") });

const product = z.object({
  _id: id,
  title: z.string(),
  brand: z.string(),
  category: z.string(),
  producttype: z.enum(["new", "refurbished", "rental"]),
  tags: z
    .string()
    .describe(
      'One tag, as the earlier shop kept it and its clients compare it: the first of the product\'s in the order featured, special, popular, or "" for none',
    ),
  tagList: z.array(z.string()).describe("All of the product's tags"),
  images: z.array(image),
  originalPrice: rupees,
  discountedPrice: rupees,
  price: rupees,
  quantity: z.number().int().describe("Units in stock"),
  sold: z.number().int(),
  totalrating: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
const productDetail = product.extend({
  description: z.string().describe("Sanitised HTML"),
  color: z.array(colour),
  ratings: z.array(z.object({ star: z.number().int(), comment: z.string() })),
});
const card = product.pick({
  _id: true,
  title: true,
  brand: true,
  category: true,
  producttype: true,
  images: true,
  originalPrice: true,
  discountedPrice: true,
  price: true,
  totalrating: true,
  quantity: true,
  sold: true,
});
const cartLine = z.object({
  _id: id,
  quantity: z.number().int(),
  price: rupees.describe("Today's offer price of one unit, the shop's"),
  productId: z.object({
    _id: id,
    title: z.string(),
    images: z.array(image),
    price: rupees,
    originalPrice: rupees,
    quantity: z.number().int(),
    available: z.boolean(),
  }),
  color: colour,
});
const customer = z.object({
  _id: id,
  firstname: z.string(),
  fistname: z.string().describe("The same as firstname: the earlier shop's clients read this spelling"),
  lastname: z.string(),
  email: z.string(),
  mobile: z.string(),
});
const withToken = customer.extend({ token: z.string().describe("The bearer token"), message: z.string() });
const order = z.object({
  _id: id,
  totalPrice: rupees.describe("At the MRP"),
  totalPriceAfterDiscount: rupees.describe("What was charged"),
  orderStatus: z.string(),
  paymentInfo: z.object({ method: z.string() }),
  shippingInfo: z.record(z.string(), z.unknown()),
  orderItems: z.array(
    z.object({
      _id: id,
      product: z.object({
        _id: id.nullable().describe("null once the product is gone from the catalogue"),
        title: z.string().describe("As it was sold"),
        images: z
          .array(image)
          .describe("The product's pictures today; the shop's stand-in picture when it has none or is gone"),
      }),
      quantity: z.number().int(),
      price: rupees,
      color: z.object({ title: z.string() }),
    }),
  ),
  createdAt: z.string(),
});
const blog = z.object({
  _id: id,
  title: z.string(),
  description: z.string().describe("Sanitised HTML"),
  category: z.string(),
  images: z.array(image),
  createdAt: z.string(),
});
const message = z.object({ message: z.string() });
const failure = z.object({ status: z.literal("fail"), message: z.string() });

type Call = {
  method: "get" | "post" | "put" | "delete";
  path: string;
  summary: string;
  auth?: boolean;
  body?: z.ZodTypeAny;
  params?: z.AnyZodObject;
  query?: z.AnyZodObject;
  answer: z.ZodTypeAny;
  status?: number;
};

const calls: Call[] = [
  {
    method: "get",
    path: "/product",
    summary: "Products the store's filters select, in its order, 100 a page",
    query: z.object({
      brand: z.string().optional(),
      category: z.string().optional(),
      tags: z.enum(["featured", "special", "popular"]).optional(),
      "price[gte]": z.string().optional().describe("Whole rupees"),
      "price[lte]": z.string().optional().describe("Whole rupees"),
      sort: z.enum(["price", "-price", "title", "-title", "createdAt", "-createdAt"]).optional(),
      page: z.string().optional(),
    }),
    answer: z.array(product),
  },
  {
    method: "get",
    path: "/product/{id}",
    summary: "One product, with its colours and reviews",
    params: z.object({ id }),
    answer: productDetail,
  },
  {
    method: "put",
    path: "/product/Wishlist",
    summary: "Puts a product on the wishlist, or takes it off (the path in either case)",
    auth: true,
    body: wishlistBody,
    answer: message.extend({ wishlist: z.array(id) }),
  },
  {
    method: "put",
    path: "/product/rating",
    summary: "The customer's review of a product",
    auth: true,
    body: ratingBody,
    answer: message,
  },
  {
    method: "post",
    path: "/user/register",
    summary: "A new account, signed in",
    body: signupSchema,
    answer: withToken,
    status: 201,
  },
  {
    method: "post",
    path: "/user/login",
    summary: "Log in: a new bearer token",
    body: loginSchema,
    answer: withToken,
  },
  { method: "post", path: "/user/logout", summary: "Revokes this bearer token", auth: true, answer: message },
  {
    method: "get",
    path: "/user/wishlist",
    summary: "The wishlist",
    auth: true,
    answer: z.object({ wishlist: z.array(card) }),
  },
  {
    method: "get",
    path: "/user/cart",
    summary: "The cart, priced by the shop today",
    auth: true,
    answer: z.array(cartLine),
  },
  {
    method: "post",
    path: "/user/cart",
    summary: "Adds a product in a colour; a posted price is not read",
    auth: true,
    body: cartBody,
    answer: message.extend({ cart: z.array(cartLine) }),
    status: 201,
  },
  {
    method: "delete",
    path: "/user/delete-product-cart/{id}",
    summary: "Removes one of the customer's cart lines",
    auth: true,
    params: z.object({ id }),
    answer: message,
  },
  {
    method: "delete",
    path: "/user/update-product-cart/{cartItemId}/{quantity}",
    summary: "Sets a cart line's quantity (1 to 10)",
    auth: true,
    params: z.object({ cartItemId: id, quantity: z.string() }),
    answer: message,
  },
  { method: "delete", path: "/user/empty-cart", summary: "Empties the cart", auth: true, answer: message },
  {
    method: "post",
    path: "/user/cart/create-order",
    summary: "The order a completed payment made, or a cash-on-delivery order of the server's cart",
    auth: true,
    body: createOrderBody,
    answer: message.extend({ success: z.literal(true), order: z.object({ _id: id }) }),
  },
  {
    method: "get",
    path: "/user/getmyorders",
    summary: "The customer's orders, newest first",
    auth: true,
    answer: z.object({ orders: z.array(order) }),
  },
  {
    method: "put",
    path: "/user/edit-user",
    summary: "Names, e-mail and mobile; a new e-mail or mobile needs currentPassword",
    auth: true,
    body: profileSchema,
    answer: customer.extend({ message: z.string() }),
  },
  {
    method: "post",
    path: "/user/forgot-password-token",
    summary: "Mails a reset link",
    body: forgotPasswordSchema,
    answer: message,
  },
  {
    method: "put",
    path: "/user/reset-password/{token}",
    summary: "A new password through a reset link's token; every session and token is revoked",
    params: z.object({ token: z.string() }),
    body: resetPasswordSchema,
    answer: message,
  },
  { method: "get", path: "/blog", summary: "The published posts, newest first", answer: z.array(blog) },
  {
    method: "get",
    path: "/blog/{id}",
    summary: "One published post",
    params: z.object({ id }),
    answer: blog,
  },
  {
    method: "post",
    path: "/enquiry",
    summary: "A contact enquiry",
    body: contactSchema,
    answer: message,
    status: 201,
  },
  {
    method: "post",
    path: "/user/order/checkout",
    summary: "PhonePe for the server's cart to an address; a posted amount, total or items are not read",
    auth: true,
    body: checkoutBody,
    answer: z.object({ paymentUrl: z.string(), merchantTransactionId: z.string() }),
  },
  {
    method: "post",
    path: "/user/order/verify-payment/phonepe",
    summary: "How the customer's payment went; a completed one is its order, made once",
    auth: true,
    body: verifyBody,
    answer: z.object({
      success: z.boolean(),
      message: z.string(),
      paymentDetails: z.record(z.string(), z.unknown()),
    }),
  },
];

const documents = new Map<string, object>();

/** The document for the shop at `publicUrl`, built once per process. */
export function openApiDocument(publicUrl: string): object {
  const kept = documents.get(publicUrl);
  if (kept) return kept;
  const registry = new OpenAPIRegistry();
  const bearer = registry.registerComponent("securitySchemes", "bearer", { type: "http", scheme: "bearer" });
  for (const call of calls) {
    const refusals = {
      "400": { description: "Refused: what is wrong", content: { "application/json": { schema: failure } } },
      ...(call.auth
        ? {
            "401": {
              description: "No, or no live, bearer token",
              content: { "application/json": { schema: failure } },
            },
          }
        : {}),
    };
    registry.registerPath({
      method: call.method,
      path: call.path,
      summary: call.summary,
      ...(call.auth ? { security: [{ [bearer.name]: [] }] } : {}),
      request: {
        ...(call.params ? { params: call.params } : {}),
        ...(call.query ? { query: call.query } : {}),
        ...(call.body ? { body: { content: { "application/json": { schema: call.body } } } } : {}),
      },
      responses: {
        [String(call.status ?? 200)]: {
          description: "Done",
          content: { "application/json": { schema: call.answer } },
        },
        ...refusals,
      },
    });
  }
  const document = new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: "3.1.0",
    info: {
      title: `${shop.name} JSON API`,
      version: "1",
      description: "The earlier shop's calls, over the shop's own rules (docs/decisions/0045-json-api.md).",
    },
    servers: [{ url: new URL("/api", publicUrl).toString() }],
  });
  documents.set(publicUrl, document);
  return document;
}
