// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createRef } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TimelineItem } from '../model/transcript';
import { RecordingPlayer, recordingEvents, whyRecordingFailed } from './recording-player';

const TOO_LARGE = "The recording is larger than 64 MB, the most Switchboard serves (RECORDING_MAX_MB). Listen to it in the Voice API's own tools.";
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

// The waveform's library draws on a canvas jsdom has not: it reports the recording decoded at once,
// and keeps what it was created with.
const created = vi.hoisted(() => [] as Record<string, unknown>[]);
vi.mock('wavesurfer.js', () => ({
  default: {
    create: (options: Record<string, unknown>) => {
      created.push(options);
      return { on: (event: string, listener: () => void) => event === 'decode' && setTimeout(listener), destroy: () => undefined };
    },
  },
}));

/** The recording served whole, and a browser decoder (jsdom has none) that finds `seconds` of audio in it. */
function stubRecording(seconds: number) {
  const samples = new Float32Array(seconds * 8000).fill(0.25);
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(new Uint8Array([1, 2, 3]), { status: 200 })),
  );
  vi.stubGlobal(
    'OfflineAudioContext',
    class {
      decodeAudioData = async () => ({ length: samples.length, duration: seconds, numberOfChannels: 1, getChannelData: () => samples });
    },
  );
}
/** The events marked on the waveform now (the regions plugin's marks). */
const marks = vi.hoisted(() => [] as number[]);
vi.mock('wavesurfer.js/dist/plugins/regions.esm.js', () => ({
  default: {
    create: () => ({
      clearRegions: () => void (marks.length = 0),
      addRegion: ({ start }: { start: number }) => void marks.push(start),
    }),
  },
}));

afterEach(() => {
  cleanup();
  created.length = 0;
  marks.length = 0;
  vi.unstubAllGlobals();
});

describe('RecordingPlayer', () => {
  it('shows why when the audio failed before the player was on screen (no error event reaches it)', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(502, { message: TOO_LARGE, errors: [] })),
    );
    // jsdom's media elements have no `error`: this one failed as the BFF refused the recording.
    Object.defineProperty(HTMLMediaElement.prototype, 'error', { configurable: true, get: () => ({ code: 4 }) });
    try {
      render(<RecordingPlayer callId="c-1" items={[]} audioRef={createRef<HTMLAudioElement>()} onTime={() => undefined} />);
      expect(await screen.findByRole('alert')).toHaveTextContent(TOO_LARGE);
    } finally {
      delete (HTMLMediaElement.prototype as { error?: unknown }).error;
    }
  });

  it('shows the BFF’s own message when it refuses the recording (larger than RECORDING_MAX_MB)', async () => {
    const fetchMock = vi.fn(async () => json(502, { message: TOO_LARGE, errors: [] }));
    vi.stubGlobal('fetch', fetchMock);
    const { container } = render(<RecordingPlayer callId="c-1" items={[]} audioRef={createRef<HTMLAudioElement>()} onTime={() => undefined} />);
    fireEvent.error(container.querySelector('audio')!);
    expect(await screen.findByText(/RECORDING_MAX_MB/)).toHaveAttribute('role', 'alert');
    expect(screen.getByRole('alert')).toHaveTextContent(TOO_LARGE);
    expect(fetchMock).toHaveBeenCalledWith('/bff/recordings/c-1', expect.objectContaining({ headers: { range: 'bytes=0-0' } }));
  });
});

describe('the recording’s events', () => {
  const entry = (action: TimelineItem['entry']['action'], seconds: number) => ({
    action,
    actor: 'UNKNOWN' as const,
    message: '',
    time: new Date(Date.UTC(2026, 10, 29, 9, 0, seconds)).toISOString(),
  });
  const items: TimelineItem[] = [
    { kind: 'event', index: 0, entry: entry('RING', 0), offsetSeconds: 0 },
    { kind: 'event', index: 1, entry: entry('ANSWER', 4), offsetSeconds: 4 },
    { kind: 'turn', index: 2, entry: entry('AGENT_SPEAK', 5), offsetSeconds: 5, speaker: 'AGENT' },
    { kind: 'event', index: 3, entry: entry('TRANSFER_CALL', 192), offsetSeconds: 192 },
  ];

  it('names each event in words, in order, and nothing else', () => {
    expect(recordingEvents(items)).toEqual([
      { index: 0, offsetSeconds: 0, label: 'Ring' },
      { index: 1, offsetSeconds: 4, label: 'Answer' },
      { index: 3, offsetSeconds: 192, label: 'Transfer call' },
    ]);
  });

  // Before, the events were only labels written on the waveform (over each other and the wave, the last
  // one past its end), and only a pointer could reach them.
  it('lists the events under the player, each a button that plays from it', () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(404, {})),
    );
    const audioRef = createRef<HTMLAudioElement>();
    const onTime = vi.fn();
    render(<RecordingPlayer callId="c-1" items={items} audioRef={audioRef} onTime={onTime} />);
    const list = screen.getByRole('list', { name: 'Events' });
    expect(
      within(list)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['0:00Ring', '0:04Answer', '3:12Transfer call']);
    fireEvent.click(within(list).getByRole('button', { name: '3:12 Transfer call: play from here' }));
    expect(audioRef.current!.currentTime).toBe(192);
    expect(onTime).toHaveBeenCalledWith(192);
  });

  it('shows no row when the call had no event', () => {
    render(<RecordingPlayer callId="c-1" items={items.filter((i) => i.kind === 'turn')} audioRef={createRef<HTMLAudioElement>()} onTime={() => undefined} />);
    expect(screen.queryByRole('list', { name: 'Events' })).toBeNull();
  });
});

describe('the turns’ bands', () => {
  // The metadata loaded before the player was mounted (no loadedmetadata event reaches it): the bands
  // still follow the element's duration. Before, they stayed empty.
  it('are drawn when the audio knew its duration before the player was on screen', async () => {
    stubRecording(193);
    const media = HTMLMediaElement.prototype;
    const readyState = vi.spyOn(media, 'readyState', 'get').mockReturnValue(1);
    const duration = vi.spyOn(media, 'duration', 'get').mockReturnValue(193);
    try {
      const items = [0, 10, 20].map((at, index): TimelineItem => ({
        kind: 'turn',
        index,
        offsetSeconds: at,
        speaker: index % 2 ? 'HUMAN' : 'AGENT',
        entry: { action: index % 2 ? 'HUMAN_SPEAK' : 'AGENT_SPEAK', actor: index % 2 ? 'HUMAN' : 'AGENT', message: 'x', time: '2026-11-29T09:00:00Z' },
      }));
      const { container } = render(<RecordingPlayer callId="c-1" items={items} audioRef={createRef<HTMLAudioElement>()} onTime={() => undefined} />);
      await waitFor(() => expect(container.querySelectorAll('[data-speaker]')).toHaveLength(3));
    } finally {
      readyState.mockRestore();
      duration.mockRestore();
    }
  });
});

describe('the waveform', () => {
  // Given the whole recording, wavesurfer walked its millions of samples several times as it drew: one
  // long task of the review's first seconds (~140 ms at a phone's CPU). It now gets peaks and the duration.
  it('is drawn from peaks and the duration, so wavesurfer fetches and decodes nothing itself', async () => {
    stubRecording(60);
    render(<RecordingPlayer callId="c-1" items={[]} audioRef={createRef<HTMLAudioElement>()} onTime={() => undefined} />);
    await waitFor(() => expect(created).toHaveLength(1));
    const options = created[0] as { peaks: Float32Array[]; duration: number; media: unknown };
    expect(options.duration).toBe(60);
    expect(options.peaks).toHaveLength(1);
    expect(options.peaks[0]).toHaveLength(2000);
    expect(options.media).toBeInstanceOf(HTMLAudioElement);
    await waitFor(() => expect(screen.queryByText('Drawing the waveform…')).toBeNull());
    expect(screen.queryByText(/waveform could not be drawn/)).toBeNull();
  });

  // The transcript, and the call's fresh copy (which makes new items), often come after the player:
  // each used to tear the waveform down and fetch and decode the whole recording again.
  it('is fetched, decoded and drawn once per recording, however often the transcript changes; its events are marked as they come', async () => {
    stubRecording(60);
    const audioRef = createRef<HTMLAudioElement>();
    const { rerender } = render(<RecordingPlayer callId="c-1" items={[]} audioRef={audioRef} onTime={() => undefined} />);
    await waitFor(() => expect(screen.queryByText('Drawing the waveform…')).toBeNull());
    const at = (offsetSeconds: number, index: number): TimelineItem => ({
      kind: 'event',
      index,
      offsetSeconds,
      entry: { action: 'RING', actor: 'UNKNOWN', message: '', time: '2026-11-29T09:00:00Z' },
    });
    rerender(<RecordingPlayer callId="c-1" items={[at(0, 0)]} audioRef={audioRef} onTime={() => undefined} />);
    rerender(<RecordingPlayer callId="c-1" items={[at(0, 0), at(42, 1)]} audioRef={audioRef} onTime={() => undefined} />);
    await waitFor(() => expect(marks).toEqual([0, 42]));
    await new Promise((r) => setTimeout(r, 20));
    expect(created).toHaveLength(1);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(screen.queryByText('Drawing the waveform…')).toBeNull();
  });

  it('says so when the recording cannot be decoded, and the audio stays', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(new Uint8Array([1]), { status: 200 })),
    );
    vi.stubGlobal(
      'OfflineAudioContext',
      class {
        decodeAudioData = async () => {
          throw new DOMException('Unable to decode audio data', 'EncodingError');
        };
      },
    );
    const { container } = render(<RecordingPlayer callId="c-1" items={[]} audioRef={createRef<HTMLAudioElement>()} onTime={() => undefined} />);
    expect(await screen.findByText('The waveform could not be drawn; the audio still plays.')).toBeVisible();
    expect(created).toHaveLength(0);
    expect(container.querySelector('audio')).not.toBeNull();
  });
});

describe('whyRecordingFailed', () => {
  it('gives the generic sentence when the BFF serves the recording or cannot be reached', async () => {
    expect(await whyRecordingFailed('/r', async () => new Response(new Uint8Array([1]), { status: 206 }))).toMatch(/could not be played/);
    expect(
      await whyRecordingFailed('/r', async () => {
        throw new TypeError('network');
      }),
    ).toMatch(/could not be played/);
  });

  it('passes on a refusal’s message: no recording, or the Voice API busy', async () => {
    expect(await whyRecordingFailed('/r', async () => json(404, { message: 'This call has no recording.' }))).toBe('This call has no recording.');
    expect(await whyRecordingFailed('/r', async () => json(429, { message: 'The Voice API is busy; try again in 3 s.' }))).toMatch(/busy/);
  });
});
