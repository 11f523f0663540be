/**
 * Create exactly once. The draft holds one Idempotency-Key per campaign to create, saved before the
 * first request, so a double click, a retry after a timeout or a reload mid-submission replays the
 * same request and the BFF answers with the one campaign. A key is replaced only when the request
 * was refused (400) or, after an unknown outcome, once the checks found no campaign and the person
 * chose to send it again knowing a duplicate would call people twice (model/unknown-outcome.ts).
 */
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import type { Recipient } from '@contract/schemas/recipient';
import { BFF_HEADERS } from '@contract/bff/http.plain';
import { toast } from '@/components/ui/toast';
import { countOf } from '@/lib/plural';
import { isApiError, newIdempotencyKey } from '@/lib/api-client';
import { skippedSummary } from '@/lib/do-not-call/skip-summary';
import { capSkippedSummary } from '@contract/bff/contact-caps';
import { registryQueryOptions } from '@/lib/shared-queries/campaign-registry';
import { LIMITS } from '@contract/limits';
import { createCampaign, readWriteAttempt, resolveWriteAttempt } from '../../api/campaign-mutations';
import { judgeAttempt, type Finding } from '../../model/unknown-outcome';
import { deleteDraft, NEW_CAMPAIGN_DRAFT } from '../../api/drafts';
import { campaignKeys } from '../../api/keys';
import { toCreateBody } from '../../model/create-body';
import { mapFieldErrors, type StepFieldError } from '../../model/field-errors';
import type { CampaignPart } from '../../model/split-recipients';
import type { CampaignDraftData, Submission } from '../../model/wizard-draft';

export type SubmitState =
  | { kind: 'idle' }
  | { kind: 'submitting'; done: number; total: number }
  | { kind: 'refused'; message: string; errors: StepFieldError[] }
  /**
   * The answer to part `part` (key `key`) never came: `finding` is what the checks found (null while
   * they run; `checkError` if they could not run).
   */
  | { kind: 'unknown'; message: string; part: number; key: string; name: string; since: string; finding: Finding | null; checkError?: string }
  | { kind: 'failed'; message: string };

const IN_FLIGHT_RETRIES = 30;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Deps {
  latest: { current: CampaignDraftData };
  update: (change: (d: CampaignDraftData) => CampaignDraftData) => void;
  flush: () => Promise<void>;
  parts: CampaignPart<Recipient>[];
  onCreated: (ids: string[]) => void;
}

export function useSubmitCampaign({ latest, update, flush, parts, onCreated }: Deps) {
  const [state, setState] = useState<SubmitState>({ kind: 'idle' });
  const busy = useRef(false);
  const queryClient = useQueryClient();

  /** Looks for the campaign of an unknown outcome: its attempt by key, the registry, a read-back by id. */
  const check = useCallback(
    async (unknown: Extract<SubmitState, { kind: 'unknown' }>) => {
      setState({ ...unknown, finding: null, checkError: undefined });
      try {
        const [attempt, registry] = await Promise.all([
          readWriteAttempt(unknown.key),
          queryClient.fetchQuery({ ...registryQueryOptions(LIMITS.page.min, LIMITS.pageSize.max), staleTime: 0 }),
        ]);
        const finding = judgeAttempt(attempt, unknown.name, registry.content, unknown.since);
        if (finding.kind === 'created') {
          const id = finding.campaignId;
          update((d) =>
            d.submission
              ? { ...d, submission: { ...d.submission, parts: d.submission.parts.map((p, j) => (j === unknown.part ? { ...p, campaignId: id } : p)) } }
              : d,
          );
          await flush();
        }
        setState({ ...unknown, finding });
      } catch (error) {
        setState({ ...unknown, finding: null, checkError: error instanceof Error ? error.message : 'The checks could not be made.' });
      }
    },
    [queryClient, update, flush],
  );

  const submit = useCallback(
    async (options: { freshKeys?: boolean } = {}) => {
      if (busy.current) return;
      busy.current = true;
      let failed = 0;
      let submission: Submission | null = null;
      try {
        const current = latest.current;
        submission = current.submission;
        const same = submission && submission.parts.length === parts.length && submission.parts.every((p, i) => p.name === parts[i]!.name);
        if (!submission || !same || options.freshKeys) {
          submission = {
            startedAt: new Date().toISOString(),
            parts: parts.map((p, i) => ({
              name: p.name,
              key: submission?.parts[i]?.campaignId ? submission.parts[i]!.key : newIdempotencyKey(),
              campaignId: (same && submission?.parts[i]?.campaignId) || null,
            })),
            // Several parts: one id they all carry, kept with the keys (a part already created keeps its link).
            ...(parts.length > 1 ? { splitId: submission?.splitId ?? crypto.randomUUID() } : {}),
          };
          const next = submission;
          update((d) => ({ ...d, submission: next }));
        }
        // The key must be stored before the request leaves, or a reload would mint another.
        await flush();
        const ids: string[] = [];
        for (let i = 0; i < parts.length; i += 1) {
          failed = i;
          const part = submission.parts[i]!;
          setState({ kind: 'submitting', done: i, total: parts.length });
          if (part.campaignId) {
            ids.push(part.campaignId);
            continue;
          }
          const body = toCreateBody(current, parts[i]!.recipients, parts[i]!.name, parts[i]!.schedule);
          let created: string | null = null;
          for (let attempt = 0; created === null; attempt += 1) {
            try {
              const campaign = await createCampaign(body, part.key, submission.splitId);
              // Created without an id (an answer with no body): it cannot be opened here; say so.
              if (!campaign)
                toast.info(`Campaign “${body.name}” created.`, 'The Voice API did not say its id, so Switchboard cannot open it; it runs as sent.');
              created = campaign?.id ?? '';
              // The BFF left listed numbers out (whatever this screen knew): say so, with why.
              const skipped = campaign?.doNotCallSkipped ?? [];
              if (skipped.length > 0) {
                toast.info(skippedSummary(skipped.length, body.recipients.length), [...new Set(skipped.map((s) => s.reason))].join(' · '));
              }
              // The BFF left numbers over the contact caps out: say so, with why.
              const capped = campaign?.capsSkipped ?? [];
              if (capped.length > 0) {
                toast.info(capSkippedSummary(capped.length, body.recipients.length), [...new Set(capped.map((s) => s.reason))].join(' · '));
              }
              // Listed while the create was in flight: the campaign holds them (docs/review.md).
              const listedDuring = campaign?.doNotCallListedDuringCreate ?? [];
              if (listedDuring.length > 0) {
                toast.error(
                  `${countOf(listedDuring.length, 'number was', 'numbers were')} added to the do-not-call list while "${body.name}" was created, and it holds ${listedDuring.length === 1 ? 'it' : 'them'}.`,
                  `${listedDuring.map((l) => l.phone).join(', ')}. Pause the campaign from its page or the do-not-call list if it must not call ${listedDuring.length === 1 ? 'it' : 'them'}.`,
                );
              }
            } catch (error) {
              // 409 "still in flight" (an earlier click or tab): wait for that one's answer.
              const inFlight = isApiError(error) && error.status === 409 && /already being processed/i.test(error.message);
              if (inFlight && attempt < IN_FLIGHT_RETRIES) {
                await sleep((error.retryAfterSeconds ?? 1) * 1000);
                continue;
              }
              throw error;
            }
          }
          if (created) ids.push(created);
          const id = created;
          update((d) =>
            d.submission
              ? {
                  ...d,
                  submission: {
                    ...d.submission,
                    parts: d.submission.parts.map((p, j) => (j === i ? { ...p, campaignId: id } : p)),
                  },
                }
              : d,
          );
          await flush();
        }
        await queryClient.invalidateQueries({ queryKey: campaignKeys.all });
        await deleteDraft(NEW_CAMPAIGN_DRAFT);
        setState({ kind: 'idle' });
        onCreated(ids);
      } catch (error) {
        if (isApiError(error) && (error.status === 400 || (error.status === 422 && error.fieldErrors.length > 0))) {
          // The answer to this key is now "refused": fixing the draft needs a new key.
          update((d) => ({
            ...d,
            submission: d.submission && {
              ...d.submission,
              parts: d.submission.parts.map((p) => (p.campaignId ? p : { ...p, key: newIdempotencyKey() })),
            },
          }));
          await flush();
          setState({
            kind: 'refused',
            message: error.message,
            errors: mapFieldErrors(error.fieldErrors),
          });
        } else if (isApiError(error) && error.kind === 'unknown-outcome' && submission?.parts[failed]) {
          const part = submission.parts[failed]!;
          // Check before anything else is offered: a new key could create a second campaign.
          void check({
            kind: 'unknown',
            message: `${error.message} The campaign may or may not have been created.`,
            part: failed,
            key: part.key,
            name: part.name,
            since: submission.startedAt,
            finding: null,
          });
        } else if (isApiError(error) && (error.kind === 'network' || error.kind === 'timeout' || error.headers?.get(BFF_HEADERS.outcome) === 'not-applied')) {
          setState({
            kind: 'failed',
            message: `${error.message} Nothing is lost: Create again sends the same request and cannot make a second campaign.`,
          });
        } else {
          setState({
            kind: 'failed',
            message: error instanceof Error ? error.message : 'The campaign could not be created.',
          });
        }
      } finally {
        busy.current = false;
      }
    },
    [latest, update, flush, parts, onCreated, queryClient, check],
  );

  /** The person found the campaign upstream: the BFF reads it back and records it; then it is checked again. */
  const recordFound = useCallback(
    async (unknown: Extract<SubmitState, { kind: 'unknown' }>, campaignId: string): Promise<string | null> => {
      try {
        await resolveWriteAttempt(unknown.key, { outcome: 'applied', campaignId });
      } catch (error) {
        return error instanceof Error ? error.message : 'It could not be recorded.';
      }
      await check(unknown);
      return null;
    },
    [check],
  );

  /** Sends it again under a new key, after the checks found nothing and the person accepted the risk. */
  const createAgain = useCallback(
    async (unknown: Extract<SubmitState, { kind: 'unknown' }>) => {
      // The old key is closed first: nothing can replay it, and the audit log says who decided.
      if (unknown.finding?.kind === 'not-found' && unknown.finding.unresolved) {
        try {
          await resolveWriteAttempt(unknown.key, { outcome: 'not-applied' });
        } catch (error) {
          setState({ ...unknown, checkError: error instanceof Error ? error.message : 'The first attempt could not be closed.' });
          return;
        }
      }
      await submit({ freshKeys: true });
    },
    [submit],
  );

  return { state, submit, check, recordFound, createAgain };
}
