// @vitest-environment jsdom
/**
 * The rows' keys beyond the table's own (j/k, o) come with the panel's code, which the list loads
 * once its rows are on screen. They must reach the table as soon as that code is here, whatever
 * else draws the list again: a CI run pressed `o` once the panel showed its call and nothing
 * opened, since the code had arrived after the list's last render (the panel itself was drawn by
 * its lazy boundary, which does not draw the table again).
 */
import { QueryClient } from '@tanstack/react-query';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { createMemoryHistory, createRootRoute, createRoute, createRouter, Outlet, RouterProvider } from '@tanstack/react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_CALLS_TABLE } from '@contract/bff/preferences.plain';
import { preferencesKeys } from '@/lib/time/display-zone';
import { renderWithQueries } from '@/testing/render';
import type { CallRow } from '../api/calls-source';
import { CallsBrowser } from './calls-browser';

afterEach(cleanup);

const calls = ['a', 'b', 'c'].map(
  (id, i) =>
    ({
      id,
      phone: `+3361234567${i}`,
      agentId: 'agent',
      type: 'OUTBOUND',
      status: 'COMPLETED',
      startTime: `2026-11-30T10:0${i}:00Z`,
      endTime: `2026-11-30T10:0${i}:30Z`,
      recorded: false,
      tags: [],
      summary: null,
    }) as unknown as CallRow,
);

function renderList() {
  const root = createRootRoute({ component: Outlet });
  const list = createRoute({
    getParentRoute: () => root,
    path: '/calls',
    component: () => (
      <CallsBrowser
        calls={calls}
        sort="startTime,desc"
        agentName={() => 'Agent'}
        onSort={() => undefined}
        visible={DEFAULT_CALLS_TABLE.columns}
        density="comfortable"
        selectedInUrl={undefined}
      />
    ),
  });
  const review = createRoute({ getParentRoute: () => root, path: '/calls/$callId', component: () => <h1>The review</h1> });
  const router = createRouter({ routeTree: root.addChildren([list, review]), history: createMemoryHistory({ initialEntries: ['/calls'] }) });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(preferencesKeys.all, { timeZone: 'UTC', callsTable: DEFAULT_CALLS_TABLE });
  renderWithQueries(<RouterProvider router={router} />, client);
  return router;
}

const row = (id: string) => document.querySelector<HTMLTableRowElement>(`tbody tr[data-call-id="${id}"]`)!;

describe('CallsBrowser: the rows’ keys once the panel’s code is here', () => {
  it('a row clicked before the code: once its panel shows, j moves to the next row and o opens its review', async () => {
    const router = renderList();
    await waitFor(() => expect(row('a')).toBeTruthy());
    fireEvent.click(row('a').cells[2]!);
    row('a').focus();
    await waitFor(() => expect(document.querySelector('[data-panel-call-id]')?.getAttribute('data-panel-call-id')).toBe('a'));

    fireEvent.keyDown(row('a'), { key: 'j' });
    expect(document.activeElement).toBe(row('b'));
    fireEvent.keyDown(row('b'), { key: 'o' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/calls/b'));
    expect(await screen.findByRole('heading', { name: 'The review' })).toBeTruthy();
  });
});
