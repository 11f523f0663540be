/**
 * Grows the call index to a real account's volume (issue 31) with set-based SQL (generate_series),
 * keeping every table in step: index_calls (a valid Call document per row, ~1 KB as the upstream's),
 * index_transcripts (four lines, their tsvector, their call's filter columns), index_call_facts (copied from the calls) and the
 * Insights rollups (computed afresh from the facts with migration 019's own SQL). Every call starts
 * within the last `days` days, so the whole index is in Insights' 30-day window.
 *
 * The spread follows the simulator's seed (simulator/seed, simulator/domain/place-call.ts): eight
 * agents, five campaigns each called by one agent (40 % of calls), the outcome weights and duration
 * ranges of place-call. Transcripts (80 % of calls: not the rejected, unreachable or failed ones)
 * hold words every eighth call shares ("appointment", "delivery", …), "my order", an order number
 * unique to the call (ORD-<n>), a reference shared by one call in 20,011 (ref<n mod 20011>: a rare
 * word, ~5 calls at 100k, ~150 at 3M) and never "zeppelin" (the absent word).
 */
import type { Db } from '../../common/db';
import { INDEX_ROLLUPS_FROM_FACTS } from '../../server/db/migrations';
import { TS_CONFIG } from '../../server/services/call-index/query';

/** The generated agents and campaigns (fixed ids: the bench asks Insights for one of each). */
export const VOLUME_AGENTS = Array.from({ length: 8 }, (_, i) => `00000000-0000-4000-8000-00000000000${i + 1}`);
export const VOLUME_CAMPAIGNS = ['Spring renewals', 'Winter survey', 'Payment reminders', 'Win-back', 'Onboarding check'];
export const VOLUME_WORDS = { common: 'appointment', rare: 'ref4242', absent: 'zeppelin', phrase: '"my order"' };

const BATCH = 100_000;

/** Adds calls numbered from the current count up to `total` (a no-op when the index holds as many). */
export async function growIndex(db: Db, total: number, days = 30, log: (m: string) => void = () => undefined): Promise<void> {
  const have = (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM index_calls')).rows[0]!.n;
  for (let from = have + 1; from <= total; from += BATCH) {
    const to = Math.min(total, from + BATCH - 1);
    const t = Date.now();
    await db.transaction(async (tx) => {
      await tx.query(CALLS_SQL, [from, to, days, VOLUME_AGENTS, VOLUME_CAMPAIGNS]);
      await tx.query(TRANSCRIPTS_SQL, [from, to]);
      await tx.query(
        `INSERT INTO index_call_facts (id, start_time, agent_id, campaign_name, status, duration, classification)
         SELECT id, start_time, agent_id, campaign_name, status, duration, classification FROM index_calls
          WHERE id IN (SELECT md5('volume-call-' || i)::uuid FROM generate_series($1::int, $2::int) AS i)`,
        [from, to],
      );
    });
    log(`volume: calls ${from}..${to} in ${((Date.now() - t) / 1000).toFixed(1)} s`);
  }
  if (have < total) {
    const t = Date.now();
    await db.transaction(async (tx) => {
      for (const statement of INDEX_ROLLUPS_FROM_FACTS.split(';')
        .map((s) => s.trim())
        .filter(Boolean))
        await tx.query(statement);
    });
    log(`volume: rollups rebuilt in ${((Date.now() - t) / 1000).toFixed(1)} s`);
    await db.query('VACUUM ANALYZE index_calls, index_transcripts, index_call_facts, index_rollup_status, index_rollup_duration, index_rollup_class');
  }
}

// Calls $1..$2 over the last $3 days; $4 the agents, $5 the campaigns (campaign k is called by agent k).
const CALLS_SQL = `
INSERT INTO index_calls (id, agent_id, phone, type, status, start_time, end_time, duration, recorded, created, campaign_name, tags,
                         classification, extracted, doc, answering_machine, transfer, answer_to_hangup, transcript_state)
SELECT id, agent_id, phone, 'OUTBOUND', status, start_time, start_time + duration * interval '1 second', duration, true, start_time, campaign_name,
       '{}', classification, '{}',
       jsonb_build_object('id', id, 'agentId', agent_id, 'phone', phone, 'type', 'OUTBOUND', 'duration', duration,
         'startTime', to_char(start_time AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'),
         'endTime', to_char((start_time + duration * interval '1 second') AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'),
         'anonymous', false, 'status', status, 'extractors', '[]'::jsonb, 'extractedData', '{}'::jsonb,
         'classifiers', (SELECT coalesce(jsonb_agg(jsonb_build_object('name', key, 'value', value)), '[]'::jsonb) FROM jsonb_each_text(classification)),
         'classificationData', classification,
         'context', jsonb_build_object('customerName', 'Customer ' || i, 'system', jsonb_build_object('phone', phone, 'callId', id, 'agentId', agent_id, 'direction', 'OUTBOUND')),
         'watchedVariables', '{}'::jsonb, 'recorded', true,
         'summary', 'The customer was called about their ' || topic || '. They asked about order ORD-' || i || ' and the next steps; the agent answered and confirmed the details before ending the call politely.',
         'tags', '[]'::jsonb,
         'created', to_char(start_time AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')),
       status = 'VOICE_BOX', status = 'TRANSFERRED', CASE WHEN status IN ('COMPLETED', 'TRANSFERRED') THEN duration - 2 END,
       CASE WHEN status IN ('REJECTED', 'UNREACHABLE', 'FAILED') THEN 'none' ELSE 'done' END
  FROM (
    SELECT i, id, phone, start_time, status, topic, campaign_name,
           CASE WHEN campaign IS NOT NULL THEN ($4::uuid[])[campaign] ELSE ($4::uuid[])[1 + i % 8] END AS agent_id,
           CASE status WHEN 'COMPLETED' THEN 60 + floor(r4 * 241) WHEN 'TRANSFERRED' THEN 45 + floor(r4 * 156) WHEN 'NO_ANSWER' THEN 20 + floor(r4 * 21)
             WHEN 'VOICE_BOX' THEN 25 + floor(r4 * 36) WHEN 'UNREACHABLE' THEN 3 + floor(r4 * 8) WHEN 'FAILED' THEN 2 + floor(r4 * 14)
             WHEN 'REJECTED' THEN 4 + floor(r4 * 12) WHEN 'FAILOVER' THEN 5 + floor(r4 * 16) ELSE 3 + floor(r4 * 18) END::int AS duration,
           CASE WHEN status IN ('COMPLETED', 'TRANSFERRED')
             THEN jsonb_build_object('interest', (ARRAY['yes', 'no', 'maybe'])[1 + floor(r5 * 3)::int],
                                     'sentiment', (ARRAY['positive', 'neutral', 'negative'])[1 + floor(r6 * 3)::int])
             ELSE '{}'::jsonb END AS classification
      FROM (
        SELECT i, md5('volume-call-' || i)::uuid AS id, '+1415' || lpad((i % 10000000)::text, 7, '0') AS phone,
               now() - r2 * ($3::int * interval '1 day') AS start_time,
               CASE WHEN r1 < 0.4 THEN 1 + i % 5 END AS campaign,
               CASE WHEN r1 < 0.4 THEN ($5::text[])[1 + i % 5] END AS campaign_name,
               CASE WHEN r3 < 0.38 THEN 'COMPLETED' WHEN r3 < 0.46 THEN 'TRANSFERRED' WHEN r3 < 0.66 THEN 'NO_ANSWER' WHEN r3 < 0.76 THEN 'VOICE_BOX'
                    WHEN r3 < 0.82 THEN 'UNREACHABLE' WHEN r3 < 0.87 THEN 'FAILED' WHEN r3 < 0.92 THEN 'REJECTED' WHEN r3 < 0.96 THEN 'CANCELED'
                    ELSE 'FAILOVER' END AS status,
               (ARRAY['appointment', 'delivery', 'billing', 'subscription', 'refund', 'booking', 'warranty', 'invoice'])[1 + i % 8] AS topic,
               r4, r5, r6
          FROM (SELECT i, random() AS r1, random() AS r2, random() AS r3, random() AS r4, random() AS r5, random() AS r6
                  FROM generate_series($1::int, $2::int) AS i) AS g) AS a) AS b`;

// Four lines per call with a transcript; the text vector and the call's filter columns as saveTranscripts stores them.
const TRANSCRIPTS_SQL = `
INSERT INTO index_transcripts (call_id, entries, tsv, start_time, agent_id, status, campaign_name)
SELECT c.id, x.entries, to_tsvector('${TS_CONFIG}', (SELECT string_agg(e->>'message', E'\\n') FROM jsonb_array_elements(x.entries) AS e)),
       c.start_time, c.agent_id, c.status, c.campaign_name
  FROM generate_series($1::int, $2::int) AS i
  JOIN index_calls c ON c.id = md5('volume-call-' || i)::uuid AND c.transcript_state = 'done'
  CROSS JOIN LATERAL (SELECT (ARRAY['appointment', 'delivery', 'billing', 'subscription', 'refund', 'booking', 'warranty', 'invoice'])[1 + i % 8] AS topic) AS t
  CROSS JOIN LATERAL (SELECT jsonb_build_array(
      jsonb_build_object('actor', 'AGENT', 'action', 'AGENT_SPEAK', 'time', to_char(c.start_time AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'),
        'message', 'Hello, this is Nova calling about your ' || t.topic || '. Is now a good time?'),
      jsonb_build_object('actor', 'HUMAN', 'action', 'HUMAN_SPEAK', 'time', to_char((c.start_time + interval '4 seconds') AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'),
        'message', 'Yes. I have a question about my order ORD-' || i || ', reference ref' || (i % 20011) || '.'),
      jsonb_build_object('actor', 'AGENT', 'action', 'AGENT_SPEAK', 'time', to_char((c.start_time + interval '9 seconds') AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'),
        'message', 'Of course. I can see the ' || t.topic || ' on your account and I will send you the details by email today.'),
      jsonb_build_object('actor', 'HUMAN', 'action', 'HUMAN_SPEAK', 'time', to_char((c.start_time + interval '15 seconds') AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'),
        'message', CASE WHEN i % 3 = 0 THEN 'Thank you, that is all.' WHEN i % 3 = 1 THEN 'Please cancel the ' || t.topic || ' instead.' ELSE 'Can I get a refund?' END)
    ) AS entries) AS x`;
