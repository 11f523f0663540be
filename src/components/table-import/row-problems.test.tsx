// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RowProblems } from './row-problems';

afterEach(cleanup);

const problem = { line: 3, value: '12345', reason: 'Not a possible phone number.' };
const setup = () => {
  const onFix = vi.fn();
  const onRemove = vi.fn();
  render(<RowProblems problems={[problem]} onFix={onFix} onRemove={onRemove} />);
  return { onFix, onRemove, field: screen.getByLabelText('Line 3', { exact: true }) };
};

describe('RowProblems: the fix field of a refused row (react-hook-form + zod)', () => {
  it('hands the corrected value over on Enter', async () => {
    const { onFix, field } = setup();
    fireEvent.change(field, { target: { value: '+33612345678' } });
    fireEvent.keyDown(field, { key: 'Enter' });
    await waitFor(() => expect(onFix).toHaveBeenCalledWith(3, '+33612345678'));
  });

  it('hands it over when the field is left, and does nothing when it was not changed', async () => {
    const { onFix, field } = setup();
    fireEvent.blur(field);
    fireEvent.keyDown(field, { key: 'Enter' });
    fireEvent.change(field, { target: { value: '+33612345678' } });
    fireEvent.blur(field);
    await waitFor(() => expect(onFix).toHaveBeenCalledOnce());
    expect(onFix).toHaveBeenCalledWith(3, '+33612345678');
  });

  it('refuses a blank value with the way out, keeps the field as typed, and hands nothing over', async () => {
    const { onFix, field } = setup();
    fireEvent.change(field, { target: { value: '   ' } });
    fireEvent.keyDown(field, { key: 'Enter' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Type the corrected number, or remove the row.');
    expect(field).toHaveValue('   ');
    expect(field).toHaveAccessibleDescription(/Type the corrected number, or remove the row\. Not a possible phone number\./);
    expect(onFix).not.toHaveBeenCalled();
  });

  it('Enter applies the row, not the form it sits in', async () => {
    const onSubmit = vi.fn((e: { preventDefault: () => void }) => e.preventDefault());
    const onFix = vi.fn();
    render(
      <form onSubmit={onSubmit}>
        <RowProblems problems={[problem]} onFix={onFix} onRemove={vi.fn()} />
        <button type="submit">Next</button>
      </form>,
    );
    const field = screen.getByLabelText('Line 3', { exact: true });
    fireEvent.change(field, { target: { value: '+33612345678' } });
    fireEvent.keyDown(field, { key: 'Enter' });
    await waitFor(() => expect(onFix).toHaveBeenCalledOnce());
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('removes a row by its button', () => {
    const { onRemove } = setup();
    fireEvent.click(screen.getByRole('button', { name: 'Remove line 3' }));
    expect(onRemove).toHaveBeenCalledWith(3);
  });
});
