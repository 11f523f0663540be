/**
 * docs/decisions/README.md lists every ADR, with the status its own page gives (accepted, or
 * superseded by a later one), and every ADR page has a status.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const DIR = 'docs/decisions';
const pages = readdirSync(DIR).filter((f) => /^\d{4}-.*\.md$/.test(f));
const index = readFileSync(`${DIR}/README.md`, 'utf8');

/** "accepted" or "superseded by NNNN", from a page's `**Status**:` line. */
function statusOf(page: string): string | undefined {
  const line = readFileSync(`${DIR}/${page}`, 'utf8').match(/^\*\*Status\*\*:\s*(.+)$/m)?.[1];
  if (!line) return undefined;
  const superseded = line.match(/superseded by \[?(\d{4})/i);
  return superseded ? `superseded by ${superseded[1]}` : line.split(/[;,]/)[0]!.trim();
}

describe('the ADR index', () => {
  it('every ADR page has a status', () => {
    expect(pages.filter((p) => !statusOf(p))).toEqual([]);
  });

  it('lists every ADR with the status its page gives', () => {
    const wrong = pages.filter((page) => {
      const row = index.split('\n').find((l) => l.includes(`](${page})`));
      if (!row) return true;
      const status = statusOf(page)!;
      // A row's status may link its successor: "superseded by [0031](0031-….md)".
      const said = row.replace(/\[([^\]]*)\]\([^)]*\)/g, '$1').toLowerCase();
      return !said.includes(status.toLowerCase());
    });
    expect(wrong).toEqual([]);
  });
});
