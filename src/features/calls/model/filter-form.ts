/**
 * The calls filter box as one zod schema (the house's one form style: react-hook-form +
 * zodResolver), with its mapping from and to the URL search. Loaded with the filter box only,
 * never by the route's loader. Limits come from the contract (upstream, and the index filters' table).
 */
import { z } from 'zod';
import { hasControlCharacter, SEARCH_FILTERS } from '@contract/bff/index.plain';
import { CALL_STATUSES, FILTER_KEYS, type CallsSearch } from './search-params';

const Tri = z.enum(['any', 'yes', 'no']);
const seconds = (max: number, what: string) =>
  z
    .string()
    .trim()
    .refine((s) => s === '' || (/^\d+$/.test(s) && Number(s) <= max), { error: `${what}: a whole number of seconds from 0 to ${max}.` });
const noControl = (s: string) => !hasControlCharacter(s);
const value = (max: number, what: string) =>
  z
    .string()
    .trim()
    .max(max, { error: `${what} is at most ${max} characters.` })
    .refine(noControl, { error: `${what} may not contain control characters.` });

export const FilterForm = z
  .object({
    agentId: z.string().nullable(),
    phone: z.string().trim().max(40, { error: 'A phone number is at most 40 characters.' }),
    country: z.string(),
    campaignName: z
      .string()
      .trim()
      .max(SEARCH_FILTERS.campaign.max, { error: `A campaign name is at most ${SEARCH_FILTERS.campaign.max} characters.` }),
    from: z.string(),
    to: z.string(),
    status: z.array(z.enum(CALL_STATUSES as [string, ...string[]])),
    hasRecording: Tri,
    minDuration: seconds(SEARCH_FILTERS.duration.max, 'Shortest'),
    maxDuration: seconds(SEARCH_FILTERS.duration.max, 'Longest'),
    classifierName: value(SEARCH_FILTERS.classifier.max, 'A classifier name').refine((s) => !s.includes('='), {
      error: 'A classifier name may not contain "=".',
    }),
    classifierValue: value(SEARCH_FILTERS.classifier.max, 'A classifier value'),
    extractedPath: value(SEARCH_FILTERS.extracted.max, 'A field path').refine((s) => s === '' || s.split('.').every((seg) => seg.trim() !== ''), {
      error: 'Write the field path as name or group.name.',
    }),
    extractedValue: value(SEARCH_FILTERS.extracted.max, 'A field value'),
    tag: value(SEARCH_FILTERS.tag.max, 'A tag'),
    answeringMachine: Tri,
    transfer: Tri,
    hangUpWithin: seconds(SEARCH_FILTERS.hangUp.max, 'Hang-up within'),
    /** A QA check or category that flagged the call: its id, or '' for any call. */
    check: z.string().regex(/^(|[1-9]\d{0,9})$/, { error: 'Choose a check from the list.' }),
    /** An outcome the call met: its id, or '' for any call. */
    outcome: z.string().regex(/^(|[1-9]\d{0,9})$/, { error: 'Choose an outcome from the list.' }),
    q: z
      .string()
      .trim()
      .max(SEARCH_FILTERS.q.max, { error: `Search text is at most ${SEARCH_FILTERS.q.max} characters.` })
      .refine(noControl, { error: 'Search text may not contain control characters.' })
      // Signs alone (& | ! : * ( ) …) are not searched: the index would find nothing to look for.
      .refine((q) => q === '' || /[\p{L}\p{N}]/u.test(q), {
        error: 'The search text has no word to search for: type at least one word (signs such as & | ! : * ( ) are not searched).',
      }),
  })
  .superRefine((f, ctx) => {
    if (Boolean(f.from) !== Boolean(f.to)) ctx.addIssue({ code: 'custom', path: [f.from ? 'to' : 'from'], message: 'Choose both a start and an end date.' });
    else if (f.from && f.to && f.from > f.to) ctx.addIssue({ code: 'custom', path: ['from'], message: 'The start date must not be after the end date.' });
    if (f.minDuration && f.maxDuration && Number(f.minDuration) > Number(f.maxDuration))
      ctx.addIssue({ code: 'custom', path: ['minDuration'], message: 'The shortest must not be longer than the longest.' });
    if (Boolean(f.classifierName) !== Boolean(f.classifierValue))
      ctx.addIssue({ code: 'custom', path: [f.classifierName ? 'classifierValue' : 'classifierName'], message: 'Give both the classifier and its value.' });
    if (Boolean(f.extractedPath) !== Boolean(f.extractedValue))
      ctx.addIssue({ code: 'custom', path: [f.extractedPath ? 'extractedValue' : 'extractedPath'], message: 'Give both the field and its value.' });
  });
export type FilterForm = z.infer<typeof FilterForm>;

const triOf = (b: boolean | undefined) => (b === undefined ? 'any' : b ? 'yes' : 'no');
const boolOf = (t: FilterForm['hasRecording']) => (t === 'any' ? undefined : t === 'yes');
const split = (pair: string | undefined) => {
  const at = pair?.indexOf('=') ?? -1;
  return at > 0 ? [pair!.slice(0, at), pair!.slice(at + 1)] : ['', ''];
};

/** The form's values for the URL's filters (the first classifier, field, tag, check and outcome; see `toSearch`). */
export function formDefaults(search: CallsSearch, country: string): FilterForm {
  const [classifierName, classifierValue] = split(search.classifier?.[0]);
  const [extractedPath, extractedValue] = split(search.extracted?.[0]);
  return {
    agentId: search.agentId ?? null,
    phone: search.phone ?? '',
    country,
    campaignName: search.campaignName ?? '',
    from: search.from ?? '',
    to: search.to ?? '',
    status: search.status ?? [],
    hasRecording: triOf(search.hasRecording),
    minDuration: search.minDuration?.toString() ?? '',
    maxDuration: search.maxDuration?.toString() ?? '',
    classifierName: classifierName!,
    classifierValue: classifierValue!,
    extractedPath: extractedPath!,
    extractedValue: extractedValue!,
    tag: search.tag?.[0] ?? '',
    answeringMachine: triOf(search.answeringMachine),
    transfer: triOf(search.transfer),
    hangUpWithin: search.hangUpWithin?.toString() ?? '',
    check: search.check?.[0] ?? '',
    outcome: search.outcome?.[0] ?? '',
    q: search.q ?? '',
  };
}

const int = (s: string) => (s === '' ? undefined : Number(s));
const list = (first: string, rest: string[] | undefined) => {
  const out = [...(first ? [first] : []), ...(rest ?? [])];
  return out.length ? out : undefined;
};

/**
 * The search the form's values ask for. Filters the form does not show (a second classifier from
 * a shared link, an Insights hour window, a pinned zone) are kept, so applying never loses them;
 * "Clear filters" drops everything. Paging restarts; sort and page size stay.
 */
export function toSearch(form: FilterForm, phoneE164: string | undefined, current: CallsSearch): CallsSearch {
  const next: CallsSearch = {
    page: 1,
    size: current.size,
    sort: current.sort,
    tz: current.tz,
    startedFrom: current.startedFrom,
    startedBefore: current.startedBefore,
    agentId: form.agentId ?? undefined,
    phone: phoneE164,
    campaignName: form.campaignName || undefined,
    from: form.from || undefined,
    to: form.to || undefined,
    status: form.status.length ? (form.status as CallsSearch['status']) : undefined,
    hasRecording: boolOf(form.hasRecording),
    minDuration: int(form.minDuration),
    maxDuration: int(form.maxDuration),
    classifier: list(form.classifierName ? `${form.classifierName}=${form.classifierValue}` : '', current.classifier?.slice(1)),
    extracted: list(form.extractedPath ? `${form.extractedPath}=${form.extractedValue}` : '', current.extracted?.slice(1)),
    tag: list(form.tag, current.tag?.slice(1)),
    answeringMachine: boolOf(form.answeringMachine),
    transfer: boolOf(form.transfer),
    hangUpWithin: int(form.hangUpWithin),
    q: form.q || undefined,
    check: list(form.check, current.check?.slice(1)),
    outcome: list(form.outcome, current.outcome?.slice(1)),
  };
  for (const key of FILTER_KEYS) if (next[key] === undefined) delete next[key];
  return next;
}
