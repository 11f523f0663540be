/**
 * The screens under upstream faults, in Chromium against the real BFF and simulator: with a 5xx,
 * a dropped connection or a malformed body injected on the route a list screen reads, the screen
 * shows a clear error with Try again (never a blank page), the BFF keeps serving, and once the
 * fault clears, Try again brings the data back. Run with E2E_PORT=18680 E2E_SIM_PORT=14610.
 */
import { expect, test } from '@playwright/test';
import { BFF_URL, newSignedInPage, SimClient } from './fixtures';

const sim = new SimClient();
const SCREENS = [
  { path: '/agents', upstream: '/v1/agents' },
  { path: '/calls', upstream: '/v1/calls' },
] as const;
const FAULTS = [
  { name: '5xx', spec: { status5xxRatio: 1 } },
  { name: 'connection reset', spec: { resetRatio: 1 } },
  { name: 'malformed JSON', spec: { malformedRatio: 1 } },
] as const;

test.afterEach(async () => {
  await sim.clearFaults();
});

for (const screen of SCREENS) {
  for (const fault of FAULTS) {
    test(`${screen.path} with ${fault.name} upstream: a clear error, Try again recovers`, async ({ browser }) => {
      const page = await newSignedInPage(browser, 'operator');
      await sim.fault({ method: 'GET', path: screen.upstream, ...fault.spec });
      await page.goto(screen.path);
      const alert = page.getByRole('alert').filter({ hasText: /./ }).first();
      await expect(alert).toBeVisible({ timeout: 20_000 });
      await expect(alert).toContainText(/could not|try again|unavailable|Voice API/i);
      // The BFF itself keeps serving.
      expect((await page.request.get(`${BFF_URL}/healthz`)).status()).toBe(200);
      await sim.clearFaults();
      await page.getByRole('button', { name: 'Try again' }).first().click();
      await expect(page.getByRole('alert').filter({ hasText: /could not be loaded/i })).toHaveCount(0, { timeout: 20_000 });
      await expect(page.getByRole('table').first()).toBeVisible({ timeout: 20_000 });
      await page.context().close();
    });
  }
}
