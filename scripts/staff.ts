import path from "node:path";
import { createInterface } from "node:readline";
import { parseArgs } from "node:util";
import { loadConfig } from "../app/config.server";
import { STAFF_ROLES } from "../app/lib/forms/staff";
import { ownerSetupServerSchema } from "../app/modules/accounts/common-passwords.server";
import { addStaffMember } from "../app/modules/staff/staff.server";
import { openDatabaseFromConfig } from "./lib/database";

/*
 * npm run staff -- add --email asha@example.in --name "Asha Rao" --role owner
 *
 * Adds a back-office account to the shop's database (stop a shop that runs on the embedded database first;
 * with DATABASE_URL it may keep running). The password is read from standard input, never an argument, so it
 * stays out of the shell history and the process list.
 */

const usage =
  'Usage: npm run staff -- add --email EMAIL --name "NAME" --role owner|staff  (password on standard input)';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { email: { type: "string" }, name: { type: "string" }, role: { type: "string" } },
});

if (positionals[0] !== "add" || positionals.length !== 1) {
  console.error(usage);
  process.exit(1);
}
const role = STAFF_ROLES.find((r) => r === values.role);
if (!role) {
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

// The database first: a running shop that holds the embedded database is named before anyone types a password.
const handle = await openDatabaseFromConfig();
try {
  const password = await readPassword("Password: ");
  // On a terminal the password is typed twice: a typo here would lock the new owner out.
  if (process.stdin.isTTY && (await readPassword("Password again: ")) !== password) {
    console.error("The two passwords differ; nothing was added.");
    process.exit(1);
  }
  const parsed = ownerSetupServerSchema.safeParse({ name: values.name, email: values.email, password });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) console.error(`${issue.path.join(".")}: ${issue.message}`);
    process.exit(1);
  }
  const added = await addStaffMember(
    handle.db,
    { id: null, name: "npm run staff" },
    { ...parsed.data, role },
  );
  if (!added.ok) {
    console.error(`A staff member with the email ${parsed.data.email} already exists.`);
    process.exitCode = 1;
  } else {
    console.info(
      `Added ${added.member.name} <${added.member.email}> as ${role} to the ${handle.kind === "postgres" ? "PostgreSQL" : "embedded"} database${handle.kind === "postgres" ? "" : ` in ${path.resolve(loadConfig().dataDir)}`}. Log in at /admin/login.`,
    );
  }
} finally {
  await handle.close();
}
