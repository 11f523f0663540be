// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LIMITS } from '@contract/limits';
import { buildFromDraft, importTable, type RecipientsDraft } from '@/lib/recipients/import-draft';
import { StepRecipients } from './step-recipients';

afterEach(cleanup);

const csv = (n: number) => ['phone', ...Array.from({ length: n }, (_, i) => `+3361${String(i).padStart(7, '0')}`)].join('\n');

/** The step as the wizard holds it: the draft and the split live above the step's form. */
function Step({ initial, onNext }: { initial: RecipientsDraft | null; onNext: () => void }) {
  const [draft, setDraft] = useState(initial);
  const [split, setSplit] = useState(false);
  return (
    <StepRecipients
      draft={draft}
      built={draft ? buildFromDraft(draft) : null}
      campaignName="Renewals"
      defaultCountry="FR"
      split={split}
      onChange={setDraft}
      onSplit={setSplit}
      onNext={onNext}
      onBack={vi.fn()}
      serverErrors={[]}
      submittedLines={[]}
    />
  );
}
const next = () => fireEvent.click(screen.getByRole('button', { name: 'Next' }));

describe('StepRecipients: the recipients step (react-hook-form + recipientsStepSchema)', () => {
  it('Next without a list says why under the import and stays', async () => {
    const onNext = vi.fn();
    render(<Step initial={null} onNext={onNext} />);
    next();
    expect(await screen.findByRole('alert')).toHaveTextContent('Add at least one recipient.');
    expect(onNext).not.toHaveBeenCalled();
  });

  it('says so as soon as a list with no usable row is read', async () => {
    render(<Step initial={importTable('phone\nabc\n', null, 'FR')} onNext={vi.fn()} />);
    expect(await screen.findByText('Add at least one recipient.')).toBeInTheDocument();
  });

  it('over the limit: Next moves focus to the split, says why there, and goes on once it is ticked', async () => {
    const onNext = vi.fn();
    render(<Step initial={importTable(csv(LIMITS.campaignRecipients.max + 1), null, 'FR')} onNext={onNext} />);
    const split = screen.getByRole('checkbox', { name: 'Split into 2 campaigns' });
    next();
    await waitFor(() => expect(split).toHaveFocus());
    expect(split).toHaveAttribute('aria-invalid', 'true');
    expect(split).toHaveAccessibleDescription('Split the list into campaigns, or remove recipients to go on.');
    expect(onNext).not.toHaveBeenCalled();
    fireEvent.click(split);
    await waitFor(() => expect(split).not.toHaveAttribute('aria-invalid'));
    expect(screen.queryByText('Split the list into campaigns, or remove recipients to go on.')).not.toBeInTheDocument();
    expect(split).toBeChecked();
    next();
    await waitFor(() => expect(onNext).toHaveBeenCalledOnce());
  });

  it('goes on with a list within the limit', async () => {
    const onNext = vi.fn();
    render(<Step initial={importTable(csv(3), null, 'FR')} onNext={onNext} />);
    next();
    await waitFor(() => expect(onNext).toHaveBeenCalledOnce());
  });
});
