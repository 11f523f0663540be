/** The console itself, loaded by the entry (main.tsx) once it has started the cold load's first requests. */
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { setSessionEndedHandler, warmTokens } from './lib/api-client';
import { createQueryClient } from './lib/query-client';
import { sessionKeys, sessionQueryOptions } from './lib/session';
import { createAppRouter } from './router';

const queryClient = createQueryClient();
// Cold load: the session check and the first page's route code start now, side by side, instead
// of one after the other once React has mounted the router (the session is what `_app` awaits; its
// pages' code otherwise starts loading only after it has arrived). The entry has started
// /auth/bootstrap, so it is usually here already, with the role's read tokens (kept in memory by
// the token cache): the first page's loader reads at once (or takes the read the entry started). A token the bootstrap could not bring is
// fetched now, before that loader runs.
void queryClient.prefetchQuery(sessionQueryOptions).then(() => {
  const session = queryClient.getQueryData(sessionQueryOptions.queryKey);
  if (session) warmTokens(session.scopes.filter((scope) => scope.endsWith(':read')).map((scope) => [scope]));
});
const router = createAppRouter(queryClient);
for (const match of router.matchRoutes(router.latestLocation)) {
  const route = router.routesById[match.routeId as keyof typeof router.routesById];
  void router.loadRouteChunk(route)?.catch(() => undefined);
}

// A session that ends mid-work: sign in again and come back to the same address. Forms keep what
// was typed in their drafts on the BFF; nothing personal is left in browser storage.
setSessionEndedHandler(() => {
  const { pathname, href } = router.state.location;
  if (pathname === '/login') return;
  void router.navigate({ to: '/login', search: { redirect: href, ended: true } }).then(() => {
    queryClient.removeQueries({ queryKey: sessionKeys.all });
  });
});

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  </StrictMode>,
);
