import { type QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext, Link, Outlet } from '@tanstack/react-router';

export interface RouterContext {
  queryClient: QueryClient;
}

export const Route = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  notFoundComponent: NotFound,
});

function RootLayout() {
  return (
    <div className="min-h-screen">
      <Outlet />
    </div>
  );
}

function NotFound() {
  return (
    <main className="mx-auto max-w-xl p-8">
      <h1 className="text-xl font-semibold">Page not found</h1>
      <p className="mt-2 text-slate-600 dark:text-slate-400">There is nothing at this address.</p>
      <Link to="/" className="mt-4 inline-block text-blue-700 underline dark:text-blue-400">
        Back to Switchboard
      </Link>
    </main>
  );
}
