/**
 * Issue 34, part 3: the call review in two columns on wide screens. At 1440 px the player and the
 * transcript lead in the main column and the facts, what the call learned and the QA review sit in a
 * side column beside it; at 768 px one column, the transcript first. The side column's sections fold
 * and unfold by keyboard and keep their state while the page is on screen; axe is clean light and dark.
 */
import type { Locator, Page } from '@playwright/test';
import { expect, seriousViolations, tabTo, test, type SimClient } from './fixtures';

async function recordedCall(sim: SimClient): Promise<string> {
  const calls = await sim.upstreamAll<{ id: string; recorded: boolean; status: string }>('/v1/calls');
  return calls.find((c) => c.recorded && c.status === 'COMPLETED')!.id;
}

async function box(locator: Locator) {
  const b = await locator.boundingBox();
  expect(b, `${locator.toString()} has a box`).not.toBeNull();
  return b!;
}

async function openReview(page: Page, id: string) {
  await page.goto(`/calls/${id}`);
  await expect(page.getByRole('list', { name: 'Transcript entries' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'QA review' }).getByText('Loading the review…')).toHaveCount(0);
}

test('at 1440 px the transcript and the side column stand side by side, the QA review in the side column', async ({ pageAs, sim }) => {
  const page = await pageAs('operator', { viewport: { width: 1440, height: 900 } });
  await openReview(page, await recordedCall(sim));
  const transcript = await box(page.getByRole('region', { name: 'Transcript', exact: true }));
  const recording = await box(page.getByRole('region', { name: 'Recording' }));
  const details = await box(page.getByRole('region', { name: 'Call details' }));
  const qa = await box(page.getByRole('region', { name: 'QA review' }));
  // Side by side: the side column starts right of the transcript, and the two overlap vertically.
  expect(details.x).toBeGreaterThanOrEqual(transcript.x + transcript.width);
  expect(details.y).toBeLessThan(transcript.y + transcript.height);
  expect(transcript.y).toBeLessThan(details.y + details.height);
  // The player leads the main column, above the transcript; the QA review is in the side column.
  expect(recording.x).toBe(transcript.x);
  expect(recording.y + recording.height).toBeLessThanOrEqual(transcript.y);
  expect(qa.x).toBeGreaterThanOrEqual(transcript.x + transcript.width);
  // The transcript starts above the fold, with the facts beside it.
  expect(transcript.y).toBeLessThan(900);
  const facts = await box(page.locator('summary', { hasText: 'Facts' }));
  expect(facts.x).toBeGreaterThanOrEqual(transcript.x + transcript.width);
  expect(facts.y).toBeLessThan(recording.y + recording.height);
});

test('at 768 px one column: the transcript above the facts', async ({ pageAs, sim }) => {
  const page = await pageAs('operator', { viewport: { width: 768, height: 1000 } });
  await openReview(page, await recordedCall(sim));
  const transcript = await box(page.getByRole('region', { name: 'Transcript', exact: true }));
  const facts = await box(page.locator('summary', { hasText: 'Facts' }));
  const qa = await box(page.getByRole('region', { name: 'QA review' }));
  expect(transcript.y + transcript.height).toBeLessThanOrEqual(facts.y);
  expect(facts.y).toBeLessThan(qa.y);
  // One column: the same left edge, and nothing beside the transcript.
  expect(Math.abs(facts.x - transcript.x)).toBeLessThan(2);
  expect(Math.abs(qa.x - transcript.x)).toBeLessThan(2);
});

test('the side column sections fold and unfold by keyboard and keep their state while the page is on screen; axe is clean light and dark', async ({
  pageAs,
  sim,
}) => {
  const page = await pageAs('operator', { viewport: { width: 1440, height: 900 } });
  await openReview(page, await recordedCall(sim));
  const section = (title: string) => page.locator('details', { has: page.locator(':scope > summary', { hasText: title }) });
  const extracted = section('Extracted data');
  const context = section('Context');
  await expect(extracted).toHaveAttribute('open', '');
  await expect(page.getByRole('list', { name: 'Extracted data' })).toBeVisible();

  // From the page's skip link to the section, Tab only.
  await tabTo(page, page.getByRole('link', { name: 'Skip to call details' }), { max: 30 });
  await page.keyboard.press('Enter');
  await tabTo(page, extracted.locator(':scope > summary'), { max: 15, visibleFocus: true });
  await page.keyboard.press('Enter');
  await expect(extracted).not.toHaveAttribute('open', '');
  await expect(page.getByRole('list', { name: 'Extracted data' })).toBeHidden();
  await tabTo(page, context.locator(':scope > summary'), { max: 15 });
  await page.keyboard.press('Space');
  await expect(context).not.toHaveAttribute('open', '');
  expect(await seriousViolations(page)).toEqual([]);

  // Their state stays while the review is used: a transcript line played re-draws the page around them.
  await page.locator('[data-kind="turn"]').nth(1).click();
  await expect(page.locator('[data-active="true"]')).toHaveCount(1);
  await expect(extracted).not.toHaveAttribute('open', '');
  await expect(context).not.toHaveAttribute('open', '');
  await expect(section('Summary')).toHaveAttribute('open', '');
  await page.evaluate(() => document.querySelector('audio')?.pause());

  // Unfolded again by keyboard.
  await extracted.locator(':scope > summary').focus();
  await page.keyboard.press('Enter');
  await expect(extracted).toHaveAttribute('open', '');
  await expect(page.getByRole('list', { name: 'Extracted data' })).toBeVisible();

  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.addStyleTag({ content: '*, *::before, *::after { transition: none !important; }' });
    expect(await seriousViolations(page), scheme).toEqual([]);
  }
});
