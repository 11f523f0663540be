// @vitest-environment jsdom
/**
 * The cap guard notice on a running campaign's page: the count and why the rule is "any call", the
 * button only to roles that may manage alert rules, one click sends one write and the page then
 * names the rule; nothing when no cap is set; a failed read says so.
 */
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type React from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CapGuardStatus } from '@contract/bff/cap-guard';
import { renderWithQueries } from '@/testing/render';
import { createCapGuard } from '../../api/cap-guard';
import { CAP_GUARD_BUTTON, CapGuardNotice } from './cap-guard-notice';

const ID = '0b6a2f0e-7c1d-4c55-9d1e-2a3b4c5d6e7f';
const role = vi.hoisted(() => ({ current: 'operator' }));
const status = vi.hoisted(() => ({ current: null as unknown }));
vi.mock('@/lib/session', async (original) => ({
  ...((await original()) as object),
  useSession: () => ({ user: role.current, role: role.current, scopes: [] }),
}));
vi.mock('@tanstack/react-router', async (original) => ({
  ...((await original()) as object),
  Link: ({ children, to }: { children: React.ReactNode; to: string }) => <a href={to}>{children}</a>,
}));
vi.mock('../../api/cap-guard', () => ({
  capGuardQueryOptions: (id: string) => ({
    queryKey: ['campaigns', 'cap-guard', id],
    queryFn: () => (status.current instanceof Error ? Promise.reject(status.current) : Promise.resolve(status.current)),
    retry: false,
  }),
  createCapGuard: vi.fn(),
}));

afterEach(() => {
  cleanup();
  vi.mocked(createCapGuard).mockReset();
});

const OVER: CapGuardStatus = { capsSet: true, known: true, recipients: 40, overCap: 2, attempts: 2, quiet: 0, guard: null };
const GUARD = { id: 7, name: 'Cap guard: Renewals (0b6a2f0e)', viewName: 'Cap guard: Renewals (0b6a2f0e)' };

describe('CapGuardNotice', () => {
  it('counts the recipients over a cap, says why the rule is any call, and sets the guard in one click', async () => {
    role.current = 'operator';
    status.current = OVER;
    vi.mocked(createCapGuard).mockResolvedValueOnce({ created: true, guard: GUARD });
    renderWithQueries(<CapGuardNotice campaignId={ID} />);
    expect(await screen.findByText('2 of its 40 recipients are over a contact cap now (2 over the attempts cap).')).toBeTruthy();
    expect(screen.getByText(/a watched view can name one number, not a list/)).toBeTruthy();
    status.current = { ...OVER, guard: GUARD };
    fireEvent.click(screen.getByRole('button', { name: CAP_GUARD_BUTTON }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toContain('Guard set: Cap guard: Renewals (0b6a2f0e)'));
    expect(createCapGuard).toHaveBeenCalledTimes(1);
    expect(createCapGuard).toHaveBeenCalledWith(ID);
    await waitFor(() => expect(screen.getByText(/A guard watches this campaign/)).toBeTruthy());
    expect(screen.queryByRole('button', { name: CAP_GUARD_BUTTON })).toBeNull();
  });

  it('offers no button to a viewer, and links an existing guard', async () => {
    role.current = 'viewer';
    status.current = OVER;
    renderWithQueries(<CapGuardNotice campaignId={ID} />);
    expect(await screen.findByText(/2 of its 40 recipients/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: CAP_GUARD_BUTTON })).toBeNull();
    expect(screen.getByText('An operator or an admin can set a guard that pauses it.')).toBeTruthy();
    cleanup();
    status.current = { ...OVER, guard: GUARD };
    renderWithQueries(<CapGuardNotice campaignId={ID} />);
    const link = await screen.findByRole('link', { name: GUARD.name });
    expect(link.getAttribute('href')).toBe('/alerts');
  });

  it('shows nothing when no cap is set, and says so when the count cannot be read', async () => {
    role.current = 'operator';
    status.current = { ...OVER, capsSet: false, overCap: 0, attempts: 0, recipients: 0 };
    const { container } = renderWithQueries(<CapGuardNotice campaignId={ID} />);
    await waitFor(() => expect(container.textContent).toBe(''));
    cleanup();
    status.current = new Error('The BFF is down');
    renderWithQueries(<CapGuardNotice campaignId={ID} />);
    expect(await screen.findByText('The contact caps could not be checked')).toBeTruthy();
  });
});
