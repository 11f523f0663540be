/** Test helpers for components: a render inside a fresh QueryClient, and rows pasted into the one table import. */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';

export function renderWithQueries(ui: ReactNode, client = new QueryClient({ defaultOptions: { queries: { retry: false } } })) {
  return render(<QueryClientProvider client={client}>{ui}</QueryClientProvider>);
}

/** Pastes `text` into the table import's paste box and uses it (src/components/table-import). */
export function pasteRows(text: string) {
  fireEvent.change(screen.getByLabelText(/Or paste rows/), { target: { value: text } });
  fireEvent.click(screen.getByRole('button', { name: 'Use pasted rows' }));
}
