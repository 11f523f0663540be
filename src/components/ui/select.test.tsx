// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { afterEach, expect, test, vi } from 'vitest';
import { Field } from './field';
import { Select } from './select';

afterEach(cleanup);

const OPTIONS = [
  { value: 'a', label: 'Alpha' },
  { value: 'b', label: 'Beta' },
] as const;

test('inside a Field: labelled by it, described by its error and invalid, and controlled by value', async () => {
  const chosen = vi.fn();
  render(
    <Field label="Letter" error="Pick another.">
      <Select value="a" onValueChange={chosen} options={OPTIONS} />
    </Field>,
  );
  const select = screen.getByRole('combobox', { name: 'Letter' });
  expect((select as HTMLSelectElement).value).toBe('a');
  expect(select.getAttribute('aria-invalid')).toBe('true');
  expect(screen.getByText('Pick another.').id).toBeTruthy();
  expect(select.getAttribute('aria-describedby')).toContain(screen.getByText('Pick another.').id);
  await userEvent.selectOptions(select, 'Beta');
  expect(chosen).toHaveBeenCalledWith('b');
});

test("under react-hook-form's register: the form reads what was chosen", async () => {
  let read: Record<string, string> = {};
  function Form() {
    const { register, handleSubmit } = useForm<{ letter: string }>({ defaultValues: { letter: 'b' } });
    return (
      <form onSubmit={handleSubmit((v) => void (read = v))}>
        <label htmlFor="letter">Letter</label>
        <Select id="letter" options={OPTIONS} {...register('letter')} />
        <button type="submit">Go</button>
      </form>
    );
  }
  render(<Form />);
  const select = screen.getByRole('combobox', { name: 'Letter' }) as HTMLSelectElement;
  expect(select.value).toBe('b');
  await userEvent.selectOptions(select, 'Alpha');
  await userEvent.click(screen.getByRole('button', { name: 'Go' }));
  expect(read).toEqual({ letter: 'a' });
});

test('a value that is none of the options shows the placeholder, not the first option as if chosen', () => {
  render(<Select aria-label="View" value="" onValueChange={() => undefined} options={OPTIONS as never} placeholder="Choose a view" />);
  const select = screen.getByRole('combobox', { name: 'View' }) as HTMLSelectElement;
  expect(select.selectedOptions[0]?.textContent).toBe('Choose a view');
  expect(select.value).toBe('');
});
