/**
 * QA review's figures and export (GET /bff/review/scores and /bff/review/export.csv): the average
 * score and the agreement per agent, and one CSV line per review. Reads through ./store.ts.
 */
import type { Queryable } from '../../../common/db';
import { agreementOf, REVIEW_CSV_COLUMNS, type AgentScores } from '../../../contract/bff/review';
import { csvSafeCell } from '../../../contract/csv-safe';
import { agentScores, comparableReviews, type ExportRow, type PinnedComment, type ReviewRange, type ReviewRow } from './store';
import { toReview } from './shapes';

const iso = (d: Date | string) => new Date(d).toISOString();

/**
 * Per agent: marked reviews, calls, the average score, and the agreement: the mean over calls with
 * two marked reviews or more of the same rubric version.
 */
export async function scoresOf(db: Queryable, range: ReviewRange): Promise<AgentScores> {
  const rows = await agentScores(db, range);
  const pairs = await comparableReviews(db, range);
  const byCall = new Map<string, ReviewRow[]>();
  for (const r of pairs) byCall.set(`${r.call_id}|${r.rubric_version}`, [...(byCall.get(`${r.call_id}|${r.rubric_version}`) ?? []), r]);
  const shares = new Map<string, number[]>();
  for (const group of byCall.values()) {
    const share = agreementOf(group.map(toReview))?.share;
    if (share !== null && share !== undefined) shares.set(group[0]!.agent_id, [...(shares.get(group[0]!.agent_id) ?? []), share]);
  }
  return {
    content: rows.map((r) => {
      const s = shares.get(r.agent_id);
      return {
        agentId: r.agent_id,
        reviews: r.reviews,
        calls: r.calls,
        averageScore: r.average === null ? null : Number(r.average),
        agreement: s?.length ? Math.round((s.reduce((a, b) => a + b, 0) / s.length) * 1000) / 1000 : null,
      };
    }),
  };
}

/** The reviews as CSV (REVIEW_CSV_COLUMNS, CRLF lines, every cell made safe for spreadsheets). */
export function reviewsCsv(rows: readonly ExportRow[]): string {
  const lines = [REVIEW_CSV_COLUMNS.join(',')];
  // As the review shows them: a transcript line counts from 1.
  const pinned = (c: PinnedComment) => (c.line !== null ? `Line ${c.line + 1}: ${c.text}` : c.atSeconds !== null ? `At ${c.atSeconds} s: ${c.text}` : c.text);
  for (const r of rows) {
    const labels = (pass: boolean) =>
      (r.items ?? [])
        .filter((i) => r.scores[String(i.id)] === pass)
        .map((i) => i.label)
        .join('; ');
    lines.push(
      [
        r.call_id,
        r.agent_id,
        iso(r.start_time),
        r.reviewer,
        r.reviewed_at ? 'yes' : 'no',
        r.reviewed_at ? iso(r.reviewed_at) : '',
        Number(r.score).toFixed(2),
        labels(true),
        labels(false),
        r.note,
        r.comments.length,
        r.comments.map(pinned).join('\n'),
        r.rubric_version,
      ]
        .map((v) => csvSafeCell(v))
        .join(','),
    );
  }
  return lines.join('\r\n') + '\r\n';
}
