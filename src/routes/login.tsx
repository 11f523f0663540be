import { createFileRoute, redirect, useRouter, type SearchSchemaInput } from '@tanstack/react-router';
import { SignInForm } from '@/features/auth/components/sign-in-form';
import { safeRedirect } from '@/features/auth/model/safe-redirect';
import { booleanParam } from '@/lib/search-params';
import { sessionQueryOptions } from '@/lib/session';
import { PageTitle } from '@/components/layout/page-title';

interface LoginSearch {
  redirect?: string;
  /** Set when a session ended mid-work, to say why the user is here. */
  ended?: boolean;
}

export const Route = createFileRoute('/login')({
  validateSearch: (raw: LoginSearch & SearchSchemaInput): LoginSearch => ({
    redirect: typeof raw.redirect === 'string' ? raw.redirect : undefined,
    ended: booleanParam(raw.ended),
  }),
  beforeLoad: async ({ context, search }) => {
    // Already signed in: straight on to where they were going. Asked afresh: a cached session may
    // be the one that just ended.
    const session = await context.queryClient.fetchQuery({ ...sessionQueryOptions, staleTime: 0 }).catch(() => null);
    if (session) throw redirect({ href: safeRedirect(search.redirect), replace: true });
  },
  component: LoginPage,
});

function LoginPage() {
  const search = Route.useSearch();
  const router = useRouter();
  return (
    <main className="flex min-h-screen items-center justify-center bg-slate-50 px-4 dark:bg-slate-950">
      <div className="w-full max-w-sm rounded-xl border border-slate-200 bg-white p-8 shadow-sm dark:border-slate-800 dark:bg-slate-900">
        <PageTitle title="Sign in" />
        <h1 className="text-xl font-semibold">Sign in to Switchboard</h1>
        <p className="mt-1 mb-6 text-sm text-slate-600 dark:text-slate-400">The operations console for your voice agents.</p>
        <SignInForm sessionEnded={search.ended} onSignedIn={() => router.history.replace(safeRedirect(search.redirect))} />
      </div>
    </main>
  );
}
