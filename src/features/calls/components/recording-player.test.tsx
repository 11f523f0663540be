// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createRef } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RecordingPlayer, whyRecordingFailed } from './recording-player';

const TOO_LARGE = "The recording is larger than 64 MB, the most Switchboard serves (RECORDING_MAX_MB). Listen to it in the Voice API's own tools.";
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('RecordingPlayer', () => {
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
