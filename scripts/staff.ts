import path from "node:path";
import { createInterface } from "node:readline";
import { parseArgs } from "node:util";
import { ownerSetupServerSchema } from "~/features/accounts/index.server";
import { STAFF_ROLES } from "~/features/staff";
import { addStaffMember, setStaffPassword } from "~/features/staff/index.server";
import { loadConfig } from "../app/lib/config.server";
import { openDatabaseFromConfig } from "./lib/database";

/*
 * npm run staff -- add --email asha@example.in --name "Asha Rao" --role owner
 * npm run staff -- password --email asha@example.in
 *
 * Adds a back-office account to the shop's database, or sets a member's new password (an owner who forgot
 * theirs). Stop a shop that runs on the embedded database first; with DATABASE_URL it may keep running. The
 * password is read from standard input, never an argument, so it stays out of the shell history and the
 * process list.
 */

const usage = [
  'Usage: npm run staff -- add --email EMAIL --name "NAME" --role owner|staff',
  "       npm run staff -- password --email EMAIL",
  "(the password is read from standard input)",
].join("\n");

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { email: { type: "string" }, name: { type: "string" }, role: { type: "string" } },
});

const command = positionals.length === 1 ? positionals[0] : undefined;
if (command !== "add" && command !== "password") {
  console.error(usage);
  process.exit(1);
}
const role = STAFF_ROLES.find((r) => r === values.role);
if (command === "add" && !role) {
  console.error(`--role must be owner or staff.\n${usage}`);
  process.exit(1);
}

/** One line from standard input; on a terminal it is asked for without echoing what is typed. */
const piped = process.stdin.isTTY
  ? undefined
  : createInterface({ input: process.stdin })[Symbol.asyncIterator]();

async function readPassword(prompt: string): Promise<string> {
  const input = process.stdin;
  if (piped) return (await piped.next()).value ?? "";
  process.stderr.write(prompt);
  input.setRawMode(true);
  input.resume();
  let typed = "";
  return new Promise((resolve) => {
    const onData = (chunk: Buffer) => {
      for (const character of chunk.toString("utf8")) {
        if (character === "\r" || character === "\n" || character === "\u0004") {
          input.setRawMode(false);
          input.pause();
          input.off("data", onData);
          process.stderr.write("\n");
          resolve(typed);
          return;
        }
        if (character === "\u0003") process.exit(130);
        typed = character === "\u007f" || character === "\b" ? typed.slice(0, -1) : typed + character;
      }
    };
    input.on("data", onData);
  });
}

/** What the audit trail records as the actor of a change made here. */
const COMMAND_LINE = { id: null, name: "npm run staff" };

// The database first: a running shop that holds the embedded database is named before anyone types a password.
const handle = await openDatabaseFromConfig();
try {
  const password = await readPassword("Password: ");
  // On a terminal the password is typed twice: a typo here would lock the new owner out.
  if (process.stdin.isTTY && (await readPassword("Password again: ")) !== password) {
    console.error("The two passwords differ; nothing was changed.");
    process.exit(1);
  }
  const parsed = ownerSetupServerSchema.safeParse({
    name: command === "add" ? values.name : "unchanged",
    email: values.email,
    password,
  });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) console.error(`${issue.path.join(".")}: ${issue.message}`);
    process.exit(1);
  }
  const where = `the ${handle.kind === "postgres" ? "PostgreSQL" : "embedded"} database${handle.kind === "postgres" ? "" : ` in ${path.resolve(loadConfig().dataDir)}`}`;
  if (command === "password") {
    const set = await setStaffPassword(handle.db, COMMAND_LINE, parsed.data.email, password);
    if (!set.ok) {
      console.error(`No staff member has the email ${parsed.data.email} in ${where}.`);
      process.exitCode = 1;
    } else {
      console.info(
        `New password set for ${set.member.name} <${set.member.email}>; their sessions are ended.${set.disabled ? " The account is disabled: an owner must enable it." : " Log in at /admin/login."}`,
      );
    }
  } else if (role) {
    const added = await addStaffMember(handle.db, COMMAND_LINE, { ...parsed.data, role });
    if (!added.ok) {
      console.error(`A staff member with the email ${parsed.data.email} already exists.`);
      process.exitCode = 1;
    } else {
      console.info(
        `Added ${added.member.name} <${added.member.email}> as ${role} to ${where}. Log in at /admin/login.`,
      );
    }
  }
} finally {
  await handle.close();
}
