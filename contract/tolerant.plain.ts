/**
 * Upstream answers as the console reads them (issue 30; docs/api-assumptions.md "Tolerated forms").
 * The upstream's document lists the fields of each object but does not say they are always there:
 * a real JSON server may leave out a field that is null or empty, and add fields of its own. Here,
 * once, where an answer enters (the SPA's api client, the BFF's writes and call index), every field
 * that is not an identifier is taken as possibly absent and given its empty value (null, [], {},
 * false), and fields the contract does not know are dropped, so every screen reads the contract's
 * shapes and shows "—" or nothing for what is not there. No zod: the SPA's first chunk reads this.
 * A strict answer comes out as it went in (contract/tolerant.test.ts).
 */
import type { Agent, Classifier, Extractor } from './schemas/agent';
import type { Call, ClassifierResult, ExtractorResult, ExtractorValueItem } from './schemas/call';
import type { Campaign } from './schemas/campaign';
import type { PageOf } from './schemas/page';
import type { RouteName } from './routes.plain';

type Raw = Record<string, unknown>;
const isObject = (v: unknown): v is Raw => typeof v === 'object' && v !== null && !Array.isArray(v);
const object = (v: unknown): Raw => (isObject(v) ? v : {});
const array = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const text = (v: unknown): string => (typeof v === 'string' ? v : '');
const textOrNull = (v: unknown): string | null => (typeof v === 'string' ? v : null);
const flag = (v: unknown): boolean => v === true;
const numberOrNull = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const strings = (v: unknown): string[] => array(v).filter((s): s is string => typeof s === 'string');
/** A free-form map of the data (context, extracted values…): kept as sent, {} when absent. */
const map = <T>(v: unknown): Record<string, T> => object(v) as Record<string, T>;
/** Identifiers and enumerations are kept as sent (never invented): a call without an id is not a call. */
const asIs = <T>(v: unknown): T => v as T;

function extractorResult(raw: unknown): ExtractorResult {
  const r = object(raw);
  const value: ExtractorValueItem[] = array(r.value).map((v) => (typeof v === 'string' ? v : extractorResult(v)));
  return { name: text(r.name), value };
}

function classifierResult(raw: unknown): ClassifierResult {
  const r = object(raw);
  return { name: text(r.name), value: text(r.value) };
}

export function normaliseCall(raw: unknown): Call {
  const c = object(raw);
  return {
    id: asIs(c.id),
    agentId: asIs(c.agentId),
    phone: text(c.phone),
    type: asIs(c.type),
    duration: numberOrNull(c.duration),
    startTime: asIs(c.startTime),
    endTime: textOrNull(c.endTime),
    anonymous: flag(c.anonymous),
    status: asIs(c.status),
    extractors: array(c.extractors).map(extractorResult),
    extractedData: map(c.extractedData),
    classifiers: array(c.classifiers).map(classifierResult),
    classificationData: map(c.classificationData),
    context: map(c.context) as Call['context'],
    watchedVariables: map(c.watchedVariables),
    recorded: flag(c.recorded),
    summary: textOrNull(c.summary),
    tags: strings(c.tags),
    created: asIs(c.created ?? c.startTime),
  };
}

function extractor(raw: unknown): Extractor {
  const e = object(raw);
  return { name: text(e.name), description: text(e.description), ...(Array.isArray(e.extractors) ? { extractors: e.extractors.map(extractor) } : {}) };
}

function classifier(raw: unknown): Classifier {
  const c = object(raw);
  return { name: text(c.name), description: text(c.description), values: strings(c.values) };
}

export function normaliseAgent(raw: unknown): Agent {
  const a = object(raw);
  const telephony = object(a.telephonyConfiguration);
  const sip = isObject(telephony.sipConnection) && typeof telephony.sipConnection.did === 'string' ? { did: telephony.sipConnection.did } : null;
  const configuration = object(a.configuration);
  return {
    id: asIs(a.id),
    telephonyConfiguration: { sipConnection: sip, phoneNumbers: strings(telephony.phoneNumbers) },
    name: text(a.name),
    type: asIs(a.type),
    active: flag(a.active),
    recordable: flag(a.recordable),
    archived: flag(a.archived),
    configuration: { extractors: array(configuration.extractors).map(extractor), classifiers: array(configuration.classifiers).map(classifier) },
  };
}

export function normaliseCampaign(raw: unknown): Campaign {
  const c = object(raw);
  const retry = object(c.retry);
  return {
    id: asIs(c.id),
    name: text(c.name),
    agentId: asIs(c.agentId),
    startDate: asIs(c.startDate),
    timeSlots: array(c.timeSlots).map((s) => ({ startTime: text(object(s).startTime), endTime: text(object(s).endTime) })),
    batchSize: asIs(c.batchSize),
    days: asIs(strings(c.days)),
    // Absent retry: no retry (max 0), the document's defaults otherwise.
    retry: {
      max: typeof retry.max === 'number' ? retry.max : 0,
      delay: typeof retry.delay === 'number' ? retry.delay : 60,
      retryOn: asIs(strings(retry.retryOn)),
    },
    timezone: text(c.timezone),
    status: asIs(c.status),
  };
}

/** A list envelope: ours, or one that names the page Spring's way (`number` from 0, `pageable`). */
export function normalisePage<T>(raw: unknown, item: (raw: unknown) => T): PageOf<T> {
  const p = object(raw);
  const content = array(p.content).map(item);
  const pageable = object(p.pageable);
  const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);
  const size = num(p.size) ?? num(pageable.pageSize) ?? content.length;
  const page = num(p.page) ?? (num(p.number) ?? num(pageable.pageNumber) ?? 0) + 1;
  const totalElements = num(p.totalElements) ?? content.length;
  const totalPages = num(p.totalPages) ?? (size > 0 ? Math.ceil(totalElements / size) : 1);
  return { content, size, page, totalElements, totalPages };
}

/** An upstream route's answer as the console reads it; routes not listed (transcript, recording, token) pass as they are. */
export function normaliseUpstreamRead(route: RouteName, data: unknown): unknown {
  switch (route) {
    case 'listCalls':
      return normalisePage(data, normaliseCall);
    case 'getCall':
      return normaliseCall(data);
    case 'listAgents':
      return normalisePage(data, normaliseAgent);
    case 'getAgent':
      return normaliseAgent(data);
    case 'getCampaign':
      return normaliseCampaign(data);
    default:
      return data;
  }
}
