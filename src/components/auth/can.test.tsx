// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Role } from '@contract/bff/roles';
import { ROLE_SCOPES } from '@contract/bff/role-scopes';
import { sessionKeys } from '@/lib/session';
import { WritePage } from './can';

afterEach(cleanup);

function renderAs(role: Role, ui: React.ReactNode) {
  const client = new QueryClient();
  client.setQueryData(sessionKeys.all, { user: role, role, scopes: [...ROLE_SCOPES[role]] });
  return render(<QueryClientProvider client={client}>{ui}</QueryClientProvider>);
}

describe('WritePage: the one gate of a write page', () => {
  it('by scope: an operator places calls, a viewer is told who can', () => {
    renderAs(
      'operator',
      <WritePage scope="calls:write" action="place calls">
        the form
      </WritePage>,
    );
    expect(screen.getByText('the form')).toBeInTheDocument();
    cleanup();
    renderAs(
      'viewer',
      <WritePage scope="calls:write" action="place calls">
        the form
      </WritePage>,
    );
    expect(screen.queryByText('the form')).toBeNull();
    expect(screen.getByRole('note')).toHaveTextContent('Only operators and admins can place calls. You are signed in as a viewer; ask an operator to do it.');
  });

  it("by roles, for the BFF's own features (review settings, watched views)", () => {
    renderAs(
      'admin',
      <WritePage roles={['admin']} action="define rubrics and rules">
        the editors
      </WritePage>,
    );
    expect(screen.getByText('the editors')).toBeInTheDocument();
    cleanup();
    renderAs(
      'operator',
      <WritePage roles={['admin']} action="define rubrics and rules" title="Rubrics">
        the editors
      </WritePage>,
    );
    expect(screen.queryByText('the editors')).toBeNull();
    expect(screen.getByRole('heading', { name: 'Rubrics' })).toBeInTheDocument();
    expect(screen.getByRole('note')).toHaveTextContent('Only admins can define rubrics and rules. You are signed in as an operator; ask an admin to do it.');
  });
});
