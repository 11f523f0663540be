/**
 * A transcript hit's snippet as runs of plain text, the matched words marked. The server sends
 * runs (never HTML); this tidies them for display: empty runs dropped, neighbours of the same
 * kind merged, and a long snippet cut around its first match with ellipses. The result is
 * rendered as text nodes and <mark> elements, so nothing in it is ever parsed as markup.
 */
export interface SnippetRun {
  text: string;
  match: boolean;
}

export function snippetRuns(parts: readonly SnippetRun[], maxChars = 160): SnippetRun[] {
  const runs: SnippetRun[] = [];
  for (const part of parts) {
    if (!part.text) continue;
    const last = runs[runs.length - 1];
    if (last && last.match === part.match) last.text += part.text;
    else runs.push({ text: part.text, match: part.match });
  }
  const total = runs.reduce((n, r) => n + r.text.length, 0);
  if (total <= maxChars) return runs;
  // Keep the first match whole with context before it, then as much as fits after.
  const first = Math.max(
    0,
    runs.findIndex((r) => r.match),
  );
  const before = runs.slice(0, first).reduce((n, r) => n + r.text.length, 0);
  const lead = Math.min(before, Math.floor(maxChars / 4));
  let skip = before - lead;
  let budget = maxChars;
  const out: SnippetRun[] = [];
  for (const run of runs) {
    if (budget <= 0) break;
    let text = run.text;
    if (skip > 0) {
      const cut = Math.min(skip, text.length);
      text = text.slice(cut);
      skip -= cut;
      if (!text) continue;
    }
    if (!run.match && text.length > budget) text = text.slice(0, budget);
    budget -= text.length;
    out.push({ text, match: run.match });
  }
  if (before - lead > 0) out.unshift({ text: '…', match: false });
  if (budget <= 0 || out.reduce((n, r) => n + r.text.length, 0) < total) out.push({ text: '…', match: false });
  return mergeAdjacent(out);
}

function mergeAdjacent(runs: SnippetRun[]): SnippetRun[] {
  const out: SnippetRun[] = [];
  for (const run of runs) {
    const last = out[out.length - 1];
    if (last && last.match === run.match) last.text += run.text;
    else out.push({ ...run });
  }
  return out;
}
