/**
 * The forms' schemas for route modules' actions and loaders. A route module that imported them from
 * lib/forms/*.ts directly would carry zod and the schemas into the page's JavaScript even when only its action
 * uses them: the client build drops the action but keeps every imported module that runs code when it loads
 * (building a schema is a call). A `.server` module is left out of the client build altogether. The page's
 * own components load a schema lazily instead (components/forms/use-checked-form.ts, decision 0025).
 */

// Conform's zod helpers, for the same reason: the client build kept them (and zod) when a route imported them.
export { getZodConstraint, parseWithZod } from "@conform-to/zod";
export * from "./accounts";
export * from "./address";
export * from "./contact";
export * from "./content";
export * from "./newsletter";
export * from "./orders";
export * from "./product";
export * from "./staff";
export * from "./zones";
