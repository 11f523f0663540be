// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
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
vi.mock('../api/place-calls', async (original) => ({ ...((await original()) as object), placeBulk: vi.fn() }));

afterEach(cleanup);

describe('PlaceBulkCalls: the send form (react-hook-form + bulkSendSchema)', () => {
  it('Place without an agent: says why, tied to the agent field, and sends nothing', async () => {
    render(
      <QueryClientProvider client={new QueryClient()}>
        <PlaceBulkCalls country="FR" />
      </QueryClientProvider>,
    );
    fireEvent.change(screen.getByLabelText(/Or paste rows/), { target: { value: 'phone\n+33612345678\n' } });
    fireEvent.click(screen.getByRole('button', { name: 'Use pasted rows' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Place 1 call' }));
    const agent = screen.getByRole('combobox', { name: 'Outbound agent' });
    await waitFor(() => expect(agent).toHaveAccessibleDescription('Choose an outbound agent.'));
    expect(agent).toHaveAttribute('aria-invalid', 'true');
    expect(placeBulk).not.toHaveBeenCalled();
  });
});
