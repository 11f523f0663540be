/**
 * The call review below its heading: the recording and the transcript in the main column (a line
 * click seeks; the line being played is highlighted); in the side column, the facts (drawn by the
 * page), what the call learned in sections that fold, and a panel a route composes in (the QA
 * review) last. Loaded once the heading and the facts are on screen (call-review-page.tsx).
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { JsonValue } from '@contract/json';
import type { Call } from '@contract/schemas/call';
import { Badge } from '@/components/ui/badge';
import { ErrorState } from '@/components/ui/error-state';
import { callKeys } from '../api/keys';
import { transcriptQueryOptions } from '../api/calls-queries';
import { classifications, extractedTree, splitContext } from '../model/call-details';
import { activeIndexAt, lineLabel, toTimeline } from '../model/transcript';
import { ExtractedDataTree } from '@/components/data/extracted-data-tree';
import { NoRecording, RecordingPlayer } from './recording-player';

// The list's detail panel plays through the same player, taken from here (one chunk for both, preloaded with the review's).
export { NoRecording, RecordingPlayer };
import { TranscriptTimeline } from './transcript-timeline';
import { REVIEW_COLUMNS, REVIEW_REGIONS } from './review-regions';
import { ReviewSection } from './review-section';

const LIVE_REFRESH_MS = 5_000;

/** What the call review offers a panel composed into it (the QA review): the player and the transcript lines. */
export interface CallReviewSlot {
  /** The recording's position, in seconds. */
  time: number;
  /** Transcript lines that say something: their index in the transcript and a short label. */
  lines: { index: number; label: string }[];
  /** Moves the recording there (absent when the call has no recording to play). */
  seek?: (seconds: number) => void;
}

/**
 * Draws the two columns' contents into the page's grid (call-review-page.tsx): the player and the
 * transcript; then the side column, `facts` (drawn by the page, first) at its top.
 */
export function CallReviewBody({ call, line, aside, facts }: { call: Call; line?: number; aside?: (slot: CallReviewSlot) => ReactNode; facts?: ReactNode }) {
  const callId = call.id;
  const live = call.status === 'IN_PROGRESS';
  const transcript = useQuery({ ...transcriptQueryOptions(callId), refetchInterval: live ? LIVE_REFRESH_MS : false });
  const queryClient = useQueryClient();
  // The moment a live call ends, read its final transcript once more.
  const wasLive = useRef(live);
  useEffect(() => {
    if (wasLive.current && !live) void queryClient.invalidateQueries({ queryKey: callKeys.transcript(callId) });
    wasLive.current = live;
  }, [live, callId, queryClient]);
  const audioRef = useRef<HTMLAudioElement>(null);
  const [time, setTime] = useState(0);
  const [playing, setPlaying] = useState(false);
  const items = useMemo(() => toTimeline(transcript.data ?? [], call.startTime), [transcript.data, call.startTime]);
  const activeIndex = call.recorded && (playing || time > 0) ? activeIndexAt(items, time) : -1;
  const cued = line === undefined ? undefined : items.find((item) => item.index === line);
  const lines = useMemo(
    () =>
      items
        .filter((item) => item.entry.message.trim() !== '')
        .map((item) => ({
          index: item.index,
          label: `${lineLabel(item)}: ${item.entry.message.slice(0, 80)}`,
        })),
    [items],
  );
  const context = splitContext(call.context);

  function seek(seconds: number) {
    const audio = audioRef.current;
    if (!audio) return;
    audio.currentTime = seconds;
    setTime(seconds);
  }

  return (
    <>
      <div className={REVIEW_COLUMNS.main}>
        {call.recorded && live ? (
          <section className="rounded-lg border border-dashed border-slate-300 p-4 dark:border-slate-700">
            <h2 className="font-semibold">Recording</h2>
            <p role="status" className="mt-1 text-sm text-slate-600 dark:text-slate-400">
              The call is still in progress; its recording appears when it ends.
            </p>
          </section>
        ) : call.recorded ? (
          <RecordingPlayer
            callId={call.id}
            items={items}
            audioRef={audioRef}
            cueAt={cued?.offsetSeconds}
            onTime={(t) => {
              setTime(t);
              setPlaying(!(audioRef.current?.paused ?? true));
            }}
          />
        ) : (
          <NoRecording />
        )}
        {/* Skip-link targets (page header): focusable by script only, so the next Tab goes on inside. */}
        <div
          id={REVIEW_REGIONS.transcript}
          tabIndex={-1}
          className="rounded-lg focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-blue-600"
        >
          {transcript.isPending ? (
            <p className="text-sm">Loading the transcript…</p>
          ) : transcript.isError ? (
            <ErrorState error={transcript.error} onRetry={() => void transcript.refetch()} title="The transcript could not be loaded" />
          ) : (
            <TranscriptTimeline
              items={items}
              activeIndex={activeIndex}
              cuedIndex={cued?.index}
              onSeek={call.recorded && !live ? seek : undefined}
              playing={playing}
            />
          )}
        </div>
      </div>
      <div className={REVIEW_COLUMNS.side}>
        <section id={REVIEW_REGIONS.details} tabIndex={-1} aria-label="Call details" className={REVIEW_COLUMNS.details}>
          {facts}
          <ReviewSection title="Summary">
            {call.summary ? <p className="text-sm whitespace-pre-wrap">{call.summary}</p> : <Muted>No summary.</Muted>}
          </ReviewSection>
          <ReviewSection title="Extracted data">
            <ExtractedDataTree data={extractedTree(call)} label="Extracted data" />
          </ReviewSection>
          <ReviewSection title="Classifications">
            <Pairs pairs={classifications(call)} empty="No classification." />
          </ReviewSection>
          <ReviewSection title="Tags">
            {call.tags.length ? (
              <ul className="flex flex-wrap gap-1">
                {call.tags.map((t) => (
                  <li key={t}>
                    <Badge tone="violet">{t}</Badge>
                  </li>
                ))}
              </ul>
            ) : (
              <Muted>No tags.</Muted>
            )}
          </ReviewSection>
          <ReviewSection title="Context">
            <Pairs pairs={Object.entries(context.variables).map(([k, v]) => [k, show(v)])} empty="No context variables." />
            <h3 className="mt-3 text-sm font-semibold">System variables</h3>
            <Pairs pairs={Object.entries(context.system).map(([k, v]) => [k, show(v)])} empty="None." />
          </ReviewSection>
          <ReviewSection title="Watched variables">
            <Pairs pairs={Object.entries(call.watchedVariables ?? {})} empty="No watched variables." />
          </ReviewSection>
        </section>
        {/* Last in the side column: it loads after the rest and grows with its rubric, and there it
            moves nothing on the screen when it does. The column stays in view (sticky on wide
            screens) so the review can be written while the transcript is read. */}
        {aside ? (
          <div
            id={REVIEW_REGIONS.qa}
            tabIndex={-1}
            className="rounded-lg focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-blue-600"
          >
            <Slot render={aside} time={time} lines={lines} seek={call.recorded && !live ? seek : undefined} />
          </div>
        ) : null}
      </div>
    </>
  );
}

function Slot({ render, ...slot }: CallReviewSlot & { render: (slot: CallReviewSlot) => ReactNode }) {
  return render(slot);
}

function show(v: JsonValue): string {
  return typeof v === 'string' ? v : JSON.stringify(v);
}

function Muted({ children }: { children: ReactNode }) {
  return <p className="text-sm text-slate-600 dark:text-slate-400">{children}</p>;
}

function Pairs({ pairs, empty }: { pairs: [string, string][]; empty: string }) {
  if (pairs.length === 0) return <Muted>{empty}</Muted>;
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
      {pairs.map(([k, v]) => (
        <div key={k} className="contents">
          <dt className="text-slate-700 dark:text-slate-300">{k}</dt>
          <dd className="font-medium break-all">{v}</dd>
        </div>
      ))}
    </dl>
  );
}
