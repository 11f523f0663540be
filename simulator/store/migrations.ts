import type { Migration } from '../../common/db';

/** The simulator's schema. Calls keep their filterable fields as columns and the rest as JSON. */
export const MIGRATIONS: Migration[] = [
  {
    id: '001_initial',
    sql: `
CREATE TABLE customers (
  id uuid PRIMARY KEY,
  name text NOT NULL,
  enabled boolean NOT NULL DEFAULT true
);
CREATE TABLE api_keys (
  key text PRIMARY KEY,
  customer_id uuid NOT NULL REFERENCES customers(id),
  enabled boolean NOT NULL DEFAULT true
);
CREATE TABLE agents (
  id uuid PRIMARY KEY,
  customer_id uuid NOT NULL REFERENCES customers(id),
  name text NOT NULL,
  type text NOT NULL,
  active boolean NOT NULL,
  recordable boolean NOT NULL,
  archived boolean NOT NULL,
  doc jsonb NOT NULL
);
CREATE INDEX agents_customer_name ON agents (customer_id, name, id);
CREATE TABLE campaigns (
  id uuid PRIMARY KEY,
  customer_id uuid NOT NULL REFERENCES customers(id),
  name text NOT NULL,
  agent_id uuid NOT NULL,
  status text NOT NULL,
  doc jsonb NOT NULL,
  created timestamptz NOT NULL
);
CREATE TABLE campaign_recipients (
  campaign_id uuid NOT NULL REFERENCES campaigns(id),
  idx integer NOT NULL,
  phone text NOT NULL,
  context jsonb,
  tags jsonb,
  attempts integer NOT NULL DEFAULT 0,
  state text NOT NULL DEFAULT 'PENDING',
  next_at timestamptz,
  PRIMARY KEY (campaign_id, idx)
);
CREATE INDEX campaign_recipients_due ON campaign_recipients (campaign_id, state, next_at);
CREATE TABLE calls (
  id uuid PRIMARY KEY,
  customer_id uuid NOT NULL,
  agent_id uuid NOT NULL,
  phone text NOT NULL,
  type text NOT NULL,
  status text NOT NULL,
  start_time timestamptz NOT NULL,
  end_time timestamptz,
  duration integer,
  created timestamptz NOT NULL,
  campaign_id uuid,
  campaign_name text,
  recipient_idx integer,
  planned_status text,
  planned_end timestamptz,
  doc jsonb NOT NULL
);
CREATE INDEX calls_customer_start ON calls (customer_id, start_time DESC, id DESC);
CREATE INDEX calls_agent_start ON calls (customer_id, agent_id, start_time DESC, id DESC);
CREATE INDEX calls_phone_start ON calls (customer_id, phone, start_time DESC, id DESC);
CREATE INDEX calls_campaign_start ON calls (customer_id, campaign_name, start_time DESC, id DESC);
CREATE INDEX calls_live ON calls (customer_id, planned_end) WHERE status = 'IN_PROGRESS';
CREATE INDEX calls_customer_created ON calls (customer_id, created);
`,
  },
  {
    // One index per list sort, alone and under the agent filter (the filters with many matching
    // rows), so a page is an index walk that stops after `size` rows instead of a sort of
    // everything matching. ASC NULLS FIRST walked backwards is DESC NULLS LAST: both directions.
    // customer_id stays out of the keys (it is checked on the row): smaller indexes, less memory.
    id: '002_list_sort_indexes',
    sql: `
CREATE INDEX calls_end ON calls (end_time NULLS FIRST, id);
CREATE INDEX calls_duration ON calls (duration NULLS FIRST, id);
CREATE INDEX calls_status ON calls (status, id);
CREATE INDEX calls_phone ON calls (phone, id);
CREATE INDEX calls_type ON calls (type, id);
CREATE INDEX calls_created ON calls (created, id);
CREATE INDEX calls_agent_end ON calls (agent_id, end_time NULLS FIRST, id);
CREATE INDEX calls_agent_duration ON calls (agent_id, duration NULLS FIRST, id);
CREATE INDEX calls_agent_status ON calls (agent_id, status, id);
CREATE INDEX calls_agent_phone ON calls (agent_id, phone, id);
CREATE INDEX calls_agent_type ON calls (agent_id, type, id);
CREATE INDEX calls_agent_created ON calls (agent_id, created, id);
`,
  },
  {
    // A call's API object as JSON text, written once (and once more when a live call ends): the
    // list sends it as is instead of decoding jsonb and re-serialising each row. doc is no longer
    // written; rows kept from before are converted at start-up (store/call-bodies.ts).
    id: '003_call_bodies',
    sql: `
ALTER TABLE calls ADD COLUMN body text, ADD COLUMN pending text, ADD COLUMN transcript_entries integer;
ALTER TABLE calls ALTER COLUMN doc DROP NOT NULL;
`,
  },
  {
    // An agent's sipConnection is an object with a string DID. Data directories seeded before
    // this sent null for agents without one; they get a DID of their own.
    id: '004_sip_connection_object',
    sql: `
UPDATE agents
SET doc = jsonb_set(doc, '{telephonyConfiguration,sipConnection}', jsonb_build_object('did', 'sip:agent-' || id::text || '@voice.example.com'))
WHERE jsonb_typeof(doc #> '{telephonyConfiguration,sipConnection}') IS DISTINCT FROM 'object'
   OR jsonb_typeof(doc #> '{telephonyConfiguration,sipConnection,did}') IS DISTINCT FROM 'string';
`,
  },
];
