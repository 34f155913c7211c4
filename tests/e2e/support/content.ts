import { randomBytes } from "node:crypto";
import { test } from "@playwright/test";

/**
 * Blog posts the back-office spec (admin-content.spec.ts) writes start with this title. Both browser projects
 * run against one server, so such a post can be on the shop for a moment while another spec reads /blogs:
 * specs that count or pick the shop's posts leave these out.
 */
export const BACK_OFFICE_POST = "Back-office post";
export const BACK_OFFICE_POST_TITLE = /^Back-office post /;

/** A word unique to this test run and project, for texts two projects must not confuse. */
export function uniqueWord(): string {
  return `${test.info().project.name}-${randomBytes(4).toString("hex")}`;
}
