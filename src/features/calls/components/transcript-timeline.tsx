/**
 * The transcript as a timeline: events (ring, answer, beep, transfer, hang-up) apart from the
 * conversation's turns, each with its absolute time and offset from the start. Find, copy,
 * click a line to seek, the line being played highlighted. Long transcripts (thousands of
 * entries) are virtualised; short ones render whole so find-in-page and screen readers see all.
 */
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useMemo, useRef, useState } from 'react';
import { cn } from '@/lib/cn';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toast';
import { controlBase, focusRing } from '@/components/ui/styles';
import { useTimeFormat } from '@/lib/time/display-zone';
import { formatOffset } from '@/lib/duration';
import { eventLabel, findInTranscript, transcriptToText, type TimelineItem } from '../model/transcript';
import { countOf } from '@/lib/plural';

const VIRTUALISE_OVER = 300;

export interface TranscriptTimelineProps {
  items: TimelineItem[];
  activeIndex: number;
  /** A line opened from a search hit: marked, and scrolled into view when the timeline appears. */
  cuedIndex?: number;
  /** Seek the recording; absent when the call was not recorded. */
  onSeek?: (seconds: number) => void;
  playing: boolean;
}

export function TranscriptTimeline({ items, activeIndex, cuedIndex, onSeek, playing }: TranscriptTimelineProps) {
  const [query, setQuery] = useState('');
  const matches = useMemo(() => new Set(findInTranscript(items, query)), [items, query]);

  async function copy() {
    try {
      await navigator.clipboard.writeText(transcriptToText(items));
      toast.success('Transcript copied');
    } catch {
      toast.error('Could not copy the transcript');
    }
  }

  return (
    <section aria-labelledby="transcript-heading" className="flex flex-col gap-3 rounded-lg border border-slate-200 p-4 dark:border-slate-800">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="transcript-heading" className="font-semibold">
          Transcript
        </h2>
        <div className="flex items-center gap-2">
          {/* A plain input (no Field around it): Base UI's input would add ~8 KB gzip to the review's first load. */}
          <input
            type="search"
            aria-label="Find in transcript"
            placeholder="Find in transcript"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            className={cn(controlBase, 'w-48')}
          />
          <Button size="sm" onClick={copy} disabled={items.length === 0}>
            Copy transcript
          </Button>
        </div>
      </div>
      {query.trim() ? (
        <p role="status" className="text-sm text-slate-600 dark:text-slate-400">
          {countOf(matches.size, 'match', 'matches')}
        </p>
      ) : null}
      {items.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">This call has no transcript.</p>
      ) : items.length > VIRTUALISE_OVER ? (
        <VirtualLines items={items} activeIndex={activeIndex} cuedIndex={cuedIndex} matches={matches} onSeek={onSeek} playing={playing} />
      ) : (
        <ScrollBox className="max-h-[32rem] overflow-y-auto">
          <ol aria-label="Transcript entries" className="flex flex-col gap-1">
            {items.map((item) => (
              <li key={item.index}>
                <Line
                  item={item}
                  active={item.index === activeIndex}
                  cued={item.index === cuedIndex}
                  match={matches.has(item.index)}
                  onSeek={onSeek}
                  follow={playing}
                />
              </li>
            ))}
          </ol>
        </ScrollBox>
      )}
    </section>
  );
}

function VirtualLines({
  items,
  activeIndex,
  cuedIndex,
  matches,
  onSeek,
  playing,
}: {
  items: TimelineItem[];
  activeIndex: number;
  cuedIndex?: number;
  matches: Set<number>;
  onSeek?: (s: number) => void;
  playing: boolean;
}) {
  const parent = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({ count: items.length, getScrollElement: () => parent.current, estimateSize: () => 56, overscan: 12 });
  useEffect(() => {
    if (playing && activeIndex >= 0) virtualizer.scrollToIndex(activeIndex, { align: 'auto' });
  }, [activeIndex, playing, virtualizer]);
  useEffect(() => {
    if (cuedIndex !== undefined) virtualizer.scrollToIndex(cuedIndex, { align: 'center' });
  }, [cuedIndex, virtualizer]);
  // The scroll box is a div around the list, so the list holds only its items (a sizer element
  // inside an <ol> breaks its list semantics for assistive technology).
  return (
    <ScrollBox ref={parent} className="relative max-h-[32rem] overflow-y-auto" style={{ contain: 'strict', height: '32rem' }}>
      <ol aria-label="Transcript entries" className="relative" style={{ height: virtualizer.getTotalSize() }}>
        {virtualizer.getVirtualItems().map((v) => {
          const item = items[v.index]!;
          return (
            <li
              key={item.index}
              data-index={v.index}
              ref={virtualizer.measureElement}
              className="absolute left-0 w-full"
              style={{ transform: `translateY(${v.start}px)` }}
              aria-setsize={items.length}
              aria-posinset={v.index + 1}
            >
              <Line
                item={item}
                active={item.index === activeIndex}
                cued={item.index === cuedIndex}
                match={matches.has(item.index)}
                onSeek={onSeek}
                follow={false}
              />
            </li>
          );
        })}
      </ol>
    </ScrollBox>
  );
}

/**
 * The transcript's scroll box. Without a recording the lines are text, not buttons, so nothing
 * inside takes focus: the box itself does (a named region), so the keyboard can scroll it.
 */
function ScrollBox({
  ref,
  className,
  style,
  children,
}: {
  ref?: React.Ref<HTMLDivElement>;
  className: string;
  style?: React.CSSProperties;
  children: React.ReactNode;
}) {
  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrollable region must be reachable by keyboard
    <div ref={ref} role="region" aria-label="Transcript, scrollable" tabIndex={0} className={cn(className, focusRing)} style={style}>
      {children}
    </div>
  );
}

function Line({
  item,
  active,
  cued,
  match,
  onSeek,
  follow,
}: {
  item: TimelineItem;
  active: boolean;
  cued?: boolean;
  match: boolean;
  onSeek?: (s: number) => void;
  follow: boolean;
}) {
  const ref = useRef<HTMLButtonElement & HTMLDivElement>(null);
  const format = useTimeFormat();
  useEffect(() => {
    if (active && follow) ref.current?.scrollIntoView({ block: 'nearest' });
  }, [active, follow]);
  useEffect(() => {
    if (cued) ref.current?.scrollIntoView({ block: 'center' });
  }, [cued]);
  const who = item.kind === 'turn' ? (item.speaker === 'AGENT' ? 'Agent' : item.entry.actor === 'ANSWERING_MACHINE' ? 'Answering machine' : 'Person') : null;
  const time = (
    <span className="flex shrink-0 flex-col text-xs text-slate-600 tabular-nums dark:text-slate-400">
      <span>{formatOffset(item.offsetSeconds)}</span>
      <time dateTime={item.entry.time} title={format.utc(item.entry.time)}>
        {format.time(item.entry.time, { short: true })}
      </time>
    </span>
  );
  const body =
    item.kind === 'turn' ? (
      <span className={cn('flex-1 rounded-lg px-3 py-1.5', item.speaker === 'AGENT' ? 'bg-blue-50 dark:bg-blue-950/50' : 'bg-green-50 dark:bg-green-950/50')}>
        <span className="block text-xs font-semibold">{who}</span>
        <span data-testid="transcript-message">{item.entry.message}</span>
      </span>
    ) : (
      <span className="flex-1 py-1 text-sm text-amber-900 italic dark:text-amber-200">
        <span className="font-semibold not-italic">{eventLabel(item.entry.action)}</span>
        {item.entry.message ? ` · ${item.entry.message}` : ''}
      </span>
    );
  const classes = cn(
    'flex w-full items-start gap-3 rounded-md p-1 text-left',
    active && 'bg-yellow-100 ring-2 ring-yellow-500 dark:bg-yellow-900/40',
    match && 'outline-dashed outline-2 outline-violet-500',
    cued && !active && 'bg-violet-50 ring-2 ring-violet-500 dark:bg-violet-950/50',
    focusRing,
  );
  const state = {
    'data-kind': item.kind,
    'data-action': item.entry.action,
    'data-time': item.entry.time,
    'data-offset': item.offsetSeconds,
    'data-active': active ? 'true' : undefined,
    'data-cued': cued ? 'true' : undefined,
    'aria-current': active ? ('true' as const) : undefined,
  };
  if (!onSeek) {
    return (
      <div ref={ref} className={classes} {...state}>
        {time}
        {body}
      </div>
    );
  }
  return (
    <button
      ref={ref}
      type="button"
      className={classes}
      onClick={() => onSeek(item.offsetSeconds)}
      {...state}
      aria-label={`${formatOffset(item.offsetSeconds)} ${who ?? eventLabel(item.entry.action)}: ${item.entry.message}. Play from here.`}
    >
      {time}
      {body}
    </button>
  );
}
