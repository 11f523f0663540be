import type { Migration } from '../../common/db';

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
];
