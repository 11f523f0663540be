/**
 * The contact page's read (GET /bff/contacts/:phone): one number's history from the call index,
 * its do-not-call entry and the QA of its calls. Every query rides on index_calls (phone,
 * start_time) and is bounded by CONTACT_LIMITS, so a number with thousands of calls costs what one
 * with CONTACT_LIMITS.calls does; the queries run side by side on the pool.
 */
import type { Queryable } from '../../../common/db';
import { CONTACT_LIMITS, type Contact, type ContactCall, type ContactCampaign, type ContactReview } from '../../../contract/bff/contacts';
import type { ReviewComment } from '../../../contract/bff/review';
import type { CallStatus } from '../../../contract/enums';
import type { JsonValue } from '../../../contract/json';
import { findListed } from '../do-not-call/list';

const iso = (d: Date | string) => new Date(d).toISOString();

interface CallRow {
  id: string;
  agent_id: string;
  type: string;
  status: CallStatus;
  start_time: Date;
  end_time: Date | null;
  duration: number | null;
  recorded: boolean;
  campaign_name: string | null;
  total: number;
}

/** The contact of a number already in E.164 (the route normalises it); `indexedAt` from the sync state. */
export async function readContact(db: Queryable, phone: string, indexedAt: Date | null): Promise<Omit<Contact, 'recipientOf'>> {
  const [calls, campaigns, latest, context, listed, reviews, comments] = await Promise.all([
    db.query<CallRow>(
      `SELECT id, agent_id, type, status, start_time, end_time, duration, recorded, campaign_name, count(*) OVER ()::int AS total
         FROM index_calls WHERE phone = $1 ORDER BY start_time DESC, id DESC LIMIT $2`,
      [phone, CONTACT_LIMITS.calls],
    ),
    db.query<{ campaign_name: string | null; attempts: number; last_status: CallStatus; last_at: Date }>(
      `SELECT campaign_name, count(*)::int AS attempts,
              (array_agg(status ORDER BY start_time DESC, id DESC))[1] AS last_status, max(start_time) AS last_at
         FROM index_calls WHERE phone = $1 GROUP BY campaign_name ORDER BY max(start_time) DESC`,
      [phone],
    ),
    db.query<{ kind: 'extracted' | 'classification'; id: string; start_time: Date; data: Record<string, JsonValue> }>(
      `(SELECT 'extracted' AS kind, id, start_time, extracted AS data FROM index_calls
         WHERE phone = $1 AND extracted <> '{}'::jsonb ORDER BY start_time DESC, id DESC LIMIT 1)
       UNION ALL
       (SELECT 'classification', id, start_time, classification FROM index_calls
         WHERE phone = $1 AND classification <> '{}'::jsonb ORDER BY start_time DESC, id DESC LIMIT 1)`,
      [phone],
    ),
    // Distinct values per key, newest first; objects and arrays shown as their JSON text.
    db.query<{ key: string; values: string[] }>(
      `WITH kv AS (
         SELECT kv.key, CASE WHEN jsonb_typeof(kv.value) = 'string' THEN kv.value #>> '{}' ELSE kv.value::text END AS value, max(c.start_time) AS at
           FROM index_calls c CROSS JOIN LATERAL jsonb_each(coalesce(c.doc->'context', '{}'::jsonb)) AS kv
          WHERE c.phone = $1 AND jsonb_typeof(c.doc->'context') = 'object' AND kv.key <> 'system'
          GROUP BY 1, 2),
       ranked AS (SELECT key, value, at, row_number() OVER (PARTITION BY key ORDER BY at DESC, value) AS n, max(at) OVER (PARTITION BY key) AS key_at FROM kv)
       SELECT key, array_agg(value ORDER BY n) AS values FROM ranked WHERE n <= $2
        GROUP BY key ORDER BY max(key_at) DESC, key LIMIT $3`,
      [phone, CONTACT_LIMITS.contextValues, CONTACT_LIMITS.contextKeys],
    ),
    findListed(db, [phone]),
    db.query<{ call_id: string; reviewer: string; score: string; note: string; reviewed_at: Date | null; updated_at: Date }>(
      `SELECT r.call_id, r.reviewer, r.score, r.note, r.reviewed_at, r.updated_at FROM reviews r
        WHERE r.call_id IN (SELECT id FROM index_calls WHERE phone = $1)
        ORDER BY r.updated_at DESC, r.call_id, r.reviewer LIMIT $2`,
      [phone, CONTACT_LIMITS.reviews],
    ),
    db.query<{ id: number; call_id: string; author: string; text: string; line: number | null; at_seconds: number | null; created_at: Date }>(
      `SELECT m.id, m.call_id, m.author, m.text, m.line, m.at_seconds, m.created_at FROM review_comments m
        WHERE m.call_id IN (SELECT id FROM index_calls WHERE phone = $1)
        ORDER BY m.created_at DESC, m.id DESC LIMIT $2`,
      [phone, CONTACT_LIMITS.comments],
    ),
  ]);
  const pick = (kind: 'extracted' | 'classification') => {
    const row = latest.rows.find((r) => r.kind === kind);
    return row ? { callId: row.id, at: iso(row.start_time), data: row.data } : null;
  };
  return {
    phone,
    totalCalls: calls.rows[0]?.total ?? 0,
    calls: calls.rows.map((r): ContactCall => ({
      id: r.id,
      agentId: r.agent_id,
      type: r.type,
      status: r.status,
      startTime: iso(r.start_time),
      endTime: r.end_time ? iso(r.end_time) : null,
      duration: r.duration,
      recorded: r.recorded,
      campaignName: r.campaign_name,
    })),
    campaigns: campaigns.rows.map((r): ContactCampaign => ({
      campaignName: r.campaign_name,
      attempts: r.attempts,
      lastStatus: r.last_status,
      lastAt: iso(r.last_at),
    })),
    extracted: pick('extracted'),
    classification: pick('classification'),
    context: context.rows.map((r) => ({ key: r.key, values: r.values })),
    doNotCall: listed.get(phone) ?? null,
    reviews: reviews.rows.map((r): ContactReview => ({
      callId: r.call_id,
      reviewer: r.reviewer,
      score: Number(r.score),
      note: r.note,
      reviewed: r.reviewed_at !== null,
      reviewedAt: r.reviewed_at ? iso(r.reviewed_at) : null,
    })),
    comments: comments.rows.map((r): ReviewComment => ({
      id: r.id,
      callId: r.call_id,
      author: r.author,
      text: r.text,
      line: r.line,
      atSeconds: r.at_seconds,
      createdAt: iso(r.created_at),
    })),
    indexedAt: indexedAt ? indexedAt.toISOString() : null,
  };
}
