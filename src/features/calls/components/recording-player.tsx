/**
 * The recording: an <audio> element streaming from the BFF (Range requests, so seeking is
 * instant) drives playback; wavesurfer.js, loaded only on this screen, draws the waveform over
 * that same element from peaks the player reduces first (model/waveform-peaks.ts), and marks the
 * call's events (regions) and each speaker's turns (bands over it).
 * The events are named in a row under the player, each a button that plays from it.
 * If the waveform fails, the audio still plays.
 */
import { useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { Button, buttonClasses } from '@/components/ui/button';
import { toApiError } from '@/lib/api-client';
import { formatOffset } from '@/lib/duration';
import { Select } from '@/components/ui/select';
import { eventLabel, type TimelineItem } from '../model/transcript';
import { turnBands } from '../model/turn-bands';
import { decodeWaveform } from '../model/waveform-peaks';
import type RegionsPlugin from 'wavesurfer.js/dist/plugins/regions.esm.js';

const SPEEDS = ['0.5', '0.75', '1', '1.25', '1.5', '2'];
const MARK_COLOURS: Record<string, string> = {
  AGENT: 'rgba(37, 99, 235, 0.18)',
  HUMAN: 'rgba(22, 163, 74, 0.18)',
  event: 'rgba(217, 119, 6, 0.9)',
};

export function recordingUrl(callId: string): string {
  return `/bff/recordings/${encodeURIComponent(callId)}`;
}

/** The call's events (ring, answer, beep, transfer, hang-up) in order, named in words: "Hang up", "Transfer call". */
export function recordingEvents(items: TimelineItem[]): { index: number; offsetSeconds: number; label: string }[] {
  return items.flatMap((item) => {
    if (item.kind !== 'event') return [];
    return [{ index: item.index, offsetSeconds: item.offsetSeconds, label: eventLabel(item.entry.action) }];
  });
}

const CANNOT_PLAY = 'The recording could not be played. Try downloading it.';

/**
 * Why the recording did not play, asked of the BFF once the <audio> element has failed (the element
 * itself only says that it failed): the BFF's message when it refused it (a recording larger than
 * RECORDING_MAX_MB, no recording, the Voice API busy), else the generic sentence. One byte is asked
 * for, so a recording that does play is not fetched whole again.
 */
export async function whyRecordingFailed(url: string, fetchImpl: typeof fetch = fetch): Promise<string> {
  try {
    const res = await fetchImpl(url, { headers: { range: 'bytes=0-0' }, credentials: 'same-origin' });
    if (res.ok) {
      await res.body?.cancel().catch(() => undefined);
      return CANNOT_PLAY;
    }
    return (await toApiError(res)).message;
  } catch {
    return CANNOT_PLAY;
  }
}

export interface RecordingPlayerProps {
  callId: string;
  items: TimelineItem[];
  audioRef: RefObject<HTMLAudioElement | null>;
  /** Where to cue the audio once it can seek (a transcript hit's line), in seconds. */
  cueAt?: number;
  onTime: (seconds: number) => void;
}

export function RecordingPlayer({ callId, items, audioRef, cueAt, onTime }: RecordingPlayerProps) {
  const waveRef = useRef<HTMLDivElement>(null);
  const [playing, setPlaying] = useState(false);
  const [speed, setSpeed] = useState('1');
  /** What to tell the person when the audio failed; null while it has not. */
  const [audioError, setAudioError] = useState<string | null>(null);
  /** The waveform of which recording was drawn (or failed); any other's is still loading. */
  const [wave, setWave] = useState<{ url: string; state: 'ready' | 'failed' } | null>(null);
  /** The drawn waveform's marks, for the events as the transcript gives them (it may come later). */
  const regionsRef = useRef<RegionsPlugin | null>(null);
  const [duration, setDuration] = useState(0);
  const bands = useMemo(() => turnBands(items, duration), [items, duration]);
  const events = useMemo(() => recordingEvents(items), [items]);
  const url = recordingUrl(callId);
  const waveState = wave?.url === url ? wave.state : 'loading';
  /** Whether the cue was applied: once, whichever comes last, the audio's metadata or the transcript that gives the line's time. */
  const cued = useRef(false);
  const cue = (media: HTMLAudioElement) => {
    if (cued.current || cueAt === undefined || media.readyState < 1) return;
    cued.current = true;
    if (media.currentTime !== 0) return; // the person already moved it
    media.currentTime = cueAt;
    onTime(cueAt);
  };
  // The transcript (and so the line's time) may come after the audio's metadata.
  useEffect(() => {
    if (audioRef.current) cue(audioRef.current);
  });
  // The metadata, or a failure, may have come before this player was on screen: React creates the
  // element, which starts loading, while it renders, and a render in slices (a transition) can commit
  // after the element's event, whose update of a player not yet mounted is dropped. The turns' bands
  // then never showed (about one load in two of a recording the browser had cached), nor would a
  // refusal's message.
  useEffect(() => {
    const media = audioRef.current;
    if (!media) return;
    if (media.readyState >= 1 && Number.isFinite(media.duration)) setDuration(media.duration);
    if (media.error) failed();
  }, [audioRef]); // eslint-disable-line react-hooks/exhaustive-deps -- once, on mount: later events reach the handlers

  function failed() {
    setAudioError(CANNOT_PLAY);
    void whyRecordingFailed(url).then((why) => setAudioError(why));
  }

  // wavesurfer is an external widget: create it once per recording and tear it down after. It is
  // given the peaks and the duration, so it draws at once and fetches nothing itself. Once per
  // recording, not per transcript: the transcript (and the call's fresh copy, which makes new items)
  // often comes after the player, and each used to fetch and decode the whole recording again.
  useEffect(() => {
    const media = audioRef.current;
    const container = waveRef.current;
    if (!media || !container) return;
    const aborted = new AbortController();
    let destroy = () => {};
    void (async () => {
      try {
        const [{ default: WaveSurfer }, { default: Regions }, decoded] = await Promise.all([
          import('wavesurfer.js'),
          import('wavesurfer.js/dist/plugins/regions.esm.js'),
          decodeWaveform(url, aborted.signal),
        ]);
        if (aborted.signal.aborted) return;
        const regions = Regions.create();
        const ws = WaveSurfer.create({
          container,
          media,
          peaks: decoded.peaks,
          duration: decoded.duration,
          height: 72,
          waveColor: '#94a3b8',
          progressColor: '#1d4ed8',
          cursorColor: '#0f172a',
          normalize: true,
          dragToSeek: true,
          plugins: [regions],
        });
        destroy = () => ws.destroy();
        ws.on('decode', () => {
          if (aborted.signal.aborted) return;
          regionsRef.current = regions;
          setWave({ url, state: 'ready' });
        });
        ws.on('error', () => !aborted.signal.aborted && setWave({ url, state: 'failed' }));
        // No ws.load(): given the element, wavesurfer keeps the element's own source (its absolute URL). A second
        // load would abort the first (an AbortError, reported as a failure), and any other spelling of the URL
        // would make it swap a blob: URL into the element — for a 10-minute WAV (~10 MB) that reset the player,
        // stalling playback that had already started.
      } catch {
        if (!aborted.signal.aborted) setWave({ url, state: 'failed' });
      }
    })();
    return () => {
      aborted.abort();
      regionsRef.current = null;
      destroy();
    };
  }, [url, audioRef]);

  // The events' marks on the drawn waveform, as the transcript gives them. Only the few events are
  // regions, marks without text (a ring and its answer a few seconds later wrote over each other and
  // the wave, and a hang-up's label fell past the end): they are named in the row of events under the
  // player. The turns are the bands drawn below.
  useEffect(() => {
    const regions = regionsRef.current;
    if (waveState !== 'ready' || !regions) return;
    regions.clearRegions();
    for (const event of events) regions.addRegion({ start: event.offsetSeconds, color: MARK_COLOURS.event, drag: false, resize: false });
  }, [waveState, events]);

  function toggle() {
    const audio = audioRef.current;
    if (!audio) return;
    if (audio.paused) void audio.play().catch(() => setAudioError((previous) => previous ?? CANNOT_PLAY));
    else audio.pause();
  }

  function seek(seconds: number) {
    const audio = audioRef.current;
    if (!audio) return;
    audio.currentTime = seconds;
    onTime(seconds);
  }

  function changeSpeed(value: string) {
    setSpeed(value);
    if (audioRef.current) audioRef.current.playbackRate = Number(value);
  }

  return (
    <section aria-labelledby="recording-heading" className="flex flex-col gap-3 rounded-lg border border-slate-200 p-4 dark:border-slate-800">
      <h2 id="recording-heading" className="font-semibold">
        Recording
      </h2>
      <div className="relative">
        <div ref={waveRef} className="min-h-[72px]" aria-hidden="true" />
        {/* In the waveform's own room while it is drawn: nothing below moves when it is done. */}
        {waveState === 'loading' ? (
          <p className="absolute inset-0 flex items-center text-sm text-slate-600 dark:text-slate-400">Drawing the waveform…</p>
        ) : null}
        {waveState === 'ready' ? (
          <div className="pointer-events-none absolute inset-0" aria-hidden="true">
            {bands.map((b) => (
              <span
                key={`${b.speaker}-${b.start}`}
                data-speaker={b.speaker}
                className="absolute inset-y-0"
                style={{ left: `${b.start * 100}%`, width: `${(b.end - b.start) * 100}%`, background: MARK_COLOURS[b.speaker] }}
              />
            ))}
          </div>
        ) : null}
      </div>
      {waveState === 'failed' && !audioError ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">The waveform could not be drawn; the audio still plays.</p>
      ) : null}
      {audioError ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {audioError}
        </p>
      ) : null}
      {/* The transcript beside the player is the recording's text alternative. */}
      {/* eslint-disable-next-line jsx-a11y/media-has-caption */}
      <audio
        ref={audioRef}
        src={url}
        preload="metadata"
        controls
        className="w-full"
        aria-label="Call recording"
        onPlay={() => setPlaying(true)}
        onPause={() => setPlaying(false)}
        onEnded={() => setPlaying(false)}
        onTimeUpdate={(e) => onTime(e.currentTarget.currentTime)}
        onSeeked={(e) => onTime(e.currentTarget.currentTime)}
        onLoadedMetadata={(e) => {
          setDuration(e.currentTarget.duration);
          // Cued once, when the audio can first seek; later loads (a new source) start where the user left it.
          cue(e.currentTarget);
        }}
        onError={failed}
      />
      <div className="flex flex-wrap items-center gap-2">
        <Button variant="primary" onClick={toggle} aria-pressed={playing}>
          {playing ? 'Pause' : 'Play'}
        </Button>
        <div className="flex items-center gap-2 text-sm">
          <span>Speed</span>
          <Select
            value={speed}
            onValueChange={changeSpeed}
            options={SPEEDS.map((s) => ({ value: s, label: `${s}×` }))}
            aria-label="Playback speed"
            className="min-w-20"
          />
        </div>
        <a href={url} download={`call-${callId}`} className={buttonClasses('secondary', 'md')}>
          Download
        </a>
      </div>
      {events.length > 0 ? (
        <div className="flex flex-wrap items-center gap-1.5 text-sm">
          <span id="recording-events" className="text-slate-600 dark:text-slate-400">
            Events
          </span>
          <ul aria-labelledby="recording-events" className="flex flex-wrap gap-1.5">
            {events.map((e) => (
              <li key={e.index}>
                <Button
                  variant="secondary"
                  size="sm"
                  onClick={() => seek(e.offsetSeconds)}
                  aria-label={`${formatOffset(e.offsetSeconds)} ${e.label}: play from here`}
                >
                  <span className="tabular-nums text-slate-600 dark:text-slate-400">{formatOffset(e.offsetSeconds)}</span>
                  {e.label}
                </Button>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <p className="flex gap-4 text-xs text-slate-600 dark:text-slate-400">
        <span>
          <span aria-hidden="true" className="mr-1 inline-block h-2 w-3 bg-blue-600/40" />
          Agent turns
        </span>
        <span>
          <span aria-hidden="true" className="mr-1 inline-block h-2 w-3 bg-green-600/40" />
          Person turns
        </span>
        <span>
          <span aria-hidden="true" className="mr-1 inline-block h-2 w-0.5 bg-amber-600" />
          Events
        </span>
      </p>
    </section>
  );
}

export function NoRecording() {
  return (
    <section aria-labelledby="recording-heading" className="rounded-lg border border-dashed border-slate-300 p-4 dark:border-slate-700">
      <h2 id="recording-heading" className="font-semibold">
        Recording
      </h2>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">This call was not recorded.</p>
    </section>
  );
}
