// @vitest-environment jsdom
/**
 * The bulk screen after the BFF held numbers back for their local hours: each is listed with its
 * reason, and a role that may ('calls:override-hours') calls only those anyway, with the override.
 */
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type React from 'react';
import { Controller } from 'react-hook-form';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { pasteRows, renderWithQueries } from '@/testing/render';
import { placeBulk } from '../api/place-calls';
import { PlaceBulkCalls } from './place-bulk-calls';

const AGENT = '8f2e6a52-52d4-4b0e-9a8b-0c7a0f3d2a11';
const role = vi.hoisted(() => ({ current: 'operator' }));
vi.mock('@/lib/session', async (original) => ({
  ...((await original()) as object),
  useSession: () => ({ user: role.current, role: role.current, scopes: ['calls:write'] }),
}));
vi.mock('@/lib/shared-queries/agents', () => ({
  allAgentsQueryOptions: () => ({ queryKey: ['agents'], queryFn: () => Promise.resolve([{ id: AGENT, name: 'Renewals' }]) }),
  callableAgents: (agents: unknown[]) => agents,
}));
vi.mock('@/lib/shared-queries/campaign-registry', () => ({
  campaignChoicesQueryOptions: () => ({ queryKey: ['campaigns'], queryFn: () => Promise.resolve({ content: [] }) }),
}));
// The agent picker as a plain text field (the combobox has its own tests): this file is about what follows a send.
vi.mock('./outbound-agent-field', () => ({
  OutboundAgentField: ({ control, name }: { control: never; name: string }) => (
    <Controller
      control={control}
      name={name as never}
      render={({ field }) => <input aria-label="Outbound agent" value={field.value ?? ''} onChange={field.onChange} />}
    />
  ),
}));
// The result's links as plain anchors (no router here).
vi.mock('@tanstack/react-router', async (original) => ({
  ...((await original()) as object),
  Link: ({ children }: { children: React.ReactNode }) => <a href="/calls">{children}</a>,
}));
vi.mock('@/components/do-not-call/skip-notice', () => ({ DncSkipNotice: () => null }));
vi.mock('@/components/compliance/caps-notice', () => ({ CapsSkipNotice: () => null }));
vi.mock('../api/place-calls', async (original) => ({ ...((await original()) as object), placeBulk: vi.fn() }));

afterEach(cleanup);

const HELD = {
  index: 0,
  phone: '+33612345678',
  zone: 'Europe/Paris',
  localTime: '22:05',
  reason: 'It is 22:05 in Europe/Paris, outside the calling hours (10:00–13:00 and 14:00–20:00)',
};

async function placeTwo() {
  vi.mocked(placeBulk).mockReset();
  vi.mocked(placeBulk).mockResolvedValueOnce({ calls: [], rate: {}, status: 201, skipped: [], capped: [], held: [HELD] });
  renderWithQueries(<PlaceBulkCalls country="FR" />);
  pasteRows('phone\n+33612345678\n+12125559002\n');
  fireEvent.change(await screen.findByRole('textbox', { name: 'Outbound agent' }), { target: { value: AGENT } });
  fireEvent.click(await screen.findByRole('button', { name: 'Place 2 calls' }));
  return screen.findByTestId('hours-held');
}

describe('PlaceBulkCalls: numbers held back for their local hours', () => {
  it('lists each held number with its reason; an operator calls only those anyway, with the override and a new key', async () => {
    role.current = 'operator';
    const held = await placeTwo();
    expect(screen.getByText(/1 number was held back: outside their local calling hours\./)).toBeInTheDocument();
    expect(held).toHaveTextContent(`+33612345678: ${HELD.reason}`);
    vi.mocked(placeBulk).mockResolvedValueOnce({ calls: [], rate: {}, status: 201, skipped: [], capped: [], held: [] });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Call anyway, outside their local hours' }));
    fireEvent.click(screen.getByRole('button', { name: 'Call the 1 held number anyway' }));
    await waitFor(() => expect(placeBulk).toHaveBeenCalledTimes(2));
    const [body, key, override] = vi.mocked(placeBulk).mock.calls[1]!;
    expect(body.recipients.map((r) => r.phone)).toEqual(['+33612345678']);
    expect(override).toBe(true);
    expect(key).not.toBe(vi.mocked(placeBulk).mock.calls[0]![1]);
  });

  it('offers no override to a viewer', async () => {
    role.current = 'viewer';
    await placeTwo();
    expect(screen.queryByRole('checkbox', { name: 'Call anyway, outside their local hours' })).toBeNull();
  });
});
