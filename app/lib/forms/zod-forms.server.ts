/**
 * Conform's zod helpers for route modules' actions and loaders. A route module that imported them from
 * @conform-to/zod directly would carry zod into the page's JavaScript even when only its action uses them: the
 * client build drops the action but keeps every imported module that runs code when it loads. A `.server`
 * module is left out of the client build altogether. The forms' schemas come the same way, from each
 * feature's server entry; the page's own components load a schema lazily (decision 0025).
 */
export { getZodConstraint, parseWithZod } from "@conform-to/zod";
