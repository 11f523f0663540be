/** What the simulator knows of an agent beyond the API's Agent: its prompt script and outcomes. */
import type { CallStatus } from '../../contract/enums';
import type { Classifier, Extractor } from '../../contract/schemas/agent';

export type Outcome = Exclude<CallStatus, 'IN_PROGRESS' | 'REJECTED_LIMIT_REACHED' | 'REJECTED_MAX_CONCURRENCY'>;

export interface AgentProfile {
  language: 'en' | 'fr';
  /** Agent turns; `{{ name }}` placeholders are filled from the call's context. */
  agentLines: string[];
  humanLines: string[];
  /** Sample values per extractor name, used to fill extracted data. */
  samples: Record<string, string[]>;
  outcomes: Partial<Record<Outcome, number>>;
}

export interface AgentSeed {
  name: string;
  type: 'INBOUND' | 'OUTBOUND';
  active: boolean;
  recordable: boolean;
  archived: boolean;
  phoneNumbers: string[];
  /** The SIP connection's DID: every agent has one (the Voice API's sipConnection is an object). */
  did: string;
  extractors: Extractor[];
  classifiers: Classifier[];
  profile: AgentProfile;
}

/** Replaces `{{ name }}` with context values; a placeholder with no value reads as a neutral word. */
export function fillPlaceholders(text: string, context: Record<string, unknown>, language: 'en' | 'fr'): string {
  return text.replace(/\{\{\s*([\w.]+)\s*\}\}/g, (_, name: string) => {
    const value = context[name];
    if (value === undefined || value === null || typeof value === 'object') return language === 'fr' ? 'vous' : 'there';
    return String(value);
  });
}
