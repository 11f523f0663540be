/** What a finished call learned: extracted data, classes, summary, tags, watched variables. */
import type { CallStatus } from '../../contract/enums';
import type { Classifier, Extractor } from '../../contract/schemas/agent';
import type { ExtractorResult } from '../../contract/schemas/call';
import type { JsonValue } from '../../contract/json';
import type { AgentProfile } from './agent-profile';
import { pick } from './random';

export interface CallContent {
  extractors: ExtractorResult[];
  extractedData: Record<string, JsonValue>;
  classifiers: { name: string; value: string }[];
  classificationData: Record<string, string>;
  summary: string;
  tags: string[];
  watchedVariables: Record<string, string>;
}

function extract(random: () => number, extractor: Extractor, profile: AgentProfile): { result: ExtractorResult; flat: JsonValue } {
  if (extractor.extractors?.length) {
    const children = extractor.extractors.map((child) => ({ name: child.name, ...extract(random, child, profile) }));
    return {
      result: { name: extractor.name, value: children.map((c) => c.result) },
      flat: Object.fromEntries(children.map((c) => [c.name, c.flat])),
    };
  }
  const value = pick(random, profile.samples[extractor.name] ?? ['unknown']);
  return { result: { name: extractor.name, value: [value] }, flat: value };
}

const CONVERSED: readonly CallStatus[] = ['COMPLETED', 'TRANSFERRED'];

export function buildContent(
  random: () => number,
  status: CallStatus,
  config: { extractors: Extractor[]; classifiers: Classifier[] },
  profile: AgentProfile,
  segmentationTags: readonly string[],
): CallContent {
  const talked = CONVERSED.includes(status);
  const extracted = talked ? config.extractors.map((e) => ({ name: e.name, ...extract(random, e, profile) })) : [];
  const classes = talked ? config.classifiers.map((c) => ({ name: c.name, value: pick(random, c.values) })) : [];
  const summaries: Record<string, string> =
    profile.language === 'fr'
      ? { talked: "L'agent a mené la conversation jusqu'au bout et noté les informations demandées.", none: "Personne n'a pu être joint." }
      : { talked: 'The agent completed the conversation and captured the requested details.', none: 'Nobody could be reached.' };
  const summary =
    status === 'VOICE_BOX'
      ? profile.language === 'fr'
        ? 'Messagerie vocale : un message a été laissé.'
        : 'Reached voicemail; a message was left.'
      : status === 'TRANSFERRED'
        ? profile.language === 'fr'
          ? 'Appel transféré à un conseiller.'
          : 'The call was transferred to a human colleague.'
        : talked
          ? summaries.talked!
          : summaries.none!;
  const tags = [...new Set([...segmentationTags, status.toLowerCase().replace(/_/g, '-'), ...(talked && random() < 0.3 ? ['follow-up'] : [])])];
  const watchedVariables: Record<string, string> = talked ? { turns: String(Math.floor(random() * 6) + 3), language: profile.language } : {};
  return {
    extractors: extracted.map((e) => e.result),
    extractedData: Object.fromEntries(extracted.map((e) => [e.name, e.flat])),
    classifiers: classes,
    classificationData: Object.fromEntries(classes.map((c) => [c.name, c.value])),
    summary,
    tags,
    watchedVariables,
  };
}
