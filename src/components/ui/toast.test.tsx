// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, expect, it, vi } from 'vitest';
import { toast, Toaster, whenReadsSettle } from './toast';

afterEach(cleanup);

it('a toast raised before the viewport has mounted is shown once it has', async () => {
  // The machinery is loaded but nothing listens yet: the moment right after a cold load.
  await import('./toast-viewport');
  toast.error('The agent was not saved', 'The Voice API failed (503).');
  await new Promise((resolve) => setTimeout(resolve, 20));

  render(<Toaster />);
  const region = await screen.findByRole('region', { name: 'Notifications' });
  expect(await within(region).findByText('The agent was not saved', { selector: 'h2' })).toBeTruthy();
  expect(within(region).getByText('The Voice API failed (503).')).toBeTruthy();
});

it('a toast raised once the viewport is mounted shows at once', async () => {
  render(<Toaster />);
  const region = await screen.findByRole('region', { name: 'Notifications' });
  toast.success('Agent saved');
  expect(await within(region).findByText('Agent saved', { selector: 'h2' })).toBeTruthy();
});

it('the close button is never hidden from assistive technology while it can take the focus (axe: aria-hidden-focus)', async () => {
  render(<Toaster />);
  const region = await screen.findByRole('region', { name: 'Notifications' });
  toast.success('Number added');
  await within(region).findByText('Number added', { selector: 'h2' });
  // Base UI hides it (aria-hidden) until the stack is expanded, yet leaves it in the tab order.
  const close = within(region).getByRole('button', { name: 'Dismiss notification' });
  expect(close.getAttribute('aria-hidden')).not.toBe('true');
});

it('waits for the reads under way before it lets the viewport load', async () => {
  const client = new QueryClient();
  let answer: (value: string) => void = () => {};
  void client.fetchQuery({ queryKey: ['rows'], queryFn: () => new Promise<string>((resolve) => (answer = resolve)) });
  const calls: string[] = [];
  whenReadsSettle(client, () => calls.push('settled'));
  await new Promise((resolve) => setTimeout(resolve, 20));
  expect(calls).toEqual([]);
  answer('rows');
  await vi.waitFor(() => expect(calls).toEqual(['settled']));
  // Nothing fetching: at once.
  whenReadsSettle(client, () => calls.push('at once'));
  expect(calls).toEqual(['settled', 'at once']);
});
