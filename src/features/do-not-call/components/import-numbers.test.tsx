// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DNC_REASON_MAX } from '@contract/bff/do-not-call';
import { importDoNotCall } from '@/lib/do-not-call/api';
import { pasteRows, renderWithQueries } from '@/testing/render';
import { ImportNumbers } from './import-numbers';

vi.mock('@/lib/do-not-call/api', () => ({
  importDoNotCall: vi.fn(() => Promise.resolve({ added: 1, already: 0, problems: [], campaigns: [] })),
  invalidateDoNotCall: vi.fn(() => Promise.resolve()),
}));

afterEach(cleanup);
beforeEach(() => vi.mocked(importDoNotCall).mockClear());

async function withRows() {
  renderWithQueries(<ImportNumbers country="FR" />);
  pasteRows('phone\n+33612345678\n');
  return { reason: await screen.findByLabelText('Reason for rows without one'), importButton: await screen.findByRole('button', { name: 'Import 1 row' }) };
}

describe('ImportNumbers: the reason for rows without one (react-hook-form + DncReason)', () => {
  it('a reason over the limit is said under the field before anything is sent, as typed', async () => {
    const { reason, importButton } = await withRows();
    fireEvent.change(reason, { target: { value: 'x'.repeat(DNC_REASON_MAX + 1) } });
    fireEvent.click(importButton);
    await waitFor(() => expect(reason).toHaveAccessibleDescription(`Keep the reason to ${DNC_REASON_MAX} characters.`));
    expect(reason).toHaveValue('x'.repeat(DNC_REASON_MAX + 1));
    expect(importDoNotCall).not.toHaveBeenCalled();
  });

  it('a blank reason is refused as it is cleared; the rows go with the reason given', async () => {
    const { reason, importButton } = await withRows();
    fireEvent.change(reason, { target: { value: ' ' } });
    await waitFor(() => expect(reason).toHaveAccessibleDescription('Give a reason for rows that have none.'));
    fireEvent.change(reason, { target: { value: 'Asked by letter' } });
    fireEvent.click(importButton);
    await waitFor(() => expect(importDoNotCall).toHaveBeenCalledOnce());
    expect(vi.mocked(importDoNotCall).mock.calls[0]![0]).toEqual({ rows: [expect.objectContaining({ phone: '+33612345678', reason: 'Asked by letter' })] });
  });
});
