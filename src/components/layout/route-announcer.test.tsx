// @vitest-environment jsdom
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { createMemoryHistory, createRootRoute, createRoute, createRouter, Outlet, RouterProvider } from '@tanstack/react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { PageTitle } from './page-title';
import { RouteAnnouncer, TITLE_SETTLE_MS } from './route-announcer';

afterEach(cleanup);

const wait = (ms: number) => act(() => new Promise((resolve) => setTimeout(resolve, ms)));

describe('RouteAnnouncer', () => {
  // A loaded CI run heard "Agents" after a click on Calls: the list's screen was still loading, the
  // agents' screen (and its title) stayed meanwhile, and that title settled.
  it('reads the new screen’s name once it is drawn, not the title of the screen still shown while it loads', async () => {
    let release = () => {};
    const callsLoaded = new Promise<void>((resolve) => (release = resolve));
    const root = createRootRoute({
      component: () => (
        <>
          <RouteAnnouncer />
          <Outlet />
        </>
      ),
    });
    const agents = createRoute({ getParentRoute: () => root, path: '/agents', component: () => <PageTitle title="Agents" /> });
    const calls = createRoute({ getParentRoute: () => root, path: '/calls', loader: () => callsLoaded, component: () => <PageTitle title="Calls" /> });
    const router = createRouter({
      routeTree: root.addChildren([agents, calls]),
      history: createMemoryHistory({ initialEntries: ['/agents'] }),
      defaultPendingMs: 60_000,
    });
    render(<RouterProvider router={router} />);
    await waitFor(() => expect(document.title).toBe('Agents · Switchboard'));
    const announcer = () => screen.getByText((_, el) => el?.id === 'route-announcer', { selector: 'p' });
    expect(announcer()).toHaveTextContent('');

    let navigated: Promise<void> = Promise.resolve();
    await act(async () => {
      navigated = router.navigate({ to: '/calls' });
    });
    await wait(TITLE_SETTLE_MS * 3);
    expect(announcer()).toHaveTextContent('');

    await act(async () => {
      release();
      await navigated;
    });
    await waitFor(() => expect(announcer()).toHaveTextContent('Calls'));
  });
});
