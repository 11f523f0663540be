/**
 * Issue 34, part 2 (ADR 0052): the detail panel beside the calls list, with j/k, Enter/o, Escape and
 * its URL; and part 1's column chooser and density, kept per user by the BFF.
 */
import type { Page } from '@playwright/test';
import { BFF_URL, BFF_WRITE_HEADERS, expect, expectNoA11yViolations, listedCallIds, test } from './fixtures';

const panel = (page: Page) => page.locator('[data-panel-call-id]');
const row = (page: Page, id: string) => page.locator(`tbody tr[data-call-id="${id}"]`);

/** Clicks a row where it holds no link (its Type cell), as a person selecting it would. */
async function clickRow(page: Page, id: string) {
  await row(page, id).locator('td').nth(2).click();
}

test.describe('the calls list with its detail panel', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('a row shows its call beside the list; j/k move it; Escape closes; Enter opens the review; the URL reopens it; axe is clean', async ({
    pageAs,
    sim,
  }) => {
    const page = await pageAs('viewer');
    await page.goto('/calls');
    const ids = await listedCallIds(page);
    expect(ids.length).toBeGreaterThan(3);
    const [first, second] = ids as [string, string];
    const call = await sim.upstream<{ phone: string; summary: string | null; status: string; recorded: boolean }>(`/v1/calls/${first}`);

    await clickRow(page, first);
    const region = page.getByRole('region', { name: `Call with ${call.phone}` });
    await expect(region).toBeVisible();
    await expect(panel(page)).toHaveAttribute('data-panel-call-id', first);
    await expect(row(page, first)).toHaveAttribute('aria-current', 'true');
    await expect(region.getByRole('link', { name: 'Open the full review' })).toHaveAttribute('href', `/calls/${first}`);
    if (call.summary) await expect(region.getByText(call.summary.slice(0, 40))).toBeVisible();
    await expect(region.getByText('Loading the transcript…')).toHaveCount(0);
    await expect(region.getByRole('heading', { name: 'Transcript, first lines' })).toBeVisible();
    // Its first line says who spoke, or names the event in words as the review does ("Ring", not RING).
    const said = (await sim.upstream<{ action: string; message: string }[]>(`/v1/calls/${first}/transcript`)).find((e) => e.message.trim() !== '');
    if (said) {
      const words = said.action.replace(/_/g, ' ').toLowerCase();
      const who = said.action === 'AGENT_SPEAK' ? 'Agent' : said.action === 'HUMAN_SPEAK' ? 'Person' : words.charAt(0).toUpperCase() + words.slice(1);
      await expect(region.getByRole('region', { name: 'Transcript, first lines' }).getByRole('listitem').first()).toHaveText(`${who}: ${said.message}`);
    }
    await expect(page).toHaveURL(new RegExp(`call=${first}`));
    await expectNoA11yViolations(page, 'calls list with the panel, light');

    // j and k move the selection, the panel following; the arrow keys too.
    await expect(row(page, first)).toBeFocused();
    await page.keyboard.press('j');
    await expect(panel(page)).toHaveAttribute('data-panel-call-id', second);
    await expect(row(page, second)).toBeFocused();
    await page.keyboard.press('k');
    await expect(panel(page)).toHaveAttribute('data-panel-call-id', first);
    await page.keyboard.press('ArrowDown');
    await expect(panel(page)).toHaveAttribute('data-panel-call-id', second);
    await expect(page).toHaveURL(new RegExp(`call=${second}`));

    // Escape closes the panel and leaves the focus on the row.
    await page.keyboard.press('Escape');
    await expect(panel(page)).toHaveCount(0);
    await expect(row(page, second)).toBeFocused();
    await expect(page).not.toHaveURL(/call=/);

    // Space selects again; Enter opens the full review (as it always did); Back returns to the panel.
    await page.keyboard.press(' ');
    await expect(panel(page)).toHaveAttribute('data-panel-call-id', second);
    await expect(page).toHaveURL(new RegExp(`call=${second}`));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/calls/${second}$`));
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Call with');
    await page.goBack();
    await expect(panel(page)).toHaveAttribute('data-panel-call-id', second);

    // The link opens the review too.
    await panel(page).getByRole('link', { name: 'Open the full review' }).click();
    await expect(page).toHaveURL(new RegExp(`/calls/${second}$`));

    // The URL alone reopens the same panel (a new tab, a shared link).
    const again = await pageAs('viewer', { colorScheme: 'dark', viewport: { width: 1440, height: 900 } });
    await again.goto(`/calls?call=${first}`);
    await expect(again.locator('[data-panel-call-id]')).toHaveAttribute('data-panel-call-id', first);
    await expect(again.getByRole('region', { name: `Call with ${call.phone}` })).toBeVisible();
    await expect(again.getByText('Loading the transcript…')).toHaveCount(0);
    await expectNoA11yViolations(again, 'calls list with the panel, dark');
  });

  test('the rows do not move when the panel opens, nor does the table narrow (its rows are not laid out again); o opens the review', async ({ pageAs }) => {
    const page = await pageAs('viewer');
    await page.goto('/calls');
    const [first, , third] = (await listedCallIds(page)) as [string, string, string];
    const before = await row(page, third).boundingBox();
    await clickRow(page, first);
    await expect(panel(page)).toHaveAttribute('data-panel-call-id', first);
    const after = await row(page, third).boundingBox();
    expect(after?.y).toBe(before?.y);
    expect(after?.height).toBe(before?.height);
    // The list's box narrows and scrolls sideways; the table keeps its width.
    expect(after?.width).toBe(before?.width);
    await page.keyboard.press('o');
    await expect(page).toHaveURL(new RegExp(`/calls/${first}$`));
  });

  test('narrow screens: the panel is a sheet (a dialog) over the rows; Escape gives the focus back to the row', async ({ pageAs }) => {
    const page = await pageAs('viewer', { viewport: { width: 800, height: 900 } });
    await page.goto('/calls');
    const [first, second] = (await listedCallIds(page)) as [string, string];
    await row(page, first).focus();
    await page.keyboard.press(' ');
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await expect(dialog.locator('[data-panel-call-id]')).toHaveAttribute('data-panel-call-id', first);
    await expect(dialog.getByText('Loading the transcript…')).toHaveCount(0);
    await expectNoA11yViolations(page, 'calls list with the panel as a sheet');
    await page.keyboard.press('j');
    await expect(dialog.locator('[data-panel-call-id]')).toHaveAttribute('data-panel-call-id', second);
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(row(page, second)).toBeFocused();
  });
});

test.describe('the calls table settings', () => {
  test.use({ viewport: { width: 1440, height: 900 } });
  const reset = (page: Page) =>
    page.request.put(`${BFF_URL}/bff/preferences`, {
      data: { callsTable: { columns: ['startTime', 'phone', 'agent', 'type', 'status', 'duration', 'recorded', 'tags'], density: 'comfortable' } },
      headers: BFF_WRITE_HEADERS,
    });

  test('a hidden column and compact rows survive a reload and a new sign-in', async ({ pageAs }) => {
    const page = await pageAs('admin');
    await reset(page);
    try {
      await page.goto('/calls');
      const [first] = (await listedCallIds(page)) as [string];
      const table = page.getByRole('table', { name: /^Calls\./ });
      await expect(table.getByRole('columnheader', { name: 'Tags' })).toBeVisible();
      const comfortable = (await row(page, first).boundingBox())!.height;

      await page.getByRole('button', { name: /^Columns and density/ }).click();
      const settings = page.getByRole('dialog', { name: 'Table settings' });
      await settings.getByRole('checkbox', { name: 'Tags' }).uncheck();
      await settings.getByRole('checkbox', { name: 'Summary' }).check();
      await settings.getByRole('radio', { name: 'Compact' }).check();
      await expectNoA11yViolations(page, 'calls table settings');
      await page.keyboard.press('Escape');
      await expect(table.getByRole('columnheader', { name: 'Tags' })).toHaveCount(0);
      await expect(table.getByRole('columnheader', { name: 'Summary' })).toBeVisible();
      await expect.poll(async () => (await row(page, first).boundingBox())!.height).toBeLessThan(comfortable);
      // Kept by the BFF (not only on screen).
      await expect.poll(async () => (await (await page.request.get(`${BFF_URL}/bff/preferences`)).json()).callsTable.density).toBe('compact');

      // No flash of the default table: a Tags header is never drawn, not even before the rows come.
      await page.addInitScript(() => {
        new MutationObserver(() => {
          for (const th of document.querySelectorAll('thead th')) if (th.textContent?.startsWith('Tags')) (window as { sawTags?: boolean }).sawTags = true;
        }).observe(document, { subtree: true, childList: true });
      });
      await page.reload();
      await listedCallIds(page);
      expect(await page.evaluate(() => (window as { sawTags?: boolean }).sawTags ?? false)).toBe(false);
      await expect(table.getByRole('columnheader', { name: 'Summary' })).toBeVisible();
      await expect(table.getByRole('columnheader', { name: 'Tags' })).toHaveCount(0);
      expect((await row(page, first).boundingBox())!.height).toBeLessThan(comfortable);

      const other = await pageAs('admin');
      await other.goto('/calls');
      await listedCallIds(other);
      const otherTable = other.getByRole('table', { name: /^Calls\./ });
      await expect(otherTable.getByRole('columnheader', { name: 'Summary' })).toBeVisible();
      await expect(otherTable.getByRole('columnheader', { name: 'Tags' })).toHaveCount(0);
      expect((await other.locator(`tbody tr[data-call-id="${first}"]`).boundingBox())!.height).toBeLessThan(comfortable);
    } finally {
      await reset(page);
    }
  });
});
