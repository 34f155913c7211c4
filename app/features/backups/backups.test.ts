import { describe, expect, it } from "vitest";
import { backupFileName, isBackupFileName } from "./backup-file.server";
import { ageInWords, backupCommandToken, isBackupCommand } from "./backups.server";
import { cleanDump } from "./restore.server";
import { dueDay } from "./schedule.server";

describe("the daily backup's time, in India", () => {
  it("is due from BACKUP_TIME on India's calendar day, whatever the server's clock says", () => {
    // 20:59 UTC is 02:29 the next day in India: not yet; 21:00 UTC is 02:30: due, for that India day.
    expect(dueDay(new Date("2026-11-26T20:59:00Z"), "02:30")).toBeUndefined();
    expect(dueDay(new Date("2026-11-26T21:00:00Z"), "02:30")).toBe("2026-11-27");
    expect(dueDay(new Date("2026-11-27T18:29:00Z"), "02:30")).toBe("2026-11-27");
    expect(dueDay(new Date("2026-11-27T18:30:00Z"), "02:30")).toBeUndefined();
    expect(dueDay(new Date("2026-12-31T21:00:00Z"), "02:30")).toBe("2027-01-01");
  });
});

describe("backup files", () => {
  it("are named by their time, and only such names are pruned or served", () => {
    const name = backupFileName(new Date("2026-11-27T02:30:00.123Z"));
    expect(name).toBe("shop-backup-2026-11-27T02-30-00-123Z.tar.gz");
    expect(isBackupFileName(name)).toBe(true);
    for (const other of [
      "../shop-backup-2026-11-27T02-30-00-123Z.tar.gz",
      "session-secret",
      `${name}.partial`,
      "",
    ]) {
      expect(isBackupFileName(other), other).toBe(false);
    }
  });

  it("say their age in words", () => {
    expect(ageInWords(20_000)).toBe("less than a minute");
    expect(ageInWords(60_000)).toBe("1 minute");
    expect(ageInWords(90 * 60_000)).toBe("90 minutes");
    expect(ageInWords(30 * 3_600_000)).toBe("30 hours");
    expect(ageInWords(72 * 3_600_000)).toBe("3 days");
  });
});

describe("a dump made for psql", () => {
  it("loses only psql's \\restrict lines and transaction_timeout, which older servers do not know", () => {
    const sql =
      "\\restrict abc\nSET transaction_timeout = 0;\nSET lock_timeout = 0;\nINSERT INTO t VALUES ('\\restrict');\n\\unrestrict abc";
    expect(cleanDump(sql)).toBe("SET lock_timeout = 0;\nINSERT INTO t VALUES ('\\restrict');");
  });
});

describe("npm run backup's token", () => {
  it("is this installation's alone", () => {
    const token = backupCommandToken("secret-one-0123456789-0123456789");
    expect(isBackupCommand(`Bearer ${token}`, "secret-one-0123456789-0123456789")).toBe(true);
    expect(isBackupCommand(`Bearer ${token}`, "secret-two-0123456789-0123456789")).toBe(false);
    expect(isBackupCommand(null, "secret-one-0123456789-0123456789")).toBe(false);
    expect(isBackupCommand(token, "secret-one-0123456789-0123456789")).toBe(false);
  });
});
