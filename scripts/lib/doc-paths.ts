/**
 * The repository paths a document or a comment names, so a test can say which of them no longer
 * exist (a renamed file leaves its old name behind in prose long after the code moved on).
 *
 * What counts as a named path:
 * - in Markdown and in source comments, a token that starts at one of the repository's top folders
 *   (`server/routes/alerts.ts`, `docs/decisions/`);
 * - in Markdown, outside code blocks, a relative link target (`[ADR 0007](decisions/0007-….md)`), resolved from the
 *   document's folder;
 * - in Markdown, a backticked file path with an extension (`model/search-params.ts`): prose often
 *   names a file relative to the section it is in, so it counts as found when some tracked file
 *   ends with it.
 * Patterns are not paths: a token with `*`, `{`, `<` or `>` next to it is passed over.
 */
import { dirname, join, normalize } from 'node:path';

const TOP = String.raw`(?:src|server|contract|simulator|common|scripts|e2e|resilience|bench|docs|public|\.ci)`;
const ROOTED = new RegExp(String.raw`(?<![\w./@-])(${TOP}/[\w.\-/$]*[\w$])`, 'g');
const LINK = /\]\(([^)#\s]+)(?:#[^)]*)?\)/g;
const BACKTICKED = /`([\w.$-]+(?:\/[\w.$-]+)+\.(?:ts|tsx|md|json|mjs|js|css|html|yml|cfg))`/g;
const COMMENT_LINE = /^\s*(\/\/|\*|\/\*)/;
const PATTERN_CHARS = /[*{}<>]/;

export interface NamedPath {
  line: number;
  /** As written. */
  text: string;
  /** Candidate repository paths; the name is true when any exists (or, for `suffix`, any file ends with it). */
  candidates: string[];
  suffix?: string;
}

/** The paths that `file` (a repository path) names, given its text. */
export function namedPaths(file: string, text: string): NamedPath[] {
  const markdown = file.endsWith('.md');
  const found: NamedPath[] = [];
  let fenced = false;
  text.split('\n').forEach((lineText, index) => {
    const line = index + 1;
    if (markdown && lineText.trimStart().startsWith('```')) fenced = !fenced;
    if (!markdown && !COMMENT_LINE.test(lineText)) return;
    for (const m of lineText.matchAll(ROOTED)) {
      const path = m[1]!;
      if (PATTERN_CHARS.test(lineText.slice(m.index, m.index + path.length + 1))) continue;
      found.push({ line, text: path, candidates: [path] });
    }
    if (!markdown) return;
    // A link inside a code block is an example, not a link.
    if (!fenced)
      for (const m of lineText.matchAll(LINK)) {
        const target = m[1]!;
        if (/^[a-z]+:/i.test(target)) continue;
        found.push({ line, text: target, candidates: [normalize(join(dirname(file), target))] });
      }
    for (const m of lineText.matchAll(BACKTICKED)) {
      const path = m[1]!;
      if (found.some((f) => f.line === line && f.text === path)) continue;
      found.push({ line, text: path, candidates: [path, normalize(join(dirname(file), path))], suffix: `/${path}` });
    }
  });
  return found;
}

/** The names among `paths` that point at nothing in `tracked` (every tracked file and its folders). */
export function missingPaths(paths: NamedPath[], tracked: Set<string>, trackedFiles: string[]): NamedPath[] {
  return paths.filter((p) => !p.candidates.some((c) => tracked.has(c.replace(/\/$/, ''))) && !(p.suffix && trackedFiles.some((f) => f.endsWith(p.suffix!))));
}

/** Every tracked file and every folder above one. */
export function trackedSet(files: string[]): Set<string> {
  const all = new Set<string>();
  for (const f of files) {
    all.add(f);
    for (let d = dirname(f); d !== '.'; d = dirname(d)) all.add(d);
  }
  return all;
}
