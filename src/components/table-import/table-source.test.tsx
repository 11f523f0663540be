// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TableSource } from './table-source';

afterEach(cleanup);

describe('TableSource: the paste box (react-hook-form + zod)', () => {
  it('says why under the box when nothing is pasted, and sends nothing', async () => {
    const onText = vi.fn();
    render(<TableSource onText={onText} />);
    fireEvent.change(screen.getByLabelText(/Or paste rows/), { target: { value: '  \n ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Use pasted rows' }));
    expect(await screen.findByText('Paste at least one row first.')).toBeInTheDocument();
    expect(screen.getByLabelText(/Or paste rows/)).toHaveAttribute('aria-invalid', 'true');
    expect(onText).not.toHaveBeenCalled();
  });

  it('hands the pasted rows over as they are, with no file name', async () => {
    const onText = vi.fn();
    render(<TableSource onText={onText} />);
    fireEvent.change(screen.getByLabelText(/Or paste rows/), { target: { value: 'phone\n+33612345678\n' } });
    fireEvent.click(screen.getByRole('button', { name: 'Use pasted rows' }));
    await waitFor(() => expect(onText).toHaveBeenCalledWith('phone\n+33612345678\n', null));
  });

  it('is submitted by its button only: the form it sits in is not', async () => {
    const onText = vi.fn();
    const onSubmit = vi.fn((e: { preventDefault: () => void }) => e.preventDefault());
    render(
      <form onSubmit={onSubmit}>
        <TableSource onText={onText} />
      </form>,
    );
    fireEvent.change(screen.getByLabelText(/Or paste rows/), { target: { value: 'x' } });
    fireEvent.click(screen.getByRole('button', { name: 'Use pasted rows' }));
    await waitFor(() => expect(onText).toHaveBeenCalledOnce());
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
