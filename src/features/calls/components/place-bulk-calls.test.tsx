// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { pasteRows, renderWithQueries } from '@/testing/render';
import { placeBulk } from '../api/place-calls';
import { PlaceBulkCalls } from './place-bulk-calls';

vi.mock('@/lib/shared-queries/agents', () => ({
  allAgentsQueryOptions: () => ({ queryKey: ['agents'], queryFn: () => Promise.resolve([{ id: '8f2e6a52-52d4-4b0e-9a8b-0c7a0f3d2a11', name: 'Renewals' }]) }),
  callableAgents: (agents: unknown[]) => agents,
}));
vi.mock('@/lib/shared-queries/campaign-registry', () => ({
  campaignChoicesQueryOptions: () => ({ queryKey: ['campaigns'], queryFn: () => Promise.resolve({ content: [] }) }),
}));
vi.mock('@/components/do-not-call/skip-notice', () => ({ DncSkipNotice: () => null }));
vi.mock('@/components/compliance/caps-notice', () => ({ CapsSkipNotice: () => null }));
vi.mock('../api/place-calls', async (original) => ({ ...((await original()) as object), placeBulk: vi.fn() }));

afterEach(cleanup);

describe('PlaceBulkCalls: the send form (react-hook-form + bulkSendSchema)', () => {
  it('Place without an agent: says why, tied to the agent field, and sends nothing', async () => {
    renderWithQueries(<PlaceBulkCalls country="FR" />);
    pasteRows('phone\n+33612345678\n');
    fireEvent.click(await screen.findByRole('button', { name: 'Place 1 call' }));
    const agent = screen.getByRole('combobox', { name: 'Outbound agent' });
    await waitFor(() => expect(agent).toHaveAccessibleDescription('Choose an outbound agent.'));
    expect(agent).toHaveAttribute('aria-invalid', 'true');
    expect(placeBulk).not.toHaveBeenCalled();
  });
});
