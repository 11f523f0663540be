/**
 * The README's configuration table, generated from `CONFIG_DOC` in server/config.ts (one line per
 * setting the BFF reads). `npx tsx scripts/config-doc.ts` rewrites the table between the README's
 * markers, formatted by Prettier with the project's config; config-doc.test.ts fails when the
 * README and CONFIG_DOC differ.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { format, resolveConfig } from 'prettier';
import { CONFIG_DOC } from '../server/config';

export const README_PATH = fileURLToPath(new URL('../README.md', import.meta.url));
const START = '<!-- config-table: generated from CONFIG_DOC in server/config.ts by scripts/config-doc.ts -->';
const END = '<!-- /config-table -->';

/** The table, one row per setting, in CONFIG_DOC's order. */
export function configTable(doc: Record<string, string> = CONFIG_DOC): string {
  const rows = Object.entries(doc).map(([name, meaning]) => `| \`${name}\` | ${meaning.replaceAll('|', '\\|')} |`);
  return ['| Variable | Meaning |', '| --- | --- |', ...rows].join('\n');
}

/** The README with its table replaced by the generated one, formatted as `prettier --write` would. */
export async function withConfigTable(readme: string, doc: Record<string, string> = CONFIG_DOC): Promise<string> {
  const start = readme.indexOf(START);
  const end = readme.indexOf(END);
  if (start < 0 || end < start) throw new Error(`README.md has no configuration table markers (${START} … ${END}).`);
  const next = `${readme.slice(0, start + START.length)}\n\n${configTable(doc)}\n\n${readme.slice(end)}`;
  const options = (await resolveConfig(README_PATH)) ?? {};
  return format(next, { ...options, filepath: README_PATH });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  writeFileSync(README_PATH, await withConfigTable(readFileSync(README_PATH, 'utf8')));
  console.log('README.md: configuration table written from CONFIG_DOC.');
}
