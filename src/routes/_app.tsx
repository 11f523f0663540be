import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, Outlet, redirect, useRouter } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import type { SessionInfo } from '@contract/bff/http';
import { AppShell } from '@/components/layout/app-shell';
import { NotFound } from '@/components/layout/not-found';
import { RouteError } from '@/components/layout/route-error';
import { toast } from '@/components/ui/toast';
import { isApiError } from '@/lib/api-error';
import { notifySessionEnded } from '@/lib/api-client';
import { sessionQueryOptions, signOut } from '@/lib/session';

/** Every signed-in page: the session is checked first; signed out goes to /login and back. */
export const Route = createFileRoute('/_app')({
  beforeLoad: async ({ context, location }) => {
    const toLogin = () => redirect({ to: '/login', search: { redirect: location.href } });
    try {
      const session = await context.queryClient.ensureQueryData(sessionQueryOptions);
      if (!session) throw toLogin();
      return { session };
    } catch (e) {
      if (isApiError(e) && e.status === 401) throw toLogin();
      throw e;
    }
  },
  component: AppLayout,
  errorComponent: RouteError,
  notFoundComponent: NotFound,
});

function AppLayout() {
  const { data: session } = useSuspenseQuery(sessionQueryOptions);
  // Signed out elsewhere (another tab): the session check now says nobody; sign in again here.
  useEffect(() => {
    if (!session) notifySessionEnded();
  }, [session]);
  if (!session) return null;
  return <SignedIn session={session} />;
}

function SignedIn({ session }: { session: SessionInfo }) {
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
