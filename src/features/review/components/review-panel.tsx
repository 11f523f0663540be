/**
 * The QA review of one call, shown on the call review screen: why the call is in the queue (its
 * sampling rule, or the check that flagged it), the agent's rubric to score (pass/fail per item,
 * native radio groups), a note, comments pinned to a transcript line or a moment of the recording,
 * the other reviewers' scores and the agreement. From the queue, N (outside a text field) saves,
 * marks the call reviewed and opens the next one. The scores and the note are one react-hook-form
 * form over scoreForm (the contract's note rule; every item scored before "reviewed").
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useCallback, useId, useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import { useForm, useWatch, type FieldErrors } from 'react-hook-form';
import type { CallReview, ReviewComment } from '@contract/bff/review';
// The one call's bodies only: review.ts's other schemas are not built for this panel (review-call.ts).
import { CommentBody } from '@contract/bff/review-call';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { QueryStates } from '@/components/ui/query-states';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/toast';
import { RequestError } from '@/components/ui/request-error';
import { errorMessage, isApiError } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import {
  commentErrorPath,
  commentInput,
  scoreDefaults,
  scoreForm,
  type CommentFormValues,
  type ScoredReview,
  type ScoreFormValues,
} from '../model/review-form';
import { callReviewQueryOptions, invalidateReview, nextInQueue, pinComment, removeComment, saveReview } from '../api/review-api';
import { Select } from '@/components/ui/select';

export interface TranscriptLine {
  index: number;
  label: string;
}

export interface ReviewPanelProps {
  callId: string;
  /** Opened from the queue: N moves on to the next call. */
  fromQueue: boolean;
  /** The recording's current position, in seconds. */
  time: number;
  lines: readonly TranscriptLine[];
  seek?: (seconds: number) => void;
  /** Where to go after "mark reviewed": the next call of my queue, or null when it is done. */
  onNext: (callId: string | null) => void;
}

const noop = () => {};
const clock = (s: number) => `${Math.floor(s / 60)}:${String(Math.floor(s % 60)).padStart(2, '0')}`;

/** True when a key press should be left to the element (typing, choosing). */
function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  return target instanceof HTMLInputElement && !['radio', 'checkbox', 'button', 'submit'].includes(target.type);
}

export function ReviewPanel(props: ReviewPanelProps) {
  const review = useQuery(callReviewQueryOptions(props.callId));
  return (
    <section aria-labelledby="qa-review-title" className="rounded-lg border border-blue-200 p-4 dark:border-blue-900">
      <h2 id="qa-review-title" className="font-semibold">
        QA review
      </h2>
      <QueryStates query={review} loading={<p className="mt-2 text-sm">Loading the review…</p>} errorTitle="The review could not be loaded">
        {/* A fresh form per call and rubric version: what was scored elsewhere never leaks in. */}
        {(data) => <ReviewForm key={`${props.callId}:${data.rubric?.version ?? 0}`} data={data} {...props} />}
      </QueryStates>
    </section>
  );
}

function ReviewForm({ data, fromQueue, time, lines, seek, onNext }: ReviewPanelProps & { data: CallReview }) {
  const queryClient = useQueryClient();
  const { role } = useSession();
  const rubric = data.rubric;
  // Keyed by rubric version above, so the schema and the first values hold for this form's life.
  const [schema] = useState(() => (rubric ? scoreForm(rubric) : null));
  const {
    register,
    handleSubmit,
    setValue,
    formState: { errors },
  } = useForm<ScoreFormValues, unknown, ScoredReview>({
    resolver: schema ? zodResolver(schema) : undefined,
    defaultValues: rubric ? scoreDefaults(rubric, data.mine) : { scores: [], note: data.mine?.note ?? '', reviewed: false },
  });

  const save = useMutation({
    mutationFn: async (body: ScoredReview) => {
      const saved = await saveReview(data.callId, body);
      return { saved, next: body.reviewed && fromQueue ? await nextInQueue(data.callId) : null };
    },
    onSuccess: async ({ saved, next }) => {
      await invalidateReview(queryClient);
      if (!saved.reviewed) return toast.success('Your scores are saved.');
      if (!fromQueue) return toast.success('The call is marked reviewed.');
      if (next?.callId) toast.success(`Reviewed. ${next.remaining} left to review.`);
      else toast.success('Reviewed. Your queue is done.');
      onNext(next?.callId ?? null);
    },
  });
  const { isPending, mutateAsync } = save;
  /**
   * Marked reviewed from the queue, and the next call is opening (the mutation succeeds once its
   * onSuccess has called onNext): until the next call shows (its data is read first, longer on a
   * busy connection), this form stays on screen but takes no more input. Before, keys pressed
   * meanwhile scored a call already saved (and were lost), and a second N saved it again.
   */
  const movedOn = fromQueue && save.data?.saved.reviewed === true;

  /**
   * One send at a time, known from the moment it starts: the pending state reaches the page only
   * at a later render, and a second N pressed before it (or caught by the listener of the render
   * before) saved the call twice.
   */
  const sending = useRef(false);
  /** Save (reviewed: false) or mark reviewed: the same form, checked by its schema first (focus goes to the first unscored item). */
  const send = useCallback(
    (reviewed: boolean, event?: FormEvent) => {
      if (sending.current || movedOn) return event?.preventDefault();
      sending.current = true;
      setValue('reviewed', reviewed);
      // handleSubmit waits for the save and its onSuccess; its error shows from the mutation's state.
      void handleSubmit((body) => mutateAsync(body).then(noop, noop))(event).finally(() => {
        sending.current = false;
      });
    },
    [movedOn, setValue, handleSubmit, mutateAsync],
  );
  const markReviewed = useCallback(() => rubric && send(true), [rubric, send]);
  const unscored = rubric?.items.filter((_, i) => errors.scores?.[i]) ?? [];

  // One key: N (no modifier, not while typing) marks reviewed and moves on; it works from the commit
  // that shows the form (a layout effect: a passive one runs a task later, and misses a quick key).
  useLayoutEffect(() => {
    function onKey(e: KeyboardEvent) {
      if (e.key !== 'n' && e.key !== 'N') return;
      if (e.ctrlKey || e.metaKey || e.altKey || e.defaultPrevented || isTyping(e.target)) return;
      e.preventDefault();
      markReviewed();
    }
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [markReviewed]);

  return (
    <div className="mt-2 flex flex-col gap-4">
      {data.sources.length ? (
        <ul aria-label="Why this call is in the queue" className="flex flex-wrap gap-1">
          {data.sources.map((s) => (
            <li key={s.ruleId}>
              <Badge tone={s.kind === 'check' ? 'amber' : 'neutral'}>{s.kind === 'check' ? `Flagged by "${s.rule}"` : `Sampled by "${s.rule}"`}</Badge>
            </li>
          ))}
        </ul>
      ) : null}

      {!data.agentId ? (
        <p role="status" className="text-sm">
          This call is not in the call index yet; it can be reviewed once the index has it (within a minute or so).
        </p>
      ) : !rubric ? (
        <p role="status" className="text-sm">
          This agent has no rubric yet.{' '}
          {role === 'admin' ? (
            <Link to="/review/settings" className="text-blue-700 underline dark:text-blue-400">
              Define one
            </Link>
          ) : (
            'An admin defines one.'
          )}
        </p>
      ) : (
        <>
          <form noValidate aria-label="Rubric" className="flex flex-col gap-3" inert={movedOn} onSubmit={(e) => send(false, e)}>
            {rubric.note ? <p className="text-sm whitespace-pre-wrap text-slate-700 dark:text-slate-300">{rubric.note}</p> : null}
            {rubric.items.map((item, i) => (
              <fieldset key={item.id} className="flex flex-wrap items-center gap-3 text-sm">
                <legend className="float-left mr-2 min-w-48 font-medium">
                  {item.label} <span className="font-normal text-slate-600 dark:text-slate-400">(weight {item.weight})</span>
                </legend>
                {(['pass', 'fail'] as const).map((score) => (
                  <label key={score} className="inline-flex items-center gap-1">
                    <input type="radio" value={score} {...register(`scores.${i}`)} />
                    {score === 'pass' ? 'Pass' : 'Fail'}
                  </label>
                ))}
                {errors.scores?.[i] ? <span className="font-medium text-red-700 dark:text-red-400">Not scored</span> : null}
              </fieldset>
            ))}
            <Textarea label="Note" rows={2} error={errors.note?.message} {...register('note')} />
            {unscored.length ? (
              <p role="alert" className="text-sm font-medium text-red-700 dark:text-red-400">
                Score every item before marking the call reviewed: {unscored.map((i) => `"${i.label}"`).join(', ')} {unscored.length === 1 ? 'is' : 'are'} not
                scored.
              </p>
            ) : null}
            <RequestError error={save.error} />
            <div className="flex flex-wrap items-center gap-2">
              <Button type="submit" disabled={isPending}>
                Save
              </Button>
              <Button type="button" variant="primary" disabled={isPending} onClick={markReviewed} aria-keyshortcuts="N">
                {fromQueue ? 'Mark reviewed and open the next (N)' : 'Mark reviewed (N)'}
              </Button>
              {data.mine ? (
                <span className="text-sm text-slate-600 dark:text-slate-400">
                  Your score: {data.mine.score} / 100{data.mine.reviewed ? ', reviewed' : ', not marked reviewed'}
                </span>
              ) : null}
            </div>
          </form>
          {movedOn ? (
            <p role="status" className="text-sm text-slate-600 dark:text-slate-400">
              Opening the next call…
            </p>
          ) : null}
        </>
      )}

      {data.others.length ? (
        <div className="text-sm">
          <h3 className="font-semibold">Other reviewers</h3>
          <ul>
            {data.others.map((r) => (
              <li key={r.reviewer}>
                {r.reviewer}: {r.score} / 100{r.reviewed ? '' : ' (not marked reviewed)'}
                {r.note ? ` — ${r.note}` : ''}
              </li>
            ))}
          </ul>
          {data.agreement ? (
            <p role="status" className="mt-1">
              Agreement between {data.agreement.reviewers.join(', ')}: {data.agreement.itemsAgreed} of {data.agreement.items} items scored alike
              {data.agreement.share !== null ? ` (${Math.round(data.agreement.share * 100)} %)` : ''}; scores {data.agreement.scoreSpread} points apart.
            </p>
          ) : null}
        </div>
      ) : null}

      <Comments callId={data.callId} comments={data.comments} time={time} lines={lines} seek={seek} />
    </div>
  );
}

function Comments({
  callId,
  comments,
  time,
  lines,
  seek,
}: {
  callId: string;
  comments: ReviewComment[];
  time: number;
  lines: readonly TranscriptLine[];
  seek?: (s: number) => void;
}) {
  const queryClient = useQueryClient();
  const { user, role } = useSession();
  const lineId = useId();
  const {
    register,
    handleSubmit,
    control,
    reset,
    setError,
    formState: { errors },
  } = useForm<CommentFormValues>({
    // The contract's CommentBody checks what would be sent; its errors land on the form's fields.
    resolver: async (values, context, options) => {
      const result = await zodResolver(CommentBody)(commentInput(values, time) as never, context, options as never);
      if (Object.keys(result.errors).length === 0) return { values, errors: {} };
      const errors = Object.fromEntries(Object.entries(result.errors).map(([path, e]) => [commentErrorPath(path), e]));
      return { values: {}, errors: errors as FieldErrors<CommentFormValues> };
    },
    defaultValues: { text: '', anchor: lines.length ? 'line' : 'moment', line: lines[0] ? String(lines[0].index) : '', moment: '' },
  });
  const anchor = useWatch({ control, name: 'anchor' });
  const pin = useMutation({
    mutationFn: (body: CommentBody) => pinComment(callId, body),
    onSuccess: async () => {
      reset((v) => ({ ...v, text: '' }));
      await invalidateReview(queryClient);
    },
    onError: (error) => {
      if (isApiError(error))
        for (const e of error.fieldErrors) setError(commentErrorPath(e.field) as keyof CommentFormValues, { type: 'server', message: e.message });
    },
  });
  const remove = useMutation({
    mutationFn: removeComment,
    onSuccess: () => invalidateReview(queryClient),
    onError: (error) => toast.error('The comment could not be removed', errorMessage(error)),
  });
  const labelOf = (c: ReviewComment) =>
    c.line !== null
      ? `Line ${c.line + 1}${lines.find((l) => l.index === c.line) ? `: ${lines.find((l) => l.index === c.line)!.label}` : ''}`
      : `At ${clock(c.atSeconds ?? 0)}`;
  const submit = handleSubmit((values) => pin.mutate(commentInput(values, time) as CommentBody));

  return (
    <div className="flex flex-col gap-2 text-sm">
      <h3 className="font-semibold">Comments</h3>
      {comments.length === 0 ? <p className="text-slate-600 dark:text-slate-400">No comment yet.</p> : null}
      <ul className="flex flex-col gap-1">
        {comments.map((c) => (
          <li key={c.id} className="flex flex-wrap items-baseline gap-2">
            {c.atSeconds !== null && seek ? (
              <button type="button" className="text-blue-700 underline dark:text-blue-400" onClick={() => seek(c.atSeconds!)}>
                {labelOf(c)}
              </button>
            ) : (
              <span className="font-medium">{labelOf(c)}</span>
            )}
            <span>
              {c.text} — {c.author}
            </span>
            {c.author === user || role === 'admin' ? (
              <Button size="sm" variant="ghost" onClick={() => remove.mutate(c.id)} aria-label={`Remove the comment "${c.text}"`}>
                Remove
              </Button>
            ) : null}
          </li>
        ))}
      </ul>
      <form noValidate onSubmit={(e) => void submit(e)} aria-label="Pin a comment" className="flex flex-col gap-2">
        <Textarea label="Comment" rows={2} error={errors.text?.message} {...register('text')} />
        <fieldset className="flex flex-wrap items-center gap-3">
          <legend className="float-left mr-2 font-medium">Pin to</legend>
          <label className="inline-flex items-center gap-1">
            <input type="radio" value="line" {...register('anchor')} disabled={lines.length === 0} />a transcript line
          </label>
          <label className="inline-flex items-center gap-1">
            <input type="radio" value="moment" {...register('anchor')} />a moment of the recording
          </label>
        </fieldset>
        {anchor === 'line' ? (
          <div className="flex flex-col gap-1">
            <label htmlFor={lineId} className="font-medium">
              Line
            </label>
            <Select
              id={lineId}
              {...register('line')}
              aria-invalid={errors.line ? true : undefined}
              options={lines.map((l) => ({ value: String(l.index), label: `${l.index + 1}: ${l.label}` }))}
            />
            {errors.line ? <p className="font-medium text-red-700 dark:text-red-400">{errors.line.message}</p> : null}
          </div>
        ) : (
          <Field
            label="Seconds into the recording"
            description={`Empty: the player's position (${clock(time)}).`}
            error={errors.moment?.message}
            className="w-56"
          >
            <Input inputMode="decimal" {...register('moment')} />
          </Field>
        )}
        <RequestError error={pin.error} />
        <div>
          <Button type="submit" disabled={pin.isPending}>
            Pin the comment
          </Button>
        </div>
      </form>
    </div>
  );
}
