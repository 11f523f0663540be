/** Root layout: a header and the page; the router context carries the QueryClient. */
import type { QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext, Link, Outlet } from '@tanstack/react-router';

export const Route = createRootRouteWithContext<{ queryClient: QueryClient }>()({
  component: Root,
  notFoundComponent: () => <p className="p-6">Not found.</p>,
});

function Root() {
  return (
    <div className="min-h-screen bg-white text-slate-900">
      <header className="border-b border-slate-200 px-6 py-3">
        <Link to="/calls" className="font-semibold">
          Calls
        </Link>
      </header>
      <main className="p-6">
        <Outlet />
      </main>
    </div>
  );
}
