/**
 * `npm run user -- <command>`: staff accounts in the BFF's database (DATABASE_URL, else the
 * embedded server's: the one `npm start` runs, or started for the command when none runs).
 *
 *   add NAME --role viewer|operator|admin [--password-stdin]
 *   reset NAME [--password-stdin]      new password; the user's sessions end
 *   disable NAME | enable NAME         a disabled user's sessions end at once
 *   list
 *
 * Without --password-stdin a random password is generated and printed once.
 */
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { Role } from '../../contract/bff/roles';
import { migrate, openDb } from '../../common/db';
import { EMBEDDED_DATABASES, useEmbeddedPostgres } from '../../common/embedded-postgres';
import { MIGRATIONS } from '../db/migrations';
import { addUser, findUser, resetPassword, setUserEnabled } from '../services/auth/users';

const USAGE =
  'Usage: npm run user -- add NAME --role viewer|operator|admin [--password-stdin] | reset NAME [--password-stdin] | disable NAME | enable NAME | list';
const Username = z.string().regex(/^[A-Za-z0-9._@-]{1,100}$/, { error: 'A username is 1-100 letters, digits or . _ @ -' });
const MIN_PASSWORD = 12;

async function readPassword(fromStdin: boolean): Promise<{ password: string; generated: boolean }> {
  if (!fromStdin) return { password: randomBytes(12).toString('base64url'), generated: true };
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  const password = Buffer.concat(chunks)
    .toString('utf8')
    .replace(/\r?\n$/, '');
  if (password.length < MIN_PASSWORD) throw new Error(`The password must be at least ${MIN_PASSWORD} characters.`);
  return { password, generated: false };
}

export async function runUserCommand(argv: string[], env: NodeJS.ProcessEnv = process.env, out: (line: string) => void = console.log): Promise<void> {
  const [command, name, ...rest] = argv;
  const flag = (f: string) => rest.includes(f);
  const option = (f: string) => (rest.indexOf(f) >= 0 ? rest[rest.indexOf(f) + 1] : undefined);
  if (!command || (command !== 'list' && !name)) throw new Error(USAGE);
  const username = command === 'list' ? '' : Username.parse(name);

  const embedded = env.DATABASE_URL ? undefined : await useEmbeddedPostgres([EMBEDDED_DATABASES.bff], { dataDir: env.DB_DATA_DIR });
  const db = await openDb({ url: env.DATABASE_URL ?? embedded!.url(EMBEDDED_DATABASES.bff) }).catch(async (error: unknown) => {
    await embedded?.stop();
    throw error;
  });
  try {
    await migrate(db, MIGRATIONS, 'bff_migrations');
    switch (command) {
      case 'add': {
        const role = Role.safeParse(option('--role'));
        if (!role.success) throw new Error(`--role must be one of ${Role.options.join(', ')}.`);
        if (await findUser(db, username)) throw new Error(`The user ${username} already exists (use reset).`);
        const { password, generated } = await readPassword(flag('--password-stdin'));
        await addUser(db, username, role.data, password);
        out(`Added ${username} (${role.data}).${generated ? ` Password: ${password}` : ''}`);
        break;
      }
      case 'reset': {
        if (!(await findUser(db, username))) throw new Error(`No user ${username}.`);
        const { password, generated } = await readPassword(flag('--password-stdin'));
        await resetPassword(db, username, password);
        out(`Reset the password of ${username}; their sessions ended.${generated ? ` Password: ${password}` : ''}`);
        break;
      }
      case 'disable':
      case 'enable': {
        if (!(await setUserEnabled(db, username, command === 'enable'))) throw new Error(`No user ${username}.`);
        out(command === 'enable' ? `Enabled ${username}.` : `Disabled ${username}; their sessions ended.`);
        break;
      }
      case 'list': {
        const { rows } = await db.query<{ username: string; role: string; enabled: boolean }>('SELECT username, role, enabled FROM users ORDER BY username');
        for (const r of rows) out(`${r.username}\t${r.role}\t${r.enabled ? 'enabled' : 'disabled'}`);
        break;
      }
      default:
        throw new Error(USAGE);
    }
  } finally {
    await db.close();
    await embedded?.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  runUserCommand(process.argv.slice(2)).catch((error: Error) => {
    console.error(error instanceof z.ZodError ? error.issues[0]?.message : error.message);
    process.exit(1);
  });
}
