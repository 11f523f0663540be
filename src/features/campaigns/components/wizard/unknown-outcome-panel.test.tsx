// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { UnknownOutcomePanel } from './unknown-outcome-panel';

afterEach(cleanup);

const ID = '3f2b8c1a-9d4e-4f6a-8b2c-1d3e5f7a9b0c';
const state = {
  kind: 'unknown' as const,
  message: 'The Voice API did not answer. The campaign may or may not have been created.',
  part: 0,
  key: 'k-1',
  name: 'Renewals',
  since: '2026-11-24T10:00:00Z',
  finding: { kind: 'not-found' as const, detail: 'The registry has no campaign “Renewals”.', duplicateRisk: true, unresolved: true },
};

function setup(onRecordFound: (s: unknown, id: string) => Promise<string | null> = vi.fn(() => Promise.resolve(null))) {
  render(<UnknownOutcomePanel state={state} lastPart actions={{ onCheck: vi.fn(), onContinue: vi.fn(), onRecordFound, onCreateAgain: vi.fn() }} />);
  return { onRecordFound, field: screen.getByLabelText('Campaign id found in the Voice API') };
}

describe('UnknownOutcomePanel: the campaign id found (react-hook-form + zod)', () => {
  it('refuses what is not an id under the field, keeps it, and reads nothing back', async () => {
    const { onRecordFound, field } = setup();
    fireEvent.change(field, { target: { value: 'campaign 12' } });
    fireEvent.click(screen.getByRole('button', { name: 'Record it' }));
    await waitFor(() => expect(field).toHaveAccessibleDescription('A campaign id looks like 3f2b…-…: 36 letters, digits and dashes.'));
    expect(field).toHaveValue('campaign 12');
    expect(onRecordFound).not.toHaveBeenCalled();
  });

  it('Enter in the field records the id, trimmed', async () => {
    const { onRecordFound, field } = setup();
    fireEvent.change(field, { target: { value: ` ${ID} ` } });
    fireEvent.submit(field.closest('form')!);
    await waitFor(() => expect(onRecordFound).toHaveBeenCalledWith(state, ID));
  });

  it("the read-back's refusal shows under the field", async () => {
    const { field } = setup(() => Promise.resolve('No campaign has this id in the Voice API.'));
    fireEvent.change(field, { target: { value: ID } });
    fireEvent.click(screen.getByRole('button', { name: 'Record it' }));
    await waitFor(() => expect(field).toHaveAccessibleDescription('No campaign has this id in the Voice API.'));
    expect(field).toHaveValue(ID);
  });
});
