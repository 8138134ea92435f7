// `npm run reset-password -- <email>`: sets a new password for a staff account without deleting
// ./data (decision 033). Uses DATABASE_URL when set, otherwise the embedded database in DATA_DIR
// (default ./data; stop the server first, the embedded database belongs to one process). Prints a
// new random password, or sets the one in RESET_PASSWORD. Exit code 0 on success, 1 otherwise.
import { existsSync } from "node:fs";
import path from "node:path";
import { openDatabase } from "../app/db/connection.server";
import { resetStaffPassword } from "../app/features/staff/reset-password.server";
import { de } from "../app/i18n/de-staff";

const texts = de.passwordReset;

async function main(args: string[]): Promise<number> {
  const email = args.find((arg) => !arg.startsWith("-"));
  if (!email || args.includes("--help") || args.includes("-h")) {
    console.error(texts.usage);
    return 1;
  }
  const databaseUrl = process.env.DATABASE_URL || undefined;
  const dataDir = path.resolve(process.env.DATA_DIR || "data");
  if (!databaseUrl && !existsSync(path.join(dataDir, "PG_VERSION"))) {
    console.error(texts.failed(`${dataDir} enthält keine Datenbank.`));
    return 1;
  }
  const handle = await openDatabase({ databaseUrl, dataDir, maxConnections: 1 });
  try {
    const own = process.env.RESET_PASSWORD || undefined;
    const result = await resetStaffPassword(handle.db, { email, password: own });
    if (!result.ok) {
      console.error(texts.failed(result.message));
      return 1;
    }
    console.log(texts.done(result.email, result.endedSessions));
    console.log(own ? texts.ownPassword : texts.newPassword(result.password));
    if (result.isLocked) console.log(texts.locked);
    return 0;
  } finally {
    await handle.close();
  }
}

process.exitCode = await main(process.argv.slice(2));
