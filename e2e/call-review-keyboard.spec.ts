/**
 * Issue #35, item 16c: in the call review, a keyboard user reaches the QA review (and the transcript)
 * in a few Tabs through the page's skip links, not after every transcript line; the parts are landmarks.
 */
import { expect, focusIsVisible, tabTo, test } from './fixtures';

test('the call review: "Skip to QA review" takes the keyboard to the rubric in a few Tabs', async ({ pageAs, sim }) => {
  const page = await pageAs('viewer');
  const calls = await sim.upstream('/v1/calls?size=20&sort=startTime,DESC');
  const call = calls.content.find((c: any) => c.status === 'COMPLETED') ?? calls.content[0];
  await page.goto(`/calls/${call.id}`);
  const qa = page.getByRole('region', { name: 'QA review' });
  const transcript = page.getByRole('region', { name: 'Transcript', exact: true });
  await expect(qa).toBeVisible();
  await expect(transcript).toBeVisible();
  await expect(page.getByRole('region', { name: 'Call details' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Parts of this call' })).toBeVisible();

  // From the top of the page: the skip link is within the first few Tabs.
  await tabTo(page, page.getByRole('link', { name: 'Skip to QA review' }), { max: 15, visibleFocus: true });
  await page.keyboard.press('Enter');
  await page.keyboard.press('Tab');
  expect(await qa.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  expect(await focusIsVisible(page)).toBe(true);

  // The transcript the same way, from the top of the page again.
  await page.reload();
  await expect(qa).toBeVisible();
  await tabTo(page, page.getByRole('link', { name: 'Skip to transcript' }), { max: 15 });
  await page.keyboard.press('Enter');
  await page.keyboard.press('Tab');
  expect(await transcript.evaluate((el) => el.contains(document.activeElement))).toBe(true);
});
