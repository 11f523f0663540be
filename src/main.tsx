import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { setSessionEndedHandler } from './lib/api-client';
import { createQueryClient } from './lib/query-client';
import { sessionKeys } from './lib/session';
import { createAppRouter } from './router';
import './styles.css';

const queryClient = createQueryClient();
const router = createAppRouter(queryClient);

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
