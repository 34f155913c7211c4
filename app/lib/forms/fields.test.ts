import { parseWithZod } from "@conform-to/zod";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { idField } from "./fields";

/** A form as the browser posts it, read the way every action reads it (Conform coerces the values). */
function submitted(id: string) {
  const form = new FormData();
  form.set("id", id);
  return parseWithZod(form, { schema: z.object({ id: idField("No such row") }) });
}

describe("idField, read through Conform as the actions read it", () => {
  it("takes digits as the row they name", () => {
    for (const [sent, id] of [
      ["12", 12],
      [" 7 ", 7],
    ] as const) {
      const submission = submitted(sent);
      expect(submission.status === "success" ? submission.value.id : submission.error).toBe(id);
    }
  });

  it("refuses what JavaScript's Number would read as a row: exponents, hex, binary, signs, decimals", () => {
    for (const sent of ["1e3", "0x10", "0b11", "+5", "-1", "2.0", "0", "", "abc"]) {
      const submission = submitted(sent);
      expect([sent, submission.status === "success" ? submission.value : submission.error?.id]).toEqual([
        sent,
        ["No such row"],
      ]);
    }
  });
});
