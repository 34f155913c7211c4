import { describe, expect, it } from "vitest";
import { csvCell, toCsv } from "./csv";

describe("csvCell", () => {
  it("leaves plain text alone", () => {
    expect(csvCell("asha.rao@example.in")).toBe("asha.rao@example.in");
    expect(csvCell("")).toBe("");
    expect(csvCell("ಕಾವೇರಿ")).toBe("ಕಾವೇರಿ");
  });

  it("puts an apostrophe before whatever a spreadsheet would run as a formula", () => {
    expect(csvCell('=HYPERLINK("http://evil.example")')).toBe(`"'=HYPERLINK(""http://evil.example"")"`);
    expect(csvCell("+91 98450 12345")).toBe("'+91 98450 12345");
    expect(csvCell("-2+3+cmd|' /C calc'!A0")).toBe("'-2+3+cmd|' /C calc'!A0");
    expect(csvCell("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvCell("\t=1+1")).toBe("'\t=1+1");
    expect(csvCell("\r=1+1")).toBe(`"'\r=1+1"`);
  });

  it("leaves a plain negative number a number, but not a sum that starts like one", () => {
    expect(csvCell("-12.05")).toBe("-12.05");
    expect(csvCell("-3")).toBe("-3");
    expect(csvCell("-3+2")).toBe("'-3+2");
    expect(csvCell("-3.")).toBe("'-3.");
    expect(csvCell("-1e5")).toBe("'-1e5");
  });

  it("defuses only the first character's meaning: a formula sign later in the cell is text", () => {
    expect(csvCell("a=b")).toBe("a=b");
    expect(csvCell("x+y@example.in")).toBe("x+y@example.in");
  });

  it("quotes a cell with a comma, a quote or a line break, doubling its quotes", () => {
    expect(csvCell("Rao, Asha")).toBe('"Rao, Asha"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell("one\ntwo")).toBe('"one\ntwo"');
    expect(csvCell("one\r\ntwo")).toBe('"one\r\ntwo"');
  });
});

describe("toCsv", () => {
  it("writes a header and rows, each line ended by CRLF", () => {
    expect(
      toCsv(
        ["Email", "Subscribed since"],
        [
          ["a@example.in", "2026-11-23 18:05"],
          ["=cmd@example.in", "2026-11-24 09:00"],
        ],
      ),
    ).toBe(
      "Email,Subscribed since\r\na@example.in,2026-11-23 18:05\r\n'=cmd@example.in,2026-11-24 09:00\r\n",
    );
  });

  it("writes only the header for no rows", () => {
    expect(toCsv(["Email"], [])).toBe("Email\r\n");
  });
});
