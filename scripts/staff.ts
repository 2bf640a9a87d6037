/**
 * The desk's staff accounts, from the server's machine (the first admin is made here):
 * `npm run staff -- add EMAIL --name NAME --role adviser|manager|admin`
 * `npm run staff -- list`
 * `npm run staff -- disable EMAIL` (ends the account's sessions at once)
 * Uses the database the server uses: DATABASE_URL, else DATA_DIR's SQLite file.
 * Bad input: one line on standard error, exit 2.
 */
import { parseArgs } from "node:util";
import { withToolDatabase } from "../server/db/tools";
import { isEmail, isRole, ROLES, StaffAccounts, StaffError } from "../server/desk/staff";

const usage =
  "Usage: npm run staff -- add EMAIL --name NAME --role adviser|manager|admin | list | disable EMAIL";

function refuse(why: string): never {
  console.error(`${why} ${usage}`);
  process.exit(2);
}

let parsed;
try {
  parsed = parseArgs({
    args: process.argv.slice(2),
    options: { name: { type: "string" }, role: { type: "string" }, help: { type: "boolean" } },
    allowPositionals: true,
  });
} catch (error) {
  refuse((error as Error).message);
}
const { values, positionals } = parsed;
if (values.help) {
  console.log(usage);
  process.exit(0);
}
const [command, email, ...rest] = positionals;
if (rest.length) refuse(`Unexpected: ${rest.join(" ")}`);

if (command === "add") {
  if (!email || !isEmail(email)) refuse("add needs the person's e-mail address.");
  if (!values.name?.trim()) refuse("add needs --name NAME.");
  if (!isRole(values.role)) refuse(`--role must be one of ${ROLES.join(", ")}.`);
} else if (command === "disable") {
  if (!email || !isEmail(email)) refuse("disable needs the account's e-mail address.");
} else if (command === "list") {
  if (email || values.name || values.role) refuse("list takes nothing more.");
} else refuse(command ? `Unknown command: ${command}` : "Say what to do.");

const code = await withToolDatabase(async ({ db }) => {
  const accounts = new StaffAccounts(db);
  try {
    if (command === "add") {
      const member = await accounts.add(email, values.name ?? "", values.role as never);
      console.log(`Added ${member.email} (${member.name}) as ${member.role}.`);
    } else if (command === "disable") {
      const member = await accounts.byEmail(email);
      if (!member) {
        console.error(`No account for ${email}.`);
        return 1;
      }
      await accounts.setDisabled(member.id, true);
      console.log(`Disabled ${member.email}; its sessions are ended.`);
    } else {
      const members = await accounts.list();
      if (!members.length)
        console.log("No staff accounts yet: npm run staff -- add EMAIL --name NAME --role admin");
      for (const m of members)
        console.log(
          `${m.email}\t${m.name}\t${m.role}${m.disabled ? "\tdisabled" : ""}${m.lastVisitAt ? `\tlast visit ${m.lastVisitAt}` : ""}`,
        );
    }
    return 0;
  } catch (error) {
    if (!(error instanceof StaffError)) throw error;
    console.error(error.message);
    return 2;
  }
});
process.exitCode = code;
