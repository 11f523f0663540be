// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { REVIEW_LIMITS, type CallReview } from '@contract/bff/review';
import { renderWithQueries } from '@/testing/render';
import { saveReview } from '../api/review-api';
import { ReviewPanel } from './review-panel';

const callId = '6f1c7f3a-1d2b-4c5e-8f90-123456789abc';
const review: CallReview = {
  callId,
  agentId: '8f2e6a52-52d4-4b0e-9a8b-0c7a0f3d2a11',
  rubric: {
    agentId: '8f2e6a52-52d4-4b0e-9a8b-0c7a0f3d2a11',
    version: 2,
    items: [
      { id: 11, label: 'Greets by name', weight: 1 },
      { id: 12, label: 'Confirms the slot', weight: 3 },
    ],
    note: '',
    updatedBy: 'admin',
    updatedAt: '2026-11-24T10:00:00Z',
  },
  inQueue: true,
  sources: [],
  mine: null,
  others: [],
  agreement: null,
  comments: [],
};

vi.mock('@/lib/session', () => ({ useSession: () => ({ user: 'viewer', role: 'viewer' }) }));
vi.mock('../api/review-api', () => ({
  callReviewQueryOptions: (id: string) => ({ queryKey: ['review', id], queryFn: () => Promise.resolve(review) }),
  saveReview: vi.fn((id: string, body: { scores: Record<string, boolean>; note: string; reviewed: boolean }) =>
    Promise.resolve({ callId: id, reviewer: 'viewer', rubricVersion: 2, score: 0, reviewedAt: null, updatedAt: '', ...body }),
  ),
  nextInQueue: vi.fn(() => Promise.resolve({ callId: null, remaining: 0 })),
  invalidateReview: vi.fn(() => Promise.resolve()),
  pinComment: vi.fn(),
  removeComment: vi.fn(),
}));

afterEach(cleanup);
beforeEach(() => vi.mocked(saveReview).mockClear());

async function renderPanel(onNext = vi.fn()) {
  renderWithQueries(<ReviewPanel callId={callId} fromQueue time={0} lines={[]} onNext={onNext} />);
  const rubric = await screen.findByRole('form', { name: 'Rubric' });
  const item = (label: string) => within(within(rubric).getByRole('group', { name: new RegExp(label) }));
  return { rubric, item, onNext };
}

describe('ReviewPanel: the QA scores (react-hook-form + scoreForm)', () => {
  it('N with an item unscored: says which, focuses it, sends nothing; scoring it takes the message away', async () => {
    const { rubric, item } = await renderPanel();
    fireEvent.click(item('Greets by name').getByRole('radio', { name: 'Pass' }));
    fireEvent.keyDown(window, { key: 'n' });
    expect(await within(rubric).findByRole('alert')).toHaveTextContent('Score every item before marking the call reviewed: "Confirms the slot" is not scored.');
    await waitFor(() => expect(item('Confirms the slot').getByRole('radio', { name: 'Pass' })).toHaveFocus());
    expect(saveReview).not.toHaveBeenCalled();
    fireEvent.click(item('Confirms the slot').getByRole('radio', { name: 'Fail' }));
    await waitFor(() => expect(within(rubric).queryByRole('alert')).not.toBeInTheDocument());
    expect(item('Greets by name').getByRole('radio', { name: 'Pass' })).toBeChecked();
  });

  it('N with every item scored sends ReviewBody, marked reviewed', async () => {
    const { item, onNext } = await renderPanel();
    fireEvent.click(item('Greets by name').getByRole('radio', { name: 'Pass' }));
    fireEvent.click(item('Confirms the slot').getByRole('radio', { name: 'Fail' }));
    fireEvent.change(screen.getByLabelText('Note'), { target: { value: ' Polite. ' } });
    fireEvent.keyDown(window, { key: 'N' });
    await waitFor(() => expect(onNext).toHaveBeenCalledWith(null));
    expect(saveReview).toHaveBeenCalledWith(callId, { rubricVersion: 2, scores: { '11': true, '12': false }, note: 'Polite.', reviewed: true });
  });

  it('once marked reviewed from the queue, takes no more input while the next call opens: a second N saves nothing', async () => {
    const { rubric, item, onNext } = await renderPanel();
    fireEvent.click(item('Greets by name').getByRole('radio', { name: 'Pass' }));
    fireEvent.click(item('Confirms the slot').getByRole('radio', { name: 'Pass' }));
    fireEvent.keyDown(window, { key: 'n' });
    await waitFor(() => expect(onNext).toHaveBeenCalledTimes(1));
    expect(await screen.findByRole('status')).toHaveTextContent('Opening the next call…');
    expect(rubric).toHaveAttribute('inert');
    fireEvent.keyDown(window, { key: 'n' });
    await new Promise((r) => setTimeout(r, 50));
    expect(saveReview).toHaveBeenCalledTimes(1);
    expect(onNext).toHaveBeenCalledTimes(1);
  });

  // The N key was listened for from a passive effect: between the commit that showed the save as
  // pending and that effect's task, the previous listener (not pending) was still the one on the page.
  it('a second N pressed right after the commit that shows the save pending sends nothing', async () => {
    let release = () => {};
    vi.mocked(saveReview).mockImplementationOnce(
      (id, body) =>
        new Promise((resolve) => {
          release = () =>
            resolve({
              callId: id,
              reviewer: 'viewer',
              score: 0,
              reviewedAt: null,
              updatedAt: '',
              ...body,
              note: body.note ?? '',
              reviewed: body.reviewed ?? false,
            });
        }),
    );
    const { rubric, item, onNext } = await renderPanel();
    fireEvent.click(item('Greets by name').getByRole('radio', { name: 'Pass' }));
    fireEvent.click(item('Confirms the slot').getByRole('radio', { name: 'Pass' }));
    const save = within(rubric).getByRole('button', { name: 'Save' });
    const pressedAgain = new Promise<void>((resolve) => {
      // Called in the microtasks right after the commit that disables the buttons.
      const observer = new MutationObserver(() => {
        if (!save.hasAttribute('disabled')) return;
        observer.disconnect();
        window.dispatchEvent(new KeyboardEvent('keydown', { key: 'n', bubbles: true, cancelable: true }));
        resolve();
      });
      observer.observe(save, { attributes: true });
    });
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'n', bubbles: true, cancelable: true })); // outside act, as a person presses it
    await pressedAgain;
    await new Promise((r) => setTimeout(r, 50));
    release();
    await waitFor(() => expect(onNext).toHaveBeenCalledTimes(1));
    expect(saveReview).toHaveBeenCalledTimes(1);
  });

  it('Save keeps a partial review, not marked reviewed', async () => {
    const { rubric, item } = await renderPanel();
    fireEvent.click(item('Confirms the slot').getByRole('radio', { name: 'Pass' }));
    fireEvent.click(within(rubric).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saveReview).toHaveBeenCalledWith(callId, { rubricVersion: 2, scores: { '12': true }, note: '', reviewed: false }));
  });

  it('a note over the limit is refused under the field, as typed, before anything is sent', async () => {
    const { rubric } = await renderPanel();
    const note = screen.getByLabelText('Note');
    fireEvent.change(note, { target: { value: 'x'.repeat(REVIEW_LIMITS.note + 1) } });
    fireEvent.click(within(rubric).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(note).toHaveAccessibleDescription(`Keep the note to ${REVIEW_LIMITS.note} characters.`));
    expect(note).toHaveValue('x'.repeat(REVIEW_LIMITS.note + 1));
    expect(saveReview).not.toHaveBeenCalled();
  });
});
