import { createDb } from '../db/db';
import { readServerEnv } from '../env';
import { auditVerifyReport } from './verify';

/**
 * `npm run audit:verify`: checks the audit trail's hash chain in the database the server uses (DATABASE_URL, else
 * DATA_DIR). A PGlite folder is opened by one process at a time: stop the server first.
 */
const env = readServerEnv(process.env);
const db = await createDb({ dataDir: env.dataDir, databaseUrl: env.databaseUrl });
try {
  const report = await auditVerifyReport(db);
  (report.exitCode === 0 ? console.log : console.error)(report.message);
  process.exitCode = report.exitCode;
} finally {
  await db.close();
}
