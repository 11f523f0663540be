// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DncSearchBox } from './dnc-search-box';

afterEach(cleanup);

describe('the do-not-call search box (react-hook-form + the contract schema)', () => {
  it('searches the trimmed text, and an empty box lists everything', async () => {
    const onSearch = vi.fn();
    render(<DncSearchBox q="" onSearch={onSearch} />);
    fireEvent.change(screen.getByLabelText('Find a number or a reason'), { target: { value: '  612 ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Find' }));
    await waitFor(() => expect(onSearch).toHaveBeenCalledWith('612'));
    fireEvent.change(screen.getByLabelText('Find a number or a reason'), { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Find' }));
    await waitFor(() => expect(onSearch).toHaveBeenLastCalledWith(''));
  });

  it('refuses a search the BFF would refuse, under the field, and keeps what was typed', async () => {
    const onSearch = vi.fn();
    render(<DncSearchBox q="" onSearch={onSearch} />);
    const box = screen.getByLabelText('Find a number or a reason');
    fireEvent.change(box, { target: { value: 'x'.repeat(101) } });
    fireEvent.click(screen.getByRole('button', { name: 'Find' }));
    expect(await screen.findByText('Keep the search to 100 characters.')).toBeInTheDocument();
    expect(box).toHaveValue('x'.repeat(101));
    expect(box).toHaveAttribute('aria-invalid', 'true');
    expect(onSearch).not.toHaveBeenCalled();
  });

  it('shows the search the URL holds', () => {
    render(<DncSearchBox q="asked" onSearch={() => {}} />);
    expect(screen.getByLabelText('Find a number or a reason')).toHaveValue('asked');
  });
});
