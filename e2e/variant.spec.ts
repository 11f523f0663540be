/**
 * The forms of a real upstream (issue 30; issue 35 item 11), on the `variant` project's stack, whose
 * simulator answers in the `mixed` variant (simulator/http/variants.ts): fields left out when null
 * or empty, unknown fields, creates answering the id only. The main journeys of the other specs run
 * here too (tagged @journey); these are the cases of the variants themselves.
 */
import type { Page } from '@playwright/test';
import { expect, pickOption, signIn, test, type SimClient } from './fixtures';

function uniquePhone(): string {
  return `+33${612000000 + Math.floor(Math.random() * 300000) * 10}`;
}

async function placeOneCall(page: Page, sim: SimClient, phone: string) {
  const agent = await sim.callableAgent();
  await page.goto('/calls/new');
  await pickOption(page, 'Outbound agent', agent.name);
  await page.getByLabel('Phone', { exact: true }).fill(phone);
  await page.getByRole('button', { name: 'Place the call' }).click();
}

test('a new call, whose empty fields the upstream leaves out, opens in the review with "—" for them', { tag: '@journey' }, async ({ page, sim }) => {
  await signIn(page, 'operator');
  const phone = uniquePhone();
  await placeOneCall(page, sim, phone);
  await expect(page).toHaveURL(/\/calls\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(phone);
  // In progress: no end, no duration, no summary yet (the upstream leaves them out).
  await expect(page.getByText('Duration').locator('xpath=following-sibling::*[1]')).toHaveText('—');
  // It ends on the simulator's clock; the page reads it again by itself and shows what the call has.
  await sim.advanceClock(120);
  await expect(page.getByText('In progress', { exact: true })).toHaveCount(0, { timeout: 15_000 });
  const id = page.url().split('/').pop()!;
  const upstream = await sim.upstream<{ summary: string | null; tags: string[]; extractors: unknown[] }>(`/v1/calls/${id}`);
  await expect(page.getByRole('heading', { name: 'Tags' })).toBeVisible();
  if (upstream.tags.length === 0) await expect(page.getByText('No tags.')).toBeVisible();
  if (!upstream.summary) await expect(page.getByText('No summary.')).toBeVisible();
  await expect(page.getByText('This page could not be loaded')).toHaveCount(0);
});

test('a create answered with no body lands on the calls list filtered to the number, and says so', { tag: '@journey' }, async ({ page, sim }) => {
  const before = await sim.variants('omit-empty,extra-fields,create-no-body');
  try {
    await signIn(page, 'operator');
    const phone = uniquePhone();
    await placeOneCall(page, sim, phone);
    await expect(page).toHaveURL(new RegExp(`/calls\\?.*phone=${encodeURIComponent(phone).replace('+', '\\+')}`));
    await expect(page.getByText('did not say which call it is', { exact: false })).toBeVisible();
    await expect(page.getByRole('table').getByText(phone)).toBeVisible();
    expect((await sim.upstream<{ totalElements: number }>(`/v1/calls?phone=${encodeURIComponent(phone)}`)).totalElements).toBe(1);
  } finally {
    await sim.variants(before);
  }
});

for (const [container, type] of [
  ['mp3', 'audio/mpeg'],
  ['ogg', 'audio/ogg'],
] as const) {
  test(`a recording the upstream links to in ${container.toUpperCase()} plays in the review`, { tag: '@journey' }, async ({ page, sim }) => {
    const made = await sim.control<{ id: string }>('POST', 'calls', { durationSeconds: 8, transcriptEntries: 6 });
    const before = await sim.variants(`mixed,recording-${container}`);
    try {
      await signIn(page, 'viewer');
      await page.goto(`/calls/${made.id}`);
      const served = await page.request.get(`/bff/recordings/${made.id}`);
      expect(served.headers()['content-type']).toBe(type);
      const audio = page.locator('audio');
      await page.getByRole('button', { name: 'Play', exact: true }).click();
      await expect.poll(() => audio.evaluate((a: HTMLAudioElement) => a.currentTime), { timeout: 15_000 }).toBeGreaterThan(0.3);
      await expect(page.getByText('The recording could not be played')).toHaveCount(0);
      await audio.evaluate((a: HTMLAudioElement) => a.pause());
      // The waveform is drawn from the browser's own decoding of this container (its peaks, then the turns' bands).
      await expect(page.getByRole('region', { name: 'Recording' }).locator('[data-speaker]').first()).toBeAttached();
      await expect(page.getByText('The waveform could not be drawn; the audio still plays.')).toHaveCount(0);
    } finally {
      await sim.variants(before);
    }
  });
}
