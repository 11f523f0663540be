import { useQueryClient } from '@tanstack/react-query';
import { createFileRoute, Outlet, redirect, useRouter } from '@tanstack/react-router';
import { useState } from 'react';
import { AppShell } from '@/components/layout/app-shell';
import { NotFound } from '@/components/layout/not-found';
import { RouteError } from '@/components/layout/route-error';
import { toast } from '@/components/ui/toast';
import { isApiError } from '@/lib/api-error';
import { sessionQueryOptions, signOut, useSession } from '@/lib/session';

/** Every signed-in page: the session is checked first; signed out goes to /login and back. */
export const Route = createFileRoute('/_app')({
  beforeLoad: async ({ context, location }) => {
    try {
      return { session: await context.queryClient.ensureQueryData(sessionQueryOptions) };
    } catch (e) {
      if (isApiError(e) && e.status === 401) throw redirect({ to: '/login', search: { redirect: location.href } });
      throw e;
    }
  },
  component: AppLayout,
  errorComponent: RouteError,
  notFoundComponent: NotFound,
});

function AppLayout() {
  const session = useSession();
  const router = useRouter();
  const queryClient = useQueryClient();
  const [signingOut, setSigningOut] = useState(false);

  async function onSignOut() {
    setSigningOut(true);
    try {
      await signOut(queryClient, () => router.navigate({ to: '/login', replace: true }));
    } catch {
      setSigningOut(false);
      toast.error('Could not sign out', 'Check your connection and try again.');
    }
  }

  return (
    <AppShell session={session} onSignOut={onSignOut} signingOut={signingOut}>
      <Outlet />
    </AppShell>
  );
}
