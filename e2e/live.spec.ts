/**
 * The live board (/live): a call placed from the console appears on an open board with its
 * running timer, agent and number, and leaves it when the simulator's clock ends it and the index
 * syncs; the board says since when it is live, is reached from the calls list, and is axe clean.
 */
import { expect, expectNoA11yViolations, pickOption, signIn, test } from './fixtures';

test.describe('live board', () => {
  test('shows a call placed from the console, then its end', { tag: '@journey' }, async ({ page, pageAs, sim }) => {
    await sim.limits({ maxConcurrency: 1000, dailyQuota: 100_000 });
    const board = await pageAs('viewer');
    await board.goto('/calls');
    await board.getByRole('link', { name: 'Live calls' }).click();
    await expect(board).toHaveURL(/\/live$/);
    await expect(board.getByRole('heading', { level: 1, name: 'Live calls' })).toBeVisible();
    await expect(board.getByRole('status').filter({ hasText: /Live since \d{1,2}:\d\d:\d\d( [AP]M)? \S+/ })).toBeVisible({ timeout: 15_000 });
    await expectNoA11yViolations(board, 'the live board');

    await signIn(page, 'operator');
    const agent = await sim.callableAgent();
    const phone = `+3361${String(Date.now()).slice(-7)}`;
    await page.goto('/calls/new');
    await pickOption(page, 'Outbound agent', agent.name);
    await page.getByLabel('Phone', { exact: true }).fill(phone);
    await page.getByRole('button', { name: 'Place the call' }).click();
    await expect(page).toHaveURL(/\/calls\/[0-9a-f-]{36}$/);
    const callId = page.url().split('/').pop()!;

    const row = board.locator(`tr[data-call-id="${callId}"]`);
    await expect(row).toBeVisible({ timeout: 5_000 });
    await expect(row.getByRole('link', { name: `Contact page of ${phone}` })).toBeVisible();
    await expect(row).toContainText(agent.name);
    // The timer runs: its value changes within a couple of seconds.
    const timer = row.getByRole('link', { name: new RegExp(`Call of \\${phone}, running for`) });
    const first = await timer.textContent();
    await expect(timer).not.toHaveText(first!, { timeout: 3_000 });
    await expectNoA11yViolations(board, 'the live board with a call');

    await sim.advanceClock(120);
    // The index syncs every 10 s on this stack: the end shows within one interval and the 2 s budget.
    await expect(row).toBeHidden({ timeout: 30_000 });
    await expect(board.getByText('No call in progress').or(board.getByText(/calls? in progress$/))).toBeVisible();
    await sim.limits({ maxConcurrency: 50, dailyQuota: 10_000 });
  });

  test('opens from the command palette, by keyboard', async ({ pageAs }) => {
    const page = await pageAs('viewer');
    await page.goto('/agents');
    await expect(page.getByRole('button', { name: /Command palette/ })).toBeVisible();
    await page.keyboard.press('ControlOrMeta+k');
    const palette = page.getByRole('dialog', { name: 'Go to or do' });
    await palette.getByRole('combobox').fill('live board');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/live$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Live calls' })).toBeVisible();
  });
});
