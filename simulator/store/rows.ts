/** Row <-> API object mapping for the simulator's tables. */
import type { CallStatus } from '../../contract/enums';
import { toUtcTimestamp } from '../../contract/formats';
import type { Agent, Classifier, Extractor } from '../../contract/schemas/agent';
import type { Call } from '../../contract/schemas/call';
import type { Campaign } from '../../contract/schemas/campaign';
import type { AgentProfile } from '../domain/agent-profile';
import type { CallContent } from '../domain/call-content';

export interface AgentDoc {
  /** Strict where the contract is tolerant: `sipConnection` is always an object with a string DID. */
  telephonyConfiguration: { sipConnection: { did: string }; phoneNumbers: string[] };
  configuration: { extractors: Extractor[]; classifiers: Classifier[] };
  profile: AgentProfile;
}

export interface AgentRow {
  id: string;
  customer_id: string;
  name: string;
  type: 'INBOUND' | 'OUTBOUND';
  active: boolean;
  recordable: boolean;
  archived: boolean;
  doc: AgentDoc;
}

export function toAgent(row: AgentRow): Agent {
  return {
    id: row.id,
    telephonyConfiguration: row.doc.telephonyConfiguration,
    name: row.name,
    type: row.type,
    active: row.active,
    recordable: row.recordable,
    archived: row.archived,
    configuration: row.doc.configuration,
  };
}

export interface CallDoc extends CallContent {
  anonymous: boolean;
  recorded: boolean;
  context: Call['context'];
  /** Tags known while the call is live (the recipient's segmentation tags). */
  liveTags: string[];
  /** Calls made by POST /_sim/calls: the transcript has exactly this many entries. */
  transcriptEntries?: number;
}

export interface CallRow {
  id: string;
  customer_id: string;
  agent_id: string;
  phone: string;
  type: 'INBOUND' | 'OUTBOUND';
  status: CallStatus;
  start_time: Date;
  end_time: Date | null;
  duration: number | null;
  created: Date;
  campaign_id: string | null;
  campaign_name: string | null;
  recipient_idx: number | null;
  planned_status: CallStatus | null;
  planned_end: Date | null;
  doc: CallDoc;
}

const ts = (d: Date | string) => toUtcTimestamp(new Date(d));

/** A live call shows what is known so far; its results appear when it ends. */
export function toCall(row: CallRow): Call {
  const live = row.status === 'IN_PROGRESS';
  const doc = row.doc;
  return {
    id: row.id,
    agentId: row.agent_id,
    phone: row.phone,
    type: row.type,
    duration: row.duration,
    startTime: ts(row.start_time),
    endTime: row.end_time ? ts(row.end_time) : null,
    anonymous: doc.anonymous,
    status: row.status,
    extractors: live ? [] : doc.extractors,
    extractedData: live ? {} : doc.extractedData,
    classifiers: live ? [] : doc.classifiers,
    classificationData: live ? {} : doc.classificationData,
    context: doc.context,
    watchedVariables: live ? {} : doc.watchedVariables,
    recorded: doc.recorded,
    summary: live ? null : doc.summary,
    tags: live ? doc.liveTags : doc.tags,
    created: ts(row.created),
  };
}

export interface CampaignRow {
  id: string;
  customer_id: string;
  name: string;
  agent_id: string;
  status: Campaign['status'];
  doc: Omit<Campaign, 'id' | 'name' | 'agentId' | 'status'>;
  created: Date;
}

export function toCampaign(row: CampaignRow): Campaign {
  return { id: row.id, name: row.name, agentId: row.agent_id, status: row.status, ...row.doc };
}

/**
 * A stored call. Its API object is kept as JSON text (`body`), written once when the call is
 * built: lists and reads send it as is, with no per-row decoding or re-serialising. A live call
 * also keeps the body it will have once it ends (`pending`); the scheduler swaps it in.
 */
export interface StoredCall {
  id: string;
  customer_id: string;
  agent_id: string;
  status: CallStatus;
  start_time: Date;
  end_time: Date | null;
  planned_status: CallStatus | null;
  planned_end: Date | null;
  body: string;
  transcript_entries: number | null;
}

/** The columns a read of one call needs (the heavy ones stay out of the list). */
export const STORED_CALL_COLUMNS = 'id, customer_id, agent_id, status, start_time, end_time, planned_status, planned_end, body, transcript_entries';

/** How a live call will read once the clock reaches its planned end (what the scheduler writes then). */
function finishedView(row: CallRow): CallRow {
  const end = row.planned_end ?? row.start_time;
  return {
    ...row,
    status: row.planned_status ?? row.status,
    end_time: end,
    duration: Math.max(0, Math.round((end.getTime() - row.start_time.getTime()) / 1000)),
  };
}

/** Column list for inserting calls, in the order `callValues` yields. */
export const CALL_COLUMNS = [
  'id',
  'customer_id',
  'agent_id',
  'phone',
  'type',
  'status',
  'start_time',
  'end_time',
  'duration',
  'created',
  'campaign_id',
  'campaign_name',
  'recipient_idx',
  'planned_status',
  'planned_end',
  'body',
  'pending',
  'transcript_entries',
] as const;

export function callValues(row: CallRow): unknown[] {
  const live = row.status === 'IN_PROGRESS';
  return [
    row.id,
    row.customer_id,
    row.agent_id,
    row.phone,
    row.type,
    row.status,
    row.start_time,
    row.end_time,
    row.duration,
    row.created,
    row.campaign_id,
    row.campaign_name,
    row.recipient_idx,
    row.planned_status,
    row.planned_end,
    JSON.stringify(toCall(row)),
    live ? JSON.stringify(toCall(finishedView(row))) : null,
    row.doc.transcriptEntries ?? null,
  ];
}

/** Inserts many calls with multi-row statements. */
export async function insertCalls(
  db: { query: (sql: string, p?: readonly unknown[]) => Promise<unknown> },
  rows: readonly CallRow[],
  chunk = 400,
): Promise<void> {
  const width = CALL_COLUMNS.length;
  for (let start = 0; start < rows.length; start += chunk) {
    const part = rows.slice(start, start + chunk);
    const params: unknown[] = [];
    const tuples = part.map((row, i) => {
      params.push(...callValues(row));
      return `(${Array.from({ length: width }, (_, j) => `$${i * width + j + 1}`).join(',')})`;
    });
    await db.query(`INSERT INTO calls (${CALL_COLUMNS.join(',')}) VALUES ${tuples.join(',')}`, params);
  }
}
