// @vitest-environment jsdom
/**
 * The column chooser and density while earlier changes are still being kept: each change shows in
 * the same click (a CI run once found the Compact radio springing back while the BFF was still
 * answering the column changes before it), the BFF gets every change in order, and a refusal puts
 * the table back to what the BFF keeps.
 */
import { QueryClient } from '@tanstack/react-query';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_CALLS_TABLE } from '@contract/bff/preferences.plain';
import type { Preferences } from '@contract/bff/preferences';
import { bffRequest } from '@/lib/api-client';
import { preferencesKeys } from '@/lib/time/display-zone';
import { renderWithQueries } from '@/testing/render';
import { TableSettings } from './table-settings';

vi.mock('@/lib/api-client', async (original) => ({ ...((await original()) as object), bffRequest: vi.fn() }));
vi.mock('@/components/ui/toast', () => ({ toast: { error: vi.fn(), success: vi.fn() } }));

afterEach(cleanup);

/** The BFF's PUTs, each answered only when the test says so. */
function heldPuts(kept: Preferences) {
  const answers: Array<{ body: unknown; answer: () => void; refuse: () => void }> = [];
  vi.mocked(bffRequest).mockReset();
  vi.mocked(bffRequest).mockImplementation((method: string, _path: string, body?: unknown) => {
    if (method === 'GET') return Promise.resolve(kept) as never;
    return new Promise((resolve, reject) => {
      answers.push({
        body,
        answer: () => resolve({ ...kept, ...(body as object) }),
        refuse: () => reject(new Error('refused')),
      });
    }) as never;
  });
  return answers;
}

async function openSettings(kept: Preferences) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(preferencesKeys.all, kept);
  renderWithQueries(<TableSettings />, client);
  fireEvent.click(screen.getByRole('button', { name: /^Columns and density/ }));
  await screen.findByRole('dialog', { name: 'Table settings' });
  return client;
}

describe('TableSettings while earlier changes are being kept', () => {
  const kept: Preferences = { timeZone: null, callsTable: DEFAULT_CALLS_TABLE };

  it('shows each change in the click that made it, and sends them in order', async () => {
    const puts = heldPuts(kept);
    await openSettings(kept);
    const tags = screen.getByRole('checkbox', { name: 'Tags' });
    const compact = screen.getByRole('radio', { name: 'Compact' });
    expect(tags).toBeChecked();
    fireEvent.click(tags);
    fireEvent.click(compact);
    // Nothing answered yet: both show already.
    expect(tags).not.toBeChecked();
    expect(compact).toBeChecked();

    await waitFor(() => expect(puts).toHaveLength(1));
    puts[0]!.answer();
    await waitFor(() => expect(puts).toHaveLength(2));
    expect(compact).toBeChecked();
    expect(puts[0]!.body).toEqual({ callsTable: expect.objectContaining({ density: 'comfortable' }) });
    expect(puts[1]!.body).toEqual({ callsTable: expect.objectContaining({ density: 'compact' }) });
    expect((puts[1]!.body as { callsTable: { columns: string[] } }).callsTable.columns).not.toContain('tags');
    puts[1]!.answer();
    await waitFor(() => expect(vi.mocked(bffRequest).mock.calls.filter(([m]) => m === 'PUT')).toHaveLength(2));
    expect(compact).toBeChecked();
    expect(tags).not.toBeChecked();
  });

  it('puts the table back to what the BFF keeps when it refuses', async () => {
    const puts = heldPuts(kept);
    await openSettings(kept);
    const compact = screen.getByRole('radio', { name: 'Compact' });
    fireEvent.click(compact);
    expect(compact).toBeChecked();
    await waitFor(() => expect(puts).toHaveLength(1));
    puts[0]!.refuse();
    await waitFor(() => expect(screen.getByRole('radio', { name: 'Comfortable' })).toBeChecked());
    expect(compact).not.toBeChecked();
  });
});
