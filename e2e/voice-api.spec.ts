/**
 * The "Voice API" page in Chromium against the real stack (its worker runs the check): an admin
 * opens it from the navigation, runs the connection check and sees the simulator "As expected",
 * with the keys, shapes, transcript, recording, clock and latency, the call index's state (a worker
 * syncing it) and its request rate;
 * an operator has no such entry, and at the address is told who may use it.
 */
import { BFF_URL, expect, expectNoA11yViolations, test } from './fixtures';

test.setTimeout(120_000);

test('an admin runs the connection check and sees the simulator as expected', async ({ pageAs }) => {
  // The entry shows where the header has room for it (2xl); narrower, ⌘K offers it (below).
  const page = await pageAs('admin', { viewport: { width: 1600, height: 900 } });
  await page.goto('/agents');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Voice API' }).click();
  await expect(page).toHaveURL(/\/voice-api$/);
  await expect(page.getByRole('heading', { name: 'Voice API', level: 1 })).toBeVisible();
  const check = page.getByRole('region', { name: 'Connection check' });
  const run = check.getByRole('button', { name: 'Run the check' });
  await expect(run).toBeEnabled();
  await expect(page.getByRole('region', { name: "The call index's request rate" })).toBeVisible();
  // The call index as the stack's worker keeps it: its state, a worker syncing it (no warning), its transcripts.
  const index = page.getByRole('region', { name: 'The call index', exact: true });
  await expect(index.getByText(/^(Live|Backfilling)$/)).toBeVisible();
  await expect(index).toContainText(/[\d,]+ indexed, [\d,]+ still to fetch/);
  await expect(index.getByRole('note')).toHaveCount(0);

  await run.click();
  const verdict = check.getByRole('status').filter({ hasText: /As expected|problem|did not finish/ });
  await expect(verdict).toContainText('As expected', { timeout: 60_000 });
  await expect(run).toBeEnabled();
  await expect(check).toContainText(/Last checked .+, asked for by admin\./);

  const keys = check.getByRole('region', { name: 'Keys' });
  await expect(keys.getByRole('row', { name: /Primary key Issued/ })).toBeVisible();
  await expect(keys.getByRole('row', { name: /Secondary key Issued/ })).toBeVisible();
  await expect(keys).toContainText('calls:read');
  await expect(check.getByRole('region', { name: 'Shapes' }).getByRole('row', { name: /GET \/v1\/calls/ })).toBeVisible();
  await expect(check.getByRole('region', { name: 'Recording' })).toContainText('audio/wav');
  await expect(check.getByRole('region', { name: 'Clock skew' })).toBeVisible();
  await expect(check.getByRole('region', { name: 'Latency' })).toContainText('Requests');
  await expect(check.getByRole('region', { name: 'Problems' })).toHaveCount(0);
  await expectNoA11yViolations(page, 'voice api page');

  // At 1280 the palette offers the page to an admin.
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto('/agents');
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Voice API' })).toBeHidden();
  await expect(page.getByRole('button', { name: /Command palette/ })).toBeVisible();
  await page.keyboard.press('ControlOrMeta+k');
  const palette = page.getByRole('dialog', { name: 'Go to or do' });
  await palette.getByRole('combobox').fill('Voice API');
  await palette.getByRole('option', { name: 'Voice API' }).click();
  await expect(page).toHaveURL(/\/voice-api$/);
  // The last check is there, with who asked for it.
  await expect(page.getByRole('region', { name: 'Connection check' })).toContainText('asked for by admin');
});

test('an operator has no Voice API entry, and the page and its route refuse them', async ({ pageAs }) => {
  const page = await pageAs('operator', { viewport: { width: 1600, height: 900 } });
  await page.goto('/agents');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Calls' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Voice API' })).toHaveCount(0);

  await page.goto('/voice-api');
  await expect(page.getByRole('heading', { name: 'Voice API', level: 1 })).toBeVisible();
  await expect(page.getByRole('note')).toContainText('Only admins can check the connection to the Voice API');
  await expect(page.getByRole('button', { name: 'Run the check' })).toHaveCount(0);
  const res = await page.request.get(`${BFF_URL}/bff/upstream-check`);
  expect(res.status()).toBe(403);
});
