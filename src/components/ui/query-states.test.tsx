// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EmptyState } from './empty-state';
import { QueryStates, type QueryLike } from './query-states';

afterEach(cleanup);

const query = (q: Partial<QueryLike<string[]>>): QueryLike<string[]> => ({
  isPending: false,
  isError: false,
  error: null,
  data: undefined,
  refetch: vi.fn(),
  ...q,
});
const view = (q: QueryLike<string[]>) =>
  render(
    <QueryStates
      query={q}
      loading={<p>Loading rows…</p>}
      errorTitle="The rows could not be loaded"
      isEmpty={(d) => d.length === 0}
      empty={<EmptyState title="No row" />}
    >
      {(rows) => (
        <ul>
          {rows.map((r) => (
            <li key={r}>{r}</li>
          ))}
        </ul>
      )}
    </QueryStates>,
  );

describe('QueryStates: the four states of a query, one way', () => {
  it('loading: the placeholder', () => {
    view(query({ isPending: true }));
    expect(screen.getByText('Loading rows…')).toBeInTheDocument();
  });

  it('failed: the title, the reason and Try again, which fetches again', () => {
    const q = query({ isError: true, error: new Error('The BFF did not answer.') });
    view(q);
    expect(screen.getByRole('alert')).toHaveTextContent('The rows could not be loaded');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(q.refetch).toHaveBeenCalledOnce();
  });

  it('empty: the empty state; otherwise the content with the data', () => {
    view(query({ data: [] }));
    expect(screen.getByRole('status')).toHaveTextContent('No row');
    cleanup();
    view(query({ data: ['a', 'b'] }));
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['a', 'b']);
  });
});

describe('QueryStates: another key read over the data shown', () => {
  it('keeps the content (and so the focus in it), marked busy, with a loading status', () => {
    view(query({ data: ['a', 'b'], isPlaceholderData: true }));
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
    expect(screen.getByRole('status')).toHaveTextContent('Loading…');
    expect(screen.getByRole('list').closest('[aria-busy]')).toHaveAttribute('aria-busy', 'true');
  });
});
