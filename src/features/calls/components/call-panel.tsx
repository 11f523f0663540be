/**
 * The detail panel beside the calls list (issue 34, ADR 0052): the selected call's essentials —
 * status, times, agent, number, campaign, duration, summary, the player and the first transcript
 * lines — and a link to its full review. Loaded apart from the list (the list preloads it once its
 * rows are on screen), drawn at once from the list's row, and completed as the call's reads come:
 * the same queries as the review (`callQueryOptions`, `transcriptQueryOptions`), started only once
 * the selection has settled (`fetch`), so rows passed over with `j` held down read nothing.
 *
 * Wide screens: a labelled region beside the rows. Narrow (< 1024 px): a modal sheet over them.
 */
import { Dialog as BaseDialog } from '@base-ui/react/dialog';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import {
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  type Dispatch,
  type KeyboardEvent,
  type ReactNode,
  type RefObject,
  type SetStateAction,
} from 'react';
import { useMediaQuery, useSettled } from '@/lib/settled';
import { stepSelection } from '../model/selection';

/** The rows' keys (j/k, o, Space, Escape), handed to the table once this code is here. */
export { callsRowKey } from '../model/row-keys';
import { ErrorState } from '@/components/ui/error-state';
import { CallStatusBadge } from '@/components/status/call-status-badge';
import { DateTime } from '@/components/ui/date-time';
import { PhoneLink } from '@/components/phone/phone-link';
import { buttonClasses } from '@/components/ui/button';
import { focusRing, popupSurface } from '@/components/ui/styles';
import { cn } from '@/lib/cn';
import { callQueryOptions, transcriptQueryOptions } from '../api/calls-queries';
import type { CallRow } from '../api/calls-source';
import { formatDuration } from '@/lib/duration';
import { lineLabel, toTimeline } from '../model/transcript';
import { NoRecording, RecordingPlayer } from './call-review-body';

/** How long the selection stays on a row before its call, transcript and recording are read. */
export const SETTLE_MS = 150;

const WIDE = '(min-width: 1024px)';

export interface PanelHostProps {
  selected: string | undefined;
  setSelected: Dispatch<SetStateAction<string | undefined>>;
  /** The selection the URL was last given. */
  writtenRef: RefObject<string | undefined>;
  calls: CallRow[];
  agentName: (id: string) => string;
  /** The table's box, where the rows are found by their call id. */
  tableRef: RefObject<HTMLDivElement | null>;
}

/**
 * While the panel is open, the table keeps the width it had without it, as its least width: the
 * list's box narrows and scrolls sideways but the table does not, so its rows are not laid out
 * again when the panel opens (10–48 ms for 50 rows on the bench's machine, against the panel's
 * budget of 50). The list sets the width as a row is chosen (calls-browser.tsx, before anything
 * moves); this takes it back once the panel closes, before the browser lays the page out.
 */
function useKeptTableWidth(tableRef: RefObject<HTMLDivElement | null>, open: boolean) {
  useLayoutEffect(() => {
    if (!open) tableRef.current?.style.removeProperty('--calls-table-rest-width');
  }, [open, tableRef]);
}

/**
 * The panel's side of the selection: the URL follows it once it settles (replacing the entry, so
 * Back leaves the list rather than stepping through rows); the call is read only then; Escape and
 * the close button give the focus back to the row; `j`/`k` in the panel move it.
 */
export function PanelHost({ selected, setSelected, writtenRef, calls, agentName, tableRef }: PanelHostProps) {
  useKeptTableWidth(tableRef, selected !== undefined);
  const navigate = useNavigate();
  const wide = useMediaQuery(WIDE);
  const settled = useSettled(selected, SETTLE_MS);
  const returnFocus = useRef<HTMLElement | null>(null);
  useEffect(() => {
    if (settled === writtenRef.current) return;
    writtenRef.current = settled;
    void navigate({ to: '/calls', search: (prev) => ({ ...prev, call: settled }), replace: true });
  }, [settled, navigate, writtenRef]);
  const rowOf = useCallback(
    (id: string | undefined) => (id ? tableRef.current?.querySelector<HTMLElement>(`tr[data-call-id="${CSS.escape(id)}"]`) : null),
    [tableRef],
  );
  useLayoutEffect(() => {
    returnFocus.current = rowOf(selected) ?? null;
  }, [selected, rowOf]);
  const close = useCallback(() => {
    const row = rowOf(selected);
    setSelected(undefined);
    row?.focus();
  }, [rowOf, selected, setSelected]);
  const ids = useMemo(() => calls.map((c) => c.id), [calls]);
  const move = useCallback(
    (delta: number) => {
      const next = stepSelection(ids, selected, delta);
      setSelected(next);
      rowOf(next)?.scrollIntoView({ block: 'nearest' });
    },
    [ids, selected, rowOf, setSelected],
  );
  if (selected === undefined) return null;
  return (
    <CallPanel
      callId={selected}
      row={calls.find((c) => c.id === selected)}
      fetch={settled === selected}
      agentName={agentName}
      mode={wide ? 'side' : 'sheet'}
      onClose={close}
      onMove={move}
      returnFocus={returnFocus}
    />
  );
}

/** How many transcript lines the panel shows (the review has the rest). */
export const PANEL_TRANSCRIPT_LINES = 6;

export interface CallPanelProps {
  callId: string;
  /** The list's row for the call, when it is on this page: drawn at once. */
  row?: CallRow;
  /** The selection has settled: read the call, its transcript and its recording. */
  fetch: boolean;
  agentName: (id: string) => string;
  /** `side`: a region beside the rows; `sheet`: a modal dialog over them (narrow screens). */
  mode: 'side' | 'sheet';
  onClose: () => void;
  /** Move the selection by this many rows (`j`/`k` pressed inside the panel). */
  onMove: (delta: number) => void;
  /** Where the focus goes when the sheet closes: the selected row. */
  returnFocus: RefObject<HTMLElement | null>;
}

export function CallPanel(props: CallPanelProps) {
  const titleId = useId();
  const { mode, onClose, onMove } = props;
  const region = useRef<HTMLElement>(null);
  // j/k move the selection from inside the panel too (not while typing or on the player's controls).
  function onKeyDown(event: KeyboardEvent<HTMLElement> | globalThis.KeyboardEvent) {
    if (event.altKey || event.ctrlKey || event.metaKey || typing(event.target)) return;
    if (event.key === 'j' || event.key === 'k') {
      event.preventDefault();
      onMove(event.key === 'j' ? 1 : -1);
    } else if (event.key === 'Escape' && mode === 'side') {
      event.preventDefault();
      onClose();
    }
  }
  // The region's keys (a listener: the region itself is no control; its links and buttons are).
  const keys = useRef(onKeyDown);
  useLayoutEffect(() => {
    keys.current = onKeyDown;
  });
  useEffect(() => {
    const el = region.current;
    if (!el) return;
    const listener = (event: globalThis.KeyboardEvent) => keys.current(event);
    el.addEventListener('keydown', listener);
    return () => el.removeEventListener('keydown', listener);
  }, [mode]);
  if (mode === 'sheet') {
    return (
      <BaseDialog.Root open onOpenChange={(open) => (open ? undefined : onClose())}>
        <BaseDialog.Portal>
          <BaseDialog.Backdrop className="fixed inset-0 z-40 bg-black/40" />
          <BaseDialog.Popup
            finalFocus={props.returnFocus}
            aria-labelledby={titleId}
            onKeyDown={onKeyDown}
            className={cn(popupSurface, 'fixed inset-y-0 right-0 z-50 w-[min(28rem,100vw)] overflow-y-auto rounded-none p-4')}
          >
            <PanelBody {...props} titleId={titleId} close={<BaseDialog.Close className={closeClasses} aria-label="Close the call's details" />} />
          </BaseDialog.Popup>
        </BaseDialog.Portal>
      </BaseDialog.Root>
    );
  }
  return (
    <section
      ref={region}
      aria-labelledby={titleId}
      data-call-panel=""
      className="sticky top-4 max-h-[calc(100vh-2rem)] overflow-y-auto rounded-lg border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-950"
    >
      <PanelBody
        {...props}
        titleId={titleId}
        close={<button type="button" className={closeClasses} aria-label="Close the call's details" onClick={onClose} />}
      />
    </section>
  );
}

const closeClasses = cn('shrink-0 rounded px-1.5 text-lg leading-none before:content-["✕"] hover:bg-slate-100 dark:hover:bg-slate-800', focusRing);

function PanelBody({ callId, row, fetch, agentName, titleId, close }: CallPanelProps & { titleId: string; close: ReactNode }) {
  // The list's copy first (a stand-in, counted as stale), then the call as the upstream has it now.
  const detail = useQuery({ ...callQueryOptions(callId), initialData: row, initialDataUpdatedAt: row ? 0 : undefined, enabled: fetch });
  const call = detail.data ?? row;
  const transcript = useQuery({ ...transcriptQueryOptions(callId), enabled: fetch && call !== undefined });
  const items = useMemo(() => (call && transcript.data ? toTimeline(transcript.data, call.startTime) : []), [transcript.data, call]);
  const firstLines = items.filter((item) => item.entry.message.trim() !== '').slice(0, PANEL_TRANSCRIPT_LINES);
  const audioRef = useRef<HTMLAudioElement>(null);
  const campaign = row?.campaignName;

  return (
    <div className="flex flex-col gap-4" data-panel-call-id={callId}>
      <div className="flex items-start justify-between gap-2">
        <h2 id={titleId} className="flex flex-wrap items-center gap-2 font-semibold">
          {call ? (
            <>
              Call with <span className="font-mono">{call.phone}</span>
            </>
          ) : (
            'Call'
          )}
        </h2>
        {close}
      </div>
      <Link to="/calls/$callId" params={{ callId }} className={cn(buttonClasses('primary', 'sm'), 'self-start')}>
        Open the full review
      </Link>
      {!call ? (
        detail.isError ? (
          <ErrorState error={detail.error} onRetry={() => void detail.refetch()} title="This call could not be loaded" />
        ) : (
          <p role="status" className="text-sm">
            Loading the call…
          </p>
        )
      ) : (
        <>
          {detail.isError ? (
            <p role="status" className="text-sm text-amber-800 dark:text-amber-300">
              The call's latest state could not be read; this is the list's copy.{' '}
              <button type="button" className={cn('underline', focusRing)} onClick={() => void detail.refetch()}>
                Try again
              </button>
            </p>
          ) : null}
          <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
            <Fact term="Status">
              <CallStatusBadge status={call.status} />
            </Fact>
            <Fact term="Duration">{formatDuration(call.duration)}</Fact>
            <Fact term="Start">
              <DateTime value={call.startTime} />
            </Fact>
            <Fact term="End">{call.endTime ? <DateTime value={call.endTime} /> : 'Not ended'}</Fact>
            <Fact term="Agent">{agentName(call.agentId)}</Fact>
            <Fact term="Number">
              <PhoneLink phone={call.phone} />
            </Fact>
            <Fact term="Campaign">{campaign ?? (campaign === null ? 'None' : '—')}</Fact>
            <Fact term="Type">{call.type === 'OUTBOUND' ? 'Outbound' : 'Inbound'}</Fact>
          </dl>
          <section aria-labelledby={`${titleId}-summary`}>
            <h3 id={`${titleId}-summary`} className="text-sm font-semibold">
              Summary
            </h3>
            <p className="mt-1 text-sm whitespace-pre-wrap">{call.summary ?? <Muted>No summary.</Muted>}</p>
          </section>
          {call.status === 'IN_PROGRESS' ? (
            <p className="text-sm text-slate-600 dark:text-slate-400">The call is still in progress; its recording appears when it ends.</p>
          ) : !call.recorded ? (
            <NoRecording />
          ) : fetch ? (
            <RecordingPlayer key={callId} callId={callId} items={items} audioRef={audioRef} onTime={() => undefined} />
          ) : (
            // Room for the player while the selection moves: it is only asked for once it settles.
            <div aria-hidden="true" className="min-h-32 rounded-lg border border-dashed border-slate-300 dark:border-slate-700" />
          )}
          <section aria-labelledby={`${titleId}-transcript`}>
            <h3 id={`${titleId}-transcript`} className="text-sm font-semibold">
              Transcript, first lines
            </h3>
            {transcript.isError ? (
              <ErrorState error={transcript.error} onRetry={() => void transcript.refetch()} title="The transcript could not be loaded" />
            ) : transcript.isPending ? (
              <p role="status" className="mt-1 text-sm">
                Loading the transcript…
              </p>
            ) : firstLines.length === 0 ? (
              <Muted>Nothing was said.</Muted>
            ) : (
              <ol className="mt-1 flex flex-col gap-1 text-sm">
                {firstLines.map((item) => (
                  <li key={item.index}>
                    <span className="font-medium">{lineLabel(item)}:</span> {item.entry.message}
                  </li>
                ))}
              </ol>
            )}
          </section>
        </>
      )}
    </div>
  );
}

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs text-slate-600 dark:text-slate-400">{term}</dt>
      <dd className="font-medium">{children}</dd>
    </div>
  );
}

function Muted({ children }: { children: ReactNode }) {
  return <span className="text-sm text-slate-600 dark:text-slate-400">{children}</span>;
}

/** A key pressed in a field or on the player's controls is theirs, not the panel's. */
function typing(target: EventTarget | null): boolean {
  return target instanceof HTMLElement && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT|AUDIO)$/.test(target.tagName));
}
