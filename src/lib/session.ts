/** Who is signed in, what they may do, and signing in and out. */
import { queryOptions, useSuspenseQuery, type QueryClient } from '@tanstack/react-query';
import type { SessionBootstrap, SessionInfo, SessionState } from '@contract/bff/http';
import { isUpstreamScope, can as roleCan, type Permission } from '@contract/bff/permissions';
import { bffRequest, clearTokens, keepTokens, signOutRequests } from './api-client';
import { forgetKept } from './keep-on-session-end';
import { preferencesKeys } from './time/display-zone';
import type { Preferences } from '@contract/bff/preferences';

export const sessionKeys = {
  all: ['session'] as const,
};

// The first session check of a page (and the one right after signing in) is the bootstrap: the
// session and the role's read tokens in one answer (index.html starts it before the code arrives).
// The tokens go to the in-memory token cache, never into the query cache or any storage. Later
// checks (another tab signed out, the session timed out) ask the session alone.
let bootstrapNext = true;

async function readSession({ client }: { client: QueryClient }): Promise<SessionState> {
  if (!bootstrapNext) return bffRequest<SessionState>('GET', '/auth/session');
  bootstrapNext = false;
  const { session, tokens, preferences } = await bffRequest<SessionBootstrap>('GET', '/auth/bootstrap');
  if (session) keepTokens(tokens);
  // The display zone came with it: the first page's loader reads with it at once (no GET /bff/preferences first).
  if (session && preferences) client.setQueryData(preferencesKeys.all, (known: Preferences | undefined) => known ?? preferences);
  return session;
}

export const sessionQueryOptions = queryOptions({
  queryKey: sessionKeys.all,
  // null: nobody is signed in in this browser (an answer, not an error); 401: the session ended.
  queryFn: readSession,
  staleTime: 5 * 60_000,
  retry: false,
});

/** The signed-in user; only under the `_app` layout, which makes sure there is one. */
export function useSession(): SessionInfo {
  const session = useSuspenseQuery(sessionQueryOptions).data;
  // The layout renders its pages only with a session (see routes/_app.tsx).
  if (!session) throw new Error('useSession is for signed-in pages only.');
  return session;
}

/** Whether the signed-in role holds a permission (the BFF enforces it again on every request). */
export function useCan(permission: Permission): boolean {
  const session = useSession();
  return can(session, permission);
}

/**
 * The permission table's answer for the session's role (contract/bff/permissions.ts); an upstream
 * scope must also be one the session's tokens were granted.
 */
export function can(session: Pick<SessionInfo, 'role' | 'scopes'>, permission: Permission): boolean {
  return roleCan(session.role, permission) && (!isUpstreamScope(permission) || session.scopes.includes(permission));
}

/** For a route's loader: whether the signed-in role (the `_app` layout's context) holds a permission. */
export function allowedIn(context: unknown, permission: Permission): boolean {
  const session = (context as { session?: Pick<SessionInfo, 'role' | 'scopes'> | null }).session;
  return !!session && can(session, permission);
}

export async function signIn(queryClient: QueryClient, username: string, password: string): Promise<void> {
  await bffRequest<void>('POST', '/auth/login', { username, password });
  clearTokens();
  bootstrapNext = true;
  await queryClient.fetchQuery({ ...sessionQueryOptions, staleTime: 0 });
}

/** Ends the session at the BFF, leaves (so no screen refetches as nobody), then forgets everything. */
export async function signOut(queryClient: QueryClient, leave: () => Promise<void>): Promise<void> {
  // Nothing else is sent from here until everything is forgotten (no read as nobody, no 401).
  const done = await signOutRequests();
  try {
    forgetKept();
    await leave();
    // Nothing of the last user stays in memory for the next one.
    queryClient.clear();
  } finally {
    done();
  }
}
