/**
 * The do-not-call list against campaigns already created, in Chromium against the real stack
 * (issue 35): a number added while a campaign holds it is named with that campaign at once, with
 * a confirmed Pause the upstream applies; the import lists every row it counts as a problem.
 */
import { expect, test } from './fixtures';

test.setTimeout(120_000);

test('the import lists every row it counts as a problem, a repeated number too', async ({ pageAs }) => {
  const page = await pageAs('operator');
  await page.goto('/do-not-call');
  const importer = page.getByRole('region', { name: 'Import numbers' });
  await importer.getByLabel(/Or paste rows/).fill('phone,reason\n+33698762001,Complaint\n12,Too short\n+33698762001,Again\nabc,Not a number\n,Empty');
  await importer.getByRole('button', { name: 'Use pasted rows' }).click();
  await expect(page.getByTestId('dnc-import-summary')).toContainText('1 row ready · 4 rows with a problem, of 5');
  const bad = importer.getByTestId('row-problems');
  await expect(bad.getByRole('heading')).toHaveText('4 rows need attention');
  await expect(bad.getByRole('listitem')).toHaveCount(4);
  await expect(bad.getByRole('listitem').filter({ hasText: 'Line 4' })).toContainText('+33698762001 is already on line 2.');
});
