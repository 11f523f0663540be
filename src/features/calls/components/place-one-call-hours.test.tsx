// @vitest-environment jsdom
/**
 * The one-call form after the BFF held the call back for the recipient's local hours: the reason on
 * the phone field, what was typed kept, and for a role that may ('calls:override-hours') the
 * checkbox that sends the same call again with the override and a key of its own.
 */
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type React from 'react';
import { Controller } from 'react-hook-form';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-error';
import { renderWithQueries } from '@/testing/render';
import { placeCall } from '../api/place-calls';
import { PlaceOneCall } from './place-one-call';

const AGENT = '8f2e6a52-52d4-4b0e-9a8b-0c7a0f3d2a11';
const REASON = 'It is 22:05 in Europe/Paris, outside the calling hours (10:00–13:00 and 14:00–20:00)';
const role = vi.hoisted(() => ({ current: 'operator' }));
vi.mock('@/lib/session', async (original) => ({
  ...((await original()) as object),
  useSession: () => ({ user: role.current, role: role.current, scopes: ['calls:write'] }),
}));
vi.mock('@tanstack/react-router', async (original) => ({ ...((await original()) as object), useNavigate: () => vi.fn() }));
vi.mock('@/lib/shared-queries/agents', () => ({
  allAgentsQueryOptions: () => ({ queryKey: ['agents'], queryFn: () => Promise.resolve([{ id: AGENT, name: 'Renewals' }]) }),
  callableAgents: (agents: unknown[]) => agents,
}));
vi.mock('@/lib/shared-queries/campaign-registry', () => ({
  campaignChoicesQueryOptions: () => ({ queryKey: ['campaigns'], queryFn: () => Promise.resolve({ content: [] }) }),
}));
vi.mock('./outbound-agent-field', () => ({
  OutboundAgentField: ({ control, name }: { control: never; name: string }) => (
    <Controller
      control={control}
      name={name as never}
      render={({ field }) => <input aria-label="Outbound agent" value={field.value ?? ''} onChange={field.onChange} />}
    />
  ),
}));
vi.mock('@/components/compliance/caps-notice', () => ({ CapsSkipNotice: () => null }));
vi.mock('../api/place-calls', async (original) => ({ ...((await original()) as object), placeCall: vi.fn() }));

afterEach(cleanup);

async function refusedOnce() {
  vi.mocked(placeCall).mockReset();
  vi.mocked(placeCall).mockRejectedValueOnce(
    new ApiError('It is 22:05 for this recipient (Europe/Paris), outside the calling hours; the call was not placed.', {
      status: 422,
      kind: 'http',
      fieldErrors: [{ field: 'recipient.phone', rejectedValue: '+33612345678', message: REASON }],
    }),
  );
  renderWithQueries(<PlaceOneCall country="FR" />);
  fireEvent.change(await screen.findByRole('textbox', { name: 'Outbound agent' }), { target: { value: AGENT } });
  fireEvent.change(screen.getByRole('textbox', { name: /Phone/ }), { target: { value: '+33612345678' } });
  fireEvent.click(screen.getByRole('button', { name: 'Place the call' }));
  await waitFor(() => expect(screen.getByRole('textbox', { name: /Phone/ })).toHaveAccessibleDescription(expect.stringContaining(REASON)));
}

describe('PlaceOneCall: a call held back for local hours', () => {
  it('keeps what was typed and lets an operator call anyway, with the override and a new key', async () => {
    role.current = 'operator';
    await refusedOnce();
    expect(screen.getByRole('textbox', { name: /Phone/ })).toHaveValue('+33612345678');
    vi.mocked(placeCall).mockResolvedValueOnce(null);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Call anyway, outside their local hours' }));
    fireEvent.click(screen.getByRole('button', { name: 'Place the call' }));
    await waitFor(() => expect(placeCall).toHaveBeenCalledTimes(2));
    const [first, second] = vi.mocked(placeCall).mock.calls;
    expect(first![2]).toBe(false);
    expect(second![0]).toEqual(first![0]);
    expect(second![2]).toBe(true);
    expect(second![1]).not.toBe(first![1]);
  });

  it('offers no override to a viewer', async () => {
    role.current = 'viewer';
    await refusedOnce();
    expect(screen.queryByRole('checkbox', { name: 'Call anyway, outside their local hours' })).toBeNull();
  });
});
