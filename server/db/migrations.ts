import type { Migration } from '../../common/db';
import { normaliseListedNumbers } from '../services/do-not-call/list';
import { DURATION_BLOCK, durationCountsSql, statusCountsSql } from './rollup-sql';

/**
 * The Insights rollups (migration 019, ADR 0034) computed afresh from index_call_facts: the
 * migration fills them with it, and the bench's volume generator uses it after its set-based inserts.
 * Reached statuses are the contract's reached group (contract/status-groups.ts), as upsertCalls keeps them.
 */
export const INDEX_ROLLUPS_FROM_FACTS = `
DELETE FROM index_rollup_status;
DELETE FROM index_rollup_duration;
DELETE FROM index_rollup_class;
INSERT INTO index_rollup_status (t, agent_id, campaign_name, counts)
  SELECT date_trunc('hour', start_time, 'UTC'), agent_id, campaign_name, ${statusCountsSql('status', '1')} FROM index_call_facts GROUP BY 1, 2, 3;
INSERT INTO index_rollup_duration (level, t, agent_id, campaign_name, block, counts)
  SELECT l.level, l.t, f.agent_id, f.campaign_name, f.duration / ${DURATION_BLOCK}, ${durationCountsSql('f.duration', '1')}
    FROM index_call_facts f
    CROSS JOIN LATERAL (VALUES (0::smallint, date_trunc('hour', f.start_time, 'UTC')), (1::smallint, date_trunc('day', f.start_time, 'UTC'))) AS l(level, t)
   WHERE f.status IN ('COMPLETED', 'TRANSFERRED') AND f.duration IS NOT NULL
   GROUP BY 1, 2, 3, 4, 5;
INSERT INTO index_rollup_class (level, t, agent_id, campaign_name, name, value, n)
  SELECT l.level, l.t, f.agent_id, f.campaign_name, kv.key, kv.value, count(*)
    FROM index_call_facts f
    CROSS JOIN LATERAL (VALUES (0::smallint, date_trunc('hour', f.start_time, 'UTC')), (1::smallint, date_trunc('day', f.start_time, 'UTC'))) AS l(level, t)
    CROSS JOIN LATERAL jsonb_each_text(f.classification) AS kv
   GROUP BY 1, 2, 3, 4, 5, 6;
`;

export const MIGRATIONS: Migration[] = [
  {
    id: '001_initial',
    sql: `
CREATE TABLE users (
  id serial PRIMARY KEY,
  username text NOT NULL UNIQUE,
  role text NOT NULL,
  password_hash text NOT NULL,
  enabled boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE sessions (
  id_hash text PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL,
  last_seen_at timestamptz NOT NULL
);
CREATE INDEX sessions_user ON sessions (user_id);
CREATE TABLE minted_tokens (
  token_hash text PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  scopes text NOT NULL,
  expires_at timestamptz NOT NULL
);
CREATE TABLE idempotency (
  user_id integer NOT NULL,
  key text NOT NULL,
  route text NOT NULL,
  body_hash text NOT NULL,
  state text NOT NULL,
  status integer,
  headers jsonb,
  body text,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, key)
);
CREATE TABLE campaigns (
  id uuid PRIMARY KEY,
  name text NOT NULL,
  agent_id uuid NOT NULL,
  created_by text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX campaigns_created ON campaigns (created_at DESC, id DESC);
CREATE TABLE drafts (
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  name text NOT NULL,
  data jsonb NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, name)
);
CREATE TABLE views (
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  name text NOT NULL,
  search jsonb NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, name)
);
CREATE TABLE audit (
  id bigserial PRIMARY KEY,
  at timestamptz NOT NULL DEFAULT now(),
  username text,
  action text NOT NULL,
  route text,
  idempotency_key text,
  outcome text NOT NULL,
  status integer,
  request_id text NOT NULL
);
CREATE INDEX audit_at ON audit (at DESC, id DESC);
`,
  },
  {
    id: '002_oidc',
    sql: `
CREATE TABLE oidc_pending (
  state text PRIMARY KEY,
  code_verifier text NOT NULL,
  nonce text NOT NULL,
  redirect text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
`,
  },
  {
    // The call index (docs/insights.md): one row per upstream call with a column for every filter
    // and chart, classifications and extracted data as jsonb, transcripts apart with a tsvector.
    id: '003_call_index',
    sql: `
CREATE TABLE index_calls (
  id uuid PRIMARY KEY,
  agent_id uuid NOT NULL,
  phone text NOT NULL,
  type text NOT NULL,
  status text NOT NULL,
  start_time timestamptz NOT NULL,
  end_time timestamptz,
  duration integer,
  recorded boolean NOT NULL,
  created timestamptz NOT NULL,
  campaign_name text,
  tags text[] NOT NULL,
  classification jsonb NOT NULL,
  extracted jsonb NOT NULL,
  doc jsonb NOT NULL,
  -- From the transcript, once it is indexed (null until then).
  answering_machine boolean,
  transfer boolean,
  answer_to_hangup integer,
  transcript_state text NOT NULL DEFAULT 'pending',
  transcript_attempts integer NOT NULL DEFAULT 0,
  synced_at timestamptz NOT NULL DEFAULT now()
);
-- One index per sort the list offers (id breaks ties, as upstream); the range filter rides on them.
CREATE INDEX index_calls_start ON index_calls (start_time, id);
CREATE INDEX index_calls_end ON index_calls (end_time, id);
CREATE INDEX index_calls_duration ON index_calls (duration, id);
CREATE INDEX index_calls_created ON index_calls (created, id);
CREATE INDEX index_calls_agent ON index_calls (agent_id, start_time);
CREATE INDEX index_calls_campaign ON index_calls (campaign_name, start_time) WHERE campaign_name IS NOT NULL;
CREATE INDEX index_calls_status ON index_calls (status, start_time);
CREATE INDEX index_calls_phone ON index_calls (phone, start_time);
CREATE INDEX index_calls_classification ON index_calls USING gin (classification jsonb_path_ops);
CREATE INDEX index_calls_extracted ON index_calls USING gin (extracted jsonb_path_ops);
CREATE INDEX index_calls_tags ON index_calls USING gin (tags);
-- The transcript queue: ended calls not fetched yet, newest first.
CREATE INDEX index_calls_transcript_queue ON index_calls (end_time DESC) WHERE transcript_state = 'pending' AND status <> 'IN_PROGRESS';
CREATE TABLE index_transcripts (
  call_id uuid PRIMARY KEY REFERENCES index_calls(id) ON DELETE CASCADE,
  entries jsonb NOT NULL,
  tsv tsvector NOT NULL
);
CREATE INDEX index_transcripts_tsv ON index_transcripts USING gin (tsv);
-- One row: the sync's cursor and health, shared by every instance.
CREATE TABLE index_sync (
  id integer PRIMARY KEY CHECK (id = 1),
  backfill_since date,
  backfill_cursor jsonb,
  backfill_complete boolean NOT NULL DEFAULT false,
  retry_pages jsonb NOT NULL DEFAULT '[]',
  indexed_at timestamptz,
  last_success_at timestamptz,
  last_error jsonb,
  syncer text,
  syncer_seen_at timestamptz
);
INSERT INTO index_sync (id) VALUES (1);
`,
  },
  {
    id: '004_write_attempts',
    sql: `
ALTER TABLE idempotency ADD COLUMN expires_at timestamptz NOT NULL DEFAULT now() + interval '7 days';
CREATE INDEX idempotency_expires ON idempotency (expires_at);
CREATE INDEX idempotency_in_flight ON idempotency (created_at) WHERE state = 'in-flight';
CREATE TABLE campaign_attempts (
  user_id integer NOT NULL,
  idempotency_key text NOT NULL,
  name text NOT NULL,
  agent_id uuid NOT NULL,
  created_by text NOT NULL,
  started_at timestamptz NOT NULL DEFAULT now(),
  campaign_id uuid,
  PRIMARY KEY (user_id, idempotency_key)
);
`,
  },
  {
    id: '005_tokens_per_session',
    sql: `
DELETE FROM minted_tokens;
ALTER TABLE minted_tokens ADD COLUMN session_hash text NOT NULL REFERENCES sessions(id_hash) ON DELETE CASCADE;
CREATE INDEX minted_tokens_session ON minted_tokens (session_hash);
`,
  },
  {
    id: '006_sign_in_limits',
    sql: `
CREATE TABLE login_limits (
  bucket text PRIMARY KEY,
  attempts integer NOT NULL,
  window_start timestamptz NOT NULL
);
CREATE TABLE login_known (
  username text NOT NULL,
  address text NOT NULL,
  last_ok timestamptz NOT NULL,
  PRIMARY KEY (username, address)
);
`,
  },
  {
    // Repeated events (rate-limited sign-ins) collapse into one row per key and window: repeats
    // counts them, last_at is the latest (docs/reliability.md).
    id: '007_audit_repeats',
    sql: `
ALTER TABLE audit ADD COLUMN repeats integer NOT NULL DEFAULT 1;
ALTER TABLE audit ADD COLUMN last_at timestamptz;
ALTER TABLE audit ADD COLUMN collapse_key text;
CREATE UNIQUE INDEX audit_collapse ON audit (collapse_key) WHERE collapse_key IS NOT NULL;
CREATE INDEX sessions_last_seen ON sessions (last_seen_at);
`,
  },
  {
    id: '008_oidc_subject',
    sql: `
ALTER TABLE users ADD COLUMN oidc_issuer text, ADD COLUMN oidc_subject text;
CREATE UNIQUE INDEX users_oidc_identity ON users (oidc_issuer, oidc_subject) WHERE oidc_subject IS NOT NULL;
`,
  },
  {
    id: '009_preferences',
    sql: `
CREATE TABLE preferences (
  user_id integer PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  time_zone text,
  updated_at timestamptz NOT NULL DEFAULT now()
);
`,
  },
  {
    id: '010_do_not_call',
    sql: `
CREATE TABLE do_not_call (
  phone text PRIMARY KEY,
  reason text NOT NULL,
  source text NOT NULL,
  call_id text,
  rule text,
  added_by text NOT NULL,
  added_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX do_not_call_added ON do_not_call (added_at DESC, phone);
`,
  },
  {
    // QA review (docs/review.md): rubric versions per agent, sampling rules and checks over the call
    // index, the queue (one row per call) and why each call is in it, reviews and pinned comments.
    id: '011_review',
    sql: `
CREATE TABLE review_rubrics (
  agent_id uuid NOT NULL,
  version integer NOT NULL,
  items jsonb NOT NULL,
  note text NOT NULL,
  updated_by text NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (agent_id, version)
);
CREATE TABLE review_rules (
  id serial PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('sample', 'check')),
  name text NOT NULL,
  agent_id uuid,
  campaign_name text,
  spec jsonb NOT NULL,
  created_by text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX review_rules_name ON review_rules (kind, lower(name));
CREATE TABLE review_queue (
  call_id uuid PRIMARY KEY,
  added_at timestamptz NOT NULL DEFAULT now(),
  seq bigserial NOT NULL
);
CREATE INDEX review_queue_order ON review_queue (seq);
-- Why a call is in the queue; rule_name is kept so a flag still names its rule after a rename or removal.
CREATE TABLE review_queue_sources (
  call_id uuid NOT NULL REFERENCES review_queue(call_id) ON DELETE CASCADE,
  rule_id integer NOT NULL,
  kind text NOT NULL,
  rule_name text NOT NULL,
  day date NOT NULL,
  added_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (call_id, rule_id)
);
CREATE INDEX review_queue_sources_rule ON review_queue_sources (rule_id, day);
CREATE TABLE reviews (
  call_id uuid NOT NULL,
  user_id integer NOT NULL,
  reviewer text NOT NULL,
  agent_id uuid NOT NULL,
  rubric_version integer NOT NULL,
  scores jsonb NOT NULL,
  score numeric(5,2) NOT NULL,
  note text NOT NULL,
  reviewed_at timestamptz,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (call_id, user_id)
);
CREATE INDEX reviews_agent ON reviews (agent_id, reviewed_at);
CREATE TABLE review_comments (
  id serial PRIMARY KEY,
  call_id uuid NOT NULL,
  user_id integer NOT NULL,
  author text NOT NULL,
  text text NOT NULL,
  line integer,
  at_seconds double precision,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX review_comments_call ON review_comments (call_id, id);
`,
  },
  {
    // Watched views and alerts (docs/alerts.md): rules over saved views, the alerts they open (one
    // open alert per rule at a time: the unique index makes a second evaluator's insert a no-op),
    // webhook deliveries and their attempts, and how far each user has read.
    id: '013_alerts',
    sql: `
CREATE TABLE alert_rules (
  id bigserial PRIMARY KEY,
  name text NOT NULL,
  view_name text NOT NULL,
  filter jsonb NOT NULL,
  condition jsonb NOT NULL,
  webhook_url text,
  webhook_secret text,
  pause_campaign_id uuid,
  pause_set_by text,
  pause_set_by_id integer,
  pause_set_at timestamptz,
  enabled boolean NOT NULL DEFAULT true,
  created_by text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  state text NOT NULL DEFAULT 'unknown',
  last_value double precision,
  last_evaluated_at timestamptz
);
CREATE TABLE alerts (
  id bigserial PRIMARY KEY,
  rule_id bigint REFERENCES alert_rules(id) ON DELETE SET NULL,
  rule_name text NOT NULL,
  view_name text NOT NULL,
  summary text NOT NULL,
  value double precision NOT NULL,
  opened_at timestamptz NOT NULL,
  cleared_at timestamptz,
  pause_state text NOT NULL DEFAULT 'none',
  pause_campaign_id uuid,
  pause_set_by text,
  pause_set_by_id integer,
  pause_attempts integer NOT NULL DEFAULT 0,
  pause_error text,
  pause_next_at timestamptz,
  paused_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX alerts_open_per_rule ON alerts (rule_id) WHERE cleared_at IS NULL;
CREATE INDEX alerts_pause_due ON alerts (pause_next_at) WHERE pause_state IN ('pending', 'retrying');
CREATE TABLE alert_deliveries (
  id bigserial PRIMARY KEY,
  alert_id bigint NOT NULL REFERENCES alerts(id) ON DELETE CASCADE,
  event text NOT NULL,
  url text NOT NULL,
  secret text NOT NULL,
  payload text NOT NULL,
  state text NOT NULL DEFAULT 'pending',
  attempts integer NOT NULL DEFAULT 0,
  next_at timestamptz NOT NULL DEFAULT now(),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX alert_deliveries_due ON alert_deliveries (next_at) WHERE state IN ('pending', 'retrying');
CREATE INDEX alert_deliveries_alert ON alert_deliveries (alert_id);
CREATE TABLE alert_delivery_attempts (
  id bigserial PRIMARY KEY,
  delivery_id bigint NOT NULL REFERENCES alert_deliveries(id) ON DELETE CASCADE,
  at timestamptz NOT NULL DEFAULT now(),
  status integer,
  error text,
  ms integer NOT NULL
);
CREATE INDEX alert_delivery_attempts_delivery ON alert_delivery_attempts (delivery_id, id);
CREATE TABLE alert_seen (
  user_id integer PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  last_seen_id bigint NOT NULL
);
`,
  },
  {
    // Rules that add numbers to the do-not-call list from indexed calls (docs/review.md): each call
    // is applied once per rule, so a number a person removed comes back only with a new call.
    id: '014_do_not_call_rules',
    sql: `
CREATE TABLE dnc_rules (
  id bigserial PRIMARY KEY,
  name text NOT NULL UNIQUE,
  classifier text NOT NULL,
  value text NOT NULL,
  reason text NOT NULL,
  created_by text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  added integer NOT NULL DEFAULT 0,
  last_applied_at timestamptz
);
CREATE TABLE dnc_rule_calls (
  rule_id bigint NOT NULL REFERENCES dnc_rules(id) ON DELETE CASCADE,
  call_id uuid NOT NULL,
  PRIMARY KEY (rule_id, call_id)
);
`,
  },
  {
    // Campaign progress in the list (issue 19): how many recipients a campaign was created with, as
    // sent upstream (after the do-not-call list), so "remaining" is known for campaigns created
    // through Switchboard. Older rows stay NULL: shown as unknown.
    id: '015_campaign_recipients',
    sql: `
ALTER TABLE campaign_attempts ADD COLUMN recipients integer;
ALTER TABLE campaigns ADD COLUMN recipients integer;
`,
  },
  {
    // Insights reads a narrow copy of each indexed call (ADR 0022): the columns it groups and filters
    // by, without the call's document, so a 30-day scan reads a few MB instead of the whole table
    // (the embedded server's 64 MB of shared buffers hold it). upsertCalls writes both in one statement.
    id: '016_index_call_facts',
    sql: `
CREATE TABLE index_call_facts (
  id uuid PRIMARY KEY REFERENCES index_calls(id) ON DELETE CASCADE,
  start_time timestamptz NOT NULL,
  agent_id uuid NOT NULL,
  campaign_name text,
  status text NOT NULL,
  duration integer,
  classification jsonb NOT NULL
);
CREATE INDEX index_call_facts_start ON index_call_facts (start_time);
INSERT INTO index_call_facts (id, start_time, agent_id, campaign_name, status, duration, classification)
  SELECT id, start_time, agent_id, campaign_name, status, duration, classification FROM index_calls;
`,
  },
  {
    // Do-not-call numbers in E.164 (issue 35): the rule path stored the upstream's form (e.g.
    // `+330699887766`), which no check matched and no removal found; duplicates merge, the first
    // added kept; a number that cannot be read stays as written (server/services/do-not-call/list.ts).
    id: '017_do_not_call_e164',
    sql: '',
    run: normaliseListedNumbers,
  },
  {
    // The numbers each campaign created through Switchboard was sent with, after the do-not-call
    // list (issue 35; issue 33 reads them too): a number added to the list later names the
    // campaigns that may still call it. Pruned with the campaign's age (server/services/retention.ts).
    id: '018_campaign_recipients',
    sql: `
CREATE TABLE campaign_recipients (
  campaign_id uuid NOT NULL REFERENCES campaigns(id) ON DELETE CASCADE,
  phone text NOT NULL,
  PRIMARY KEY (campaign_id, phone)
);
CREATE INDEX campaign_recipients_phone ON campaign_recipients (phone);
`,
  },
  {
    // Insights reads hourly rollups (ADR 0034): per UTC hour (and per UTC day for the tables whose
    // rows a window sums without a series), agent and campaign, the calls per status (an array in
    // the contract's status order), the reached calls per duration (whole seconds, in blocks of 64:
    // the average and p90 stay exact) and the calls per classifier value. upsertCalls keeps them in the statement that writes each call. Filled here
    // from the facts for the calls indexed before.
    id: '019_index_rollups',
    sql: `
CREATE TABLE index_rollup_status (
  t timestamptz NOT NULL,
  agent_id uuid NOT NULL,
  campaign_name text,
  counts integer[] NOT NULL,
  UNIQUE NULLS NOT DISTINCT (t, agent_id, campaign_name)
);
CREATE TABLE index_rollup_duration (
  level smallint NOT NULL,
  t timestamptz NOT NULL,
  agent_id uuid NOT NULL,
  campaign_name text,
  block integer NOT NULL,
  counts integer[] NOT NULL,
  UNIQUE NULLS NOT DISTINCT (level, t, agent_id, campaign_name, block)
);
CREATE TABLE index_rollup_class (
  level smallint NOT NULL,
  t timestamptz NOT NULL,
  agent_id uuid NOT NULL,
  campaign_name text,
  name text NOT NULL,
  value text NOT NULL,
  n integer NOT NULL,
  UNIQUE NULLS NOT DISTINCT (level, t, agent_id, campaign_name, name, value)
);
${INDEX_ROLLUPS_FROM_FACTS}
`,
  },
  {
    // The worker process's heartbeat (ADR 0032): the web processes read it to say when no worker runs.
    id: '020_worker_heartbeats',
    sql: `
CREATE TABLE worker_heartbeats (
  id text PRIMARY KEY,
  host text NOT NULL,
  pid integer NOT NULL,
  started_at timestamptz NOT NULL,
  seen_at timestamptz NOT NULL
);
`,
  },
  {
    // Contact-frequency caps (docs/compliance.md): one row of caps an admin sets, and the attempts
    // the BFF itself placed (reserved before the request leaves, under a lock), counted beside the
    // call index until the index has seen them: a call by its id, a campaign's worst case
    // (1 + retry.max per number) less the calls of it the index holds.
    id: '022_contact_caps',
    sql: `
CREATE TABLE contact_caps (
  id integer PRIMARY KEY CHECK (id = 1),
  attempts integer,
  window_days integer NOT NULL,
  quiet_days integer NOT NULL,
  updated_by text,
  updated_at timestamptz
);
INSERT INTO contact_caps (id, attempts, window_days, quiet_days) VALUES (1, NULL, 7, 0);
CREATE TABLE contact_attempts (
  id bigserial PRIMARY KEY,
  phone text NOT NULL,
  at timestamptz NOT NULL DEFAULT now(),
  attempts integer NOT NULL,
  user_id integer NOT NULL,
  idempotency_key text NOT NULL,
  call_id uuid,
  campaign_id uuid
);
CREATE INDEX contact_attempts_phone ON contact_attempts (phone, at);
CREATE INDEX contact_attempts_write ON contact_attempts (user_id, idempotency_key);
`,
  },
  {
    // Blackout dates (docs/compliance.md): the calendars of public holidays in use, the team's own
    // dates, and the pauses the BFF made for them, one row per campaign and date, so each is made
    // once, retried while it fails, resumed only by whoever paused it, and never repeated.
    id: '023_blackout_dates',
    sql: `
CREATE TABLE blackout_calendars (
  code text PRIMARY KEY,
  added_by text NOT NULL,
  added_at timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE blackout_dates (
  day date PRIMARY KEY,
  label text NOT NULL,
  added_by text NOT NULL,
  added_at timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE blackout_pauses (
  campaign_id uuid NOT NULL,
  day date NOT NULL,
  timezone text NOT NULL,
  state text NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  next_at timestamptz NOT NULL DEFAULT now(),
  error text,
  paused_at timestamptz,
  resumed_at timestamptz,
  PRIMARY KEY (campaign_id, day)
);
CREATE INDEX blackout_pauses_open ON blackout_pauses (next_at) WHERE state IN ('pausing', 'paused', 'resuming');
`,
  },
  {
    // Transcript search and script checks in the call's language (ADR 0042): one configuration that
    // does not stem and folds accents (`simple` behind `unaccent`), so an English and a French call are
    // searched alike; every stored tsvector is rebuilt with it, then its GIN index. Where the
    // unaccent extension cannot be created, the configuration is `simple` alone (accents then count).
    // Script checks keep a watermark of the transcripts they read (see below).
    id: '024_transcripts_any_language',
    sql: `
DO $$
BEGIN
  BEGIN
    CREATE EXTENSION IF NOT EXISTS unaccent;
  EXCEPTION WHEN OTHERS THEN
    RAISE NOTICE 'unaccent is not available: transcript search keeps accents';
  END;
  CREATE TEXT SEARCH CONFIGURATION switchboard_text (COPY = simple);
  IF EXISTS (SELECT 1 FROM pg_ts_dict WHERE dictname = 'unaccent') THEN
    ALTER TEXT SEARCH CONFIGURATION switchboard_text ALTER MAPPING FOR hword, hword_part, word WITH unaccent, simple;
  END IF;
END $$;
UPDATE index_transcripts t SET tsv = to_tsvector('switchboard_text', coalesce(
  (SELECT string_agg(coalesce(e.e->>'message', ''), E'\\n' ORDER BY e.ord) FROM jsonb_array_elements(t.entries) WITH ORDINALITY AS e(e, ord)), ''));
REINDEX INDEX index_transcripts_tsv;
-- When each transcript was (last) stored, and how far each script check has read them: a fill
-- reads only the transcripts stored since (server/services/review/queue.ts, SCRIPT_REREAD_MS).
ALTER TABLE index_transcripts ADD COLUMN indexed_at timestamptz NOT NULL DEFAULT now();
CREATE INDEX index_transcripts_indexed_at ON index_transcripts (indexed_at);
ALTER TABLE review_rules ADD COLUMN read_through timestamptz;
`,
  },
  {
    // Outcomes (issue 33, docs/outcomes.md): named conditions over indexed calls, attached to an agent
    // or a campaign name. Which calls meet which outcome is kept per call (index_call_outcomes),
    // rewritten for the calls each index write touches, so the funnel reads rows, never conditions.
    id: '025_outcomes',
    sql: `
CREATE TABLE outcomes (
  id serial PRIMARY KEY,
  name text NOT NULL,
  agent_id uuid,
  campaign_name text,
  clauses jsonb NOT NULL,
  created_by text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((agent_id IS NULL) <> (campaign_name IS NULL))
);
CREATE UNIQUE INDEX outcomes_name ON outcomes (lower(name));
CREATE TABLE index_call_outcomes (
  call_id uuid NOT NULL REFERENCES index_calls(id) ON DELETE CASCADE,
  outcome_id integer NOT NULL REFERENCES outcomes(id) ON DELETE CASCADE,
  PRIMARY KEY (call_id, outcome_id)
);
CREATE INDEX index_call_outcomes_outcome ON index_call_outcomes (outcome_id);
`,
  },
  {
    // A campaign's recipients that the do-not-call list left out of the create are kept too, with
    // why (issue 33): the recipients table says "skipped: on the do-not-call list". NULL: sent.
    id: '026_campaign_recipients_skipped',
    sql: `
ALTER TABLE campaign_recipients ADD COLUMN skip_reason text;
`,
  },
  {
    // The live board (docs/live.md, ADR 0049): a call that the index writes into IN_PROGRESS, or
    // out of it, is announced on the live_calls channel in the same transaction as the write, so
    // every web process (each LISTENs once) learns of it whichever process ran the index.
    id: '031_live_calls_notify',
    sql: `
CREATE FUNCTION live_calls_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.status = 'IN_PROGRESS' AND (TG_OP = 'INSERT' OR OLD.status IS DISTINCT FROM 'IN_PROGRESS') THEN
    PERFORM pg_notify('live_calls', json_build_object('kind', 'start', 'call', json_build_object(
      'id', NEW.id, 'agentId', NEW.agent_id, 'phone', NEW.phone,
      'startTime', to_char(NEW.start_time AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'), 'campaignName', NEW.campaign_name))::text);
  ELSIF (TG_OP = 'UPDATE' AND OLD.status = 'IN_PROGRESS' AND NEW.status IS DISTINCT FROM 'IN_PROGRESS')
     -- A call the BFF placed that the index first sees already ended: its end is news to the board.
     OR (TG_OP = 'INSERT' AND EXISTS (SELECT 1 FROM contact_attempts a WHERE a.call_id = NEW.id)) THEN
    PERFORM pg_notify('live_calls', json_build_object('kind', 'end', 'id', NEW.id, 'status', NEW.status)::text);
  END IF;
  RETURN NULL;
END $$;
CREATE INDEX contact_attempts_call ON contact_attempts (call_id) WHERE call_id IS NOT NULL;
CREATE TRIGGER index_calls_live AFTER INSERT OR UPDATE OF status ON index_calls
  FOR EACH ROW EXECUTE FUNCTION live_calls_notify();
`,
  },
  {
    // The calls list's columns and density, per user (issue 34, ADR 0052): {columns, density} as
    // contract/bff/preferences.ts's CallsTablePrefs; NULL: the table as it has always been.
    id: '033_preferences_calls_table',
    sql: `
ALTER TABLE preferences ADD COLUMN calls_table jsonb;
`,
  },
  {
    // The parts of one list split into several campaigns (per time zone, or past the recipient
    // limit; issue 33) share a split id, sent by the wizard with each part's create: a person in two
    // parts is one person in the funnel over the parts. Older parts stay unlinked (NULL).
    // And each call-outcome row keeps its call's start, so Insights' outcome counts over a range
    // are an index-only count per outcome instead of a join to every call of the range (ADR 0053).
    id: '034_split_parts_outcome_starts',
    sql: `
ALTER TABLE campaign_attempts ADD COLUMN split_id uuid;
ALTER TABLE campaigns ADD COLUMN split_id uuid;
CREATE INDEX campaigns_split ON campaigns (split_id) WHERE split_id IS NOT NULL;
ALTER TABLE index_call_outcomes ADD COLUMN start_time timestamptz;
UPDATE index_call_outcomes x SET start_time = c.start_time FROM index_calls c WHERE c.id = x.call_id;
ALTER TABLE index_call_outcomes ALTER COLUMN start_time SET NOT NULL;
CREATE INDEX index_call_outcomes_outcome_start ON index_call_outcomes (outcome_id, start_time);
DROP INDEX index_call_outcomes_outcome;
`,
  },
  {
    // A text search with the list's common filters counts over index_transcripts alone (issue 31,
    // ADR 0058): each transcript keeps a copy of its call's start time, agent, status and campaign,
    // which upsertCalls rewrites in the statement that writes the call and saveTranscripts takes from
    // the call, so the GIN index's matches and these b-trees combine in one table (BitmapAnd) instead
    // of probing index_calls for each match. And the calls whose transcript is pending have an index of
    // their own. Numbered before 036 but applied after it where 036 ran
    // first: the runner applies every id it has not recorded, in this list's order.
    id: '035_index_transcripts_filters',
    sql: `
ALTER TABLE index_transcripts ADD COLUMN start_time timestamptz, ADD COLUMN agent_id uuid, ADD COLUMN status text, ADD COLUMN campaign_name text;
-- Filled without the text index, then the table rewritten in start order and its indexes built once:
-- an UPDATE of every row leaves the table twice its size with the live rows behind the dead ones
-- (a capped count's scan read 48k dead pages first: 4 s at 1 M), and feeds the GIN index 1 M rows one by one.
DROP INDEX index_transcripts_tsv;
UPDATE index_transcripts t SET start_time = c.start_time, agent_id = c.agent_id, status = c.status, campaign_name = c.campaign_name
  FROM index_calls c WHERE c.id = t.call_id;
ALTER TABLE index_transcripts ALTER COLUMN start_time SET NOT NULL, ALTER COLUMN agent_id SET NOT NULL, ALTER COLUMN status SET NOT NULL;
CREATE INDEX index_transcripts_start ON index_transcripts (start_time, call_id);
CLUSTER index_transcripts USING index_transcripts_start;
CREATE INDEX index_transcripts_tsv ON index_transcripts USING gin (tsv);
CREATE INDEX index_transcripts_status ON index_transcripts (status, start_time);
CREATE INDEX index_transcripts_agent ON index_transcripts (agent_id, start_time);
CREATE INDEX index_transcripts_campaign ON index_transcripts (campaign_name, start_time) WHERE campaign_name IS NOT NULL;
-- A text search also counts the matching calls whose transcript is not indexed yet (transcriptsPending):
-- the queue's index leaves out calls in progress, so that count read every call (1.5 s at 1 M).
CREATE INDEX index_calls_transcript_pending ON index_calls (start_time) WHERE transcript_state = 'pending';
-- Statistics of the new columns now, not when autovacuum comes by: without them the planner guesses.
ANALYZE index_transcripts;
`,
  },
  {
    // The index's counts as the worker last took them (issue 28): the status read is one row, not
    // three counts over every indexed call on each request. NULL until the worker first counts.
    // With them, the request rate the worker's reader found and the last 429 (issue 30, ADR 0055).
    id: '036_index_counts',
    sql: `
ALTER TABLE index_sync ADD COLUMN counts jsonb, ADD COLUMN counted_at timestamptz, ADD COLUMN rate jsonb;
`,
  },
  {
    // The connection check of the "Voice API" page (issue 30, ADR 0056): an admin asks, the worker
    // runs it and stores the report (DoctorReport, no key or token). One open (asked for or
    // running: finished_at NULL) at a time, held by the partial unique index; the last
    // UPSTREAM_CHECK_LIMITS.kept are kept.
    id: '037_upstream_checks',
    sql: `
CREATE TABLE upstream_checks (
  id bigserial PRIMARY KEY,
  requested_at timestamptz NOT NULL DEFAULT now(),
  requested_by text,
  started_at timestamptz,
  finished_at timestamptz,
  report jsonb,
  error text
);
CREATE UNIQUE INDEX upstream_checks_one_open ON upstream_checks ((true)) WHERE finished_at IS NULL;
`,
  },
  {
    // Each do-not-call import, for the quota of imports per person and minute (issue 28:
    // DNC_IMPORTS_PER_USER_PER_MINUTE): written in the import's own transaction, and a person's rows
    // older than the minute are deleted there too, so the table holds at most a minute of imports.
    id: '038_dnc_imports',
    sql: `
CREATE TABLE dnc_imports (
  id bigserial PRIMARY KEY,
  user_id integer NOT NULL,
  at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX dnc_imports_user_at ON dnc_imports (user_id, at);
`,
  },
];
