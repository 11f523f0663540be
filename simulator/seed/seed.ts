/**
 * The deterministic demo dataset: one customer with its key pair, eight agents, `calls` calls over
 * the last 90 days covering all twelve statuses, and five campaigns covering every status.
 */
import { CallStatus } from '../../contract/enums';
import type { Db } from '../../common/db';
import type { AgentSeed } from '../domain/agent-profile';
import { buildCallRow } from '../domain/place-call';
import { between, pick, rng, uuidFrom } from '../domain/random';
import { insertCalls, type AgentRow, type CallRow } from '../store/rows';
import { AGENT_SEEDS } from './agents';

export interface SeedOptions {
  seed: number;
  calls: number;
  apiKey: string;
  apiKeySecondary: string;
  now: Date;
}

const FIRST = ['Alex', 'Sam', 'Jordan', 'Camille', 'Noah', 'Léa', 'Maya', 'Louis', 'Emma', 'Hugo'];
const TAGS = ['vip', 'new-customer', 'renewal', 'winback', 'north', 'south'];
const CAMPAIGN_NAMES = ['Winter renewals', 'Flu shot reminders', 'Spring survey', 'Lapsed members', 'Holiday confirmations'];
/** Calls built and inserted per step of the seed. */
const SEED_CHUNK = 2000;
const CAMPAIGN_STATUSES = ['ACTIVE', 'PAUSED', 'CANCELLED', 'ACTIVE', 'CANCELLED'] as const;

function phoneFor(random: () => number, language: 'en' | 'fr'): string {
  const digits = String(between(random, 0, 9_999_999)).padStart(7, '0');
  return language === 'fr' ? `+336${between(random, 10, 99)}${digits.slice(0, 6)}` : `+1415${between(random, 200, 999)}${digits.slice(0, 4)}`;
}

export async function seed(db: Db, options: SeedOptions): Promise<{ customerId: string }> {
  const random = rng(options.seed);
  const customerId = uuidFrom(random);
  await db.query('INSERT INTO customers (id, name) VALUES ($1, $2)', [customerId, 'Northwind Health']);
  await db.query('INSERT INTO api_keys (key, customer_id) VALUES ($1, $3), ($2, $3)', [options.apiKey, options.apiKeySecondary, customerId]);

  const agents: AgentRow[] = AGENT_SEEDS.map((a: AgentSeed) => ({
    id: uuidFrom(random),
    customer_id: customerId,
    name: a.name,
    type: a.type,
    active: a.active,
    recordable: a.recordable,
    archived: a.archived,
    doc: {
      telephonyConfiguration: { sipConnection: { did: a.did }, phoneNumbers: a.phoneNumbers },
      configuration: { extractors: a.extractors, classifiers: a.classifiers },
      profile: a.profile,
    },
  }));
  for (const a of agents) {
    await db.query('INSERT INTO agents (id, customer_id, name, type, active, recordable, archived, doc) VALUES ($1,$2,$3,$4,$5,$6,$7,$8)', [
      a.id,
      a.customer_id,
      a.name,
      a.type,
      a.active,
      a.recordable,
      a.archived,
      JSON.stringify(a.doc),
    ]);
  }

  const outbound = agents.filter((a) => a.type === 'OUTBOUND');
  const campaigns = CAMPAIGN_NAMES.map((name, i) => ({ id: uuidFrom(random), name, agent: outbound[i % outbound.length]!, status: CAMPAIGN_STATUSES[i]! }));
  const ninetyDays = 90 * 24 * 3600 * 1000;
  const nowMs = options.now.getTime();
  const perCampaign = new Map<string, number>();
  await db.transaction(async (tx) => {
    // The calls' secondary indexes are built once after the load (a sort each) instead of being
    // updated row by row: the load is several times faster. Their definitions come from the
    // catalog, so they are recreated exactly as the migrations made them.
    const { rows: indexes } = await tx.query<{ name: string; def: string }>(
      `SELECT indexname AS name, indexdef AS def FROM pg_indexes WHERE schemaname = current_schema() AND tablename = 'calls' AND indexname <> 'calls_pkey'`,
    );
    for (const index of indexes) await tx.exec(`DROP INDEX "${index.name}"`);
    // Built and inserted a chunk at a time: 100,000 rows never sit in memory at once.
    let rows: CallRow[] = [];
    for (let i = 0; i < options.calls; i += 1) {
      // The first twelve calls cover every status; the rest follow each agent's outcomes.
      const forced = i < CallStatus.options.length ? CallStatus.options[i] : undefined;
      const inCampaign = forced === undefined && random() < 0.25;
      const campaign = inCampaign ? pick(random, campaigns) : null;
      const agent = campaign ? campaign.agent : pick(random, agents);
      const start = new Date(nowMs - Math.floor(random() * ninetyDays) - 3600_000);
      start.setUTCMilliseconds(0);
      const firstName = pick(random, FIRST);
      const type = campaign ? 'OUTBOUND' : agent.type;
      const row = buildCallRow(
        {
          agent,
          phone: phoneFor(random, agent.doc.profile.language),
          context: { firstName, prenom: firstName, plan: 'Premium', appointmentDate: 'Tuesday at 10:00', dateRendezVous: 'mardi à 10 h' },
          segmentationTags: random() < 0.4 ? [pick(random, TAGS)] : [],
          campaign: campaign ? { id: campaign.id, name: campaign.name } : null,
          type,
          anonymous: type === 'INBOUND' && random() < 0.05,
        },
        { random, id: uuidFrom(random), start, status: forced === 'IN_PROGRESS' ? undefined : forced, finished: forced !== 'IN_PROGRESS' },
      );
      if (forced === 'IN_PROGRESS') {
        // A call still live: started a moment ago, ends soon after start-up.
        row.start_time = row.created = new Date(nowMs - 10_000);
        row.planned_end = new Date(nowMs + 5 * 60_000);
      }
      if (campaign) perCampaign.set(campaign.id, (perCampaign.get(campaign.id) ?? 0) + 1);
      rows.push(row);
      if (rows.length === SEED_CHUNK) {
        await insertCalls(tx, rows);
        rows = [];
      }
    }
    await insertCalls(tx, rows);
    for (const index of indexes) await tx.exec(index.def);
    for (const c of campaigns) {
      const startDate = new Date(nowMs - 60 * 24 * 3600 * 1000).toISOString().slice(0, 10);
      const doc = {
        startDate,
        timeSlots: [
          { startTime: '10:00', endTime: '12:30' },
          { startTime: '14:00', endTime: '18:00' },
        ],
        batchSize: 200,
        days: ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY'],
        retry: { max: 2, delay: 120, retryOn: ['NO_ANSWER', 'UNREACHABLE'] },
        timezone: c.agent.doc.profile.language === 'fr' ? 'Europe/Paris' : 'America/Los_Angeles',
      };
      await tx.query('INSERT INTO campaigns (id, customer_id, name, agent_id, status, doc, created) VALUES ($1,$2,$3,$4,$5,$6,$7)', [
        c.id,
        customerId,
        c.name,
        c.agent.id,
        c.status,
        JSON.stringify(doc),
        new Date(nowMs - 60 * 24 * 3600 * 1000),
      ]);
    }
  });
  // Fresh statistics, or the planner guesses a handful of rows and sorts every match instead of
  // walking the sort's index. VACUUM too: it sets the loaded rows' hint bits and the visibility
  // map now, instead of the first reads dirtying every page (and counts can scan indexes only).
  await db.exec('VACUUM ANALYZE');
  return { customerId };
}
