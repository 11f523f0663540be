// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import type { ComponentProps } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Role } from '@contract/bff/roles';
import { ROLE_SCOPES } from '@contract/bff/permissions';
import { sessionKeys } from '@/lib/session';
import { WritePage } from './can';

afterEach(cleanup);

/** The gate as `role` sees it, around "the page". */
function renderGate(role: Role, gate: Omit<ComponentProps<typeof WritePage>, 'children'>) {
  cleanup();
  const client = new QueryClient();
  client.setQueryData(sessionKeys.all, { user: role, role, scopes: [...ROLE_SCOPES[role]] });
  return render(
    <QueryClientProvider client={client}>
      <WritePage {...(gate as ComponentProps<typeof WritePage>)}>the page</WritePage>
    </QueryClientProvider>,
  );
}

describe('WritePage: the one gate of a write page', () => {
  it('by an upstream scope: an operator places calls, a viewer is told who can', () => {
    renderGate('operator', { permission: 'calls:write', action: 'place calls' });
    expect(screen.getByText('the page')).toBeInTheDocument();
    renderGate('viewer', { permission: 'calls:write', action: 'place calls' });
    expect(screen.queryByText('the page')).toBeNull();
    expect(screen.getByRole('note')).toHaveTextContent('Only operators and admins can place calls. You are signed in as a viewer; ask an operator to do it.');
  });

  it("by the BFF's own permissions (review settings, watched views)", () => {
    renderGate('admin', { permission: 'review:admin', action: 'define rubrics and rules' });
    expect(screen.getByText('the page')).toBeInTheDocument();
    renderGate('operator', { permission: 'review:admin', action: 'define rubrics and rules', title: 'Rubrics' });
    expect(screen.queryByText('the page')).toBeNull();
    expect(screen.getByRole('heading', { name: 'Rubrics' })).toBeInTheDocument();
    expect(screen.getByRole('note')).toHaveTextContent('Only admins can define rubrics and rules. You are signed in as an operator; ask an admin to do it.');
  });
});
