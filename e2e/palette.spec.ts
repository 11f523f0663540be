/**
 * The command palette and the global keys in Chromium: ⌘K / Ctrl-K opens a call by the number it
 * was with; an operator pauses a campaign from it after a confirm; a viewer is offered no action
 * it may not use; "/" moves to the screen's search and "?" shows every shortcut, neither while
 * typing in a field; the palette's code is not loaded until it is asked for.
 */
import { DateTime } from 'luxon';
import { CALL_STATUS_BADGES } from '../src/components/status/call-status';
import type { Page } from '@playwright/test';
import { BFF_URL, BFF_WRITE_HEADERS, expect, expectNoA11yViolations, test } from './fixtures';

const E164 = /^\+[1-9]\d{6,14}$/;
const EVERY_DAY = ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY', 'SUNDAY'];

test.setTimeout(120_000);

/** The keys are listened for once the shell's after-paint part is there (its button shows then). */
async function pressPaletteKey(page: Page): Promise<void> {
  await expect(page.getByRole('button', { name: /Command palette/ })).toBeVisible();
  await page.keyboard.press('ControlOrMeta+k');
}

test('the palette loads on use and opens a call by the number it was with', async ({ pageAs, sim }) => {
  const page = await pageAs('operator');
  const { content } = await sim.upstream<{ content: { id: string; phone: string }[] }>('/v1/calls?size=100&sort=startTime,ASC');
  const call = content.slice(80).find((c) => E164.test(c.phone))!;
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
  });
  await page.goto('/agents');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(scripts.filter((s) => /command-palette|cmdk/.test(s))).toEqual([]);

  await pressPaletteKey(page);
  const palette = page.getByRole('dialog', { name: 'Go to or do' });
  await expect(palette).toBeVisible();
  expect(scripts.some((s) => /command-palette/.test(s))).toBe(true);
  await palette.getByRole('combobox').fill(call.phone);
  const option = palette.getByRole('option', { name: new RegExp(`^Call with \\${call.phone}`) });
  await expect(option.first()).toBeVisible();
  await expectNoA11yViolations(page, 'command palette');
  const ids = await palette.getByRole('option', { name: /^Call with/ }).count();
  expect(ids).toBeGreaterThan(0);
  // Each says its status in the words of the list and the review ("Voicemail"), not the upstream's name
  // lowercased ("voice box"), as it did before.
  const words = Object.values(CALL_STATUS_BADGES).map((b) => b.label);
  await expect(palette.getByRole('option', { name: new RegExp(`^Call with .*\\((${words.join('|')})\\)$`) })).toHaveCount(ids);
  await option.first().click();
  await expect(page).toHaveURL(/\/calls\/[0-9a-f-]{36}/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(call.phone);

  // Recent items: what was opened comes first when the palette opens again.
  await pressPaletteKey(page);
  await expect(palette.getByRole('group', { name: 'Recent' }).getByRole('option').first()).toContainText(call.phone);
  await page.keyboard.press('Escape');
  await expect(palette).toBeHidden();
});

test('an operator pauses a campaign from the palette, after a confirm', async ({ pageAs, sim }) => {
  const page = await pageAs('operator');
  const agent = await sim.callableAgent();
  const now = DateTime.fromISO(await sim.now(), { zone: 'UTC' });
  const name = `Palette ${Date.now()}`;
  const created = await page.request.post(`${BFF_URL}/bff/campaigns`, {
    headers: { ...BFF_WRITE_HEADERS, 'Idempotency-Key': `e2e-palette-${Date.now()}` },
    data: {
      name,
      agentId: agent.id,
      startDate: now.plus({ days: 1 }).toISODate(),
      timezone: 'UTC',
      batchSize: 5,
      days: EVERY_DAY,
      timeSlots: [{ startTime: '09:00', endTime: '12:00' }],
      recipients: [{ phone: '+33612347701' }, { phone: '+33612347702' }],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const id = ((await created.json()) as { id: string }).id;

  await page.goto('/campaigns');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await pressPaletteKey(page);
  const palette = page.getByRole('dialog', { name: 'Go to or do' });
  await palette.getByRole('combobox').fill(`Pause ${name}`);
  await palette.getByRole('option', { name: `Pause ${name}` }).click();
  await expect(palette).toContainText(`Pause the campaign ${name}?`);
  expect((await sim.upstream<{ status: string }>(`/v1/campaigns/${id}`)).status).not.toBe('PAUSED');
  await expectNoA11yViolations(page, 'palette confirm');
  await palette.getByRole('button', { name: 'Pause campaign' }).click();
  await expect(palette).toBeHidden();
  await expect.poll(async () => (await sim.upstream<{ status: string }>(`/v1/campaigns/${id}`)).status).toBe('PAUSED');
});

test('a viewer is offered no action its role may not use (dark theme)', async ({ pageAs }) => {
  const page = await pageAs('viewer', { colorScheme: 'dark' });
  await page.goto('/agents');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await pressPaletteKey(page);
  const palette = page.getByRole('dialog', { name: 'Go to or do' });
  await expect(palette.getByRole('option', { name: 'Calls' })).toBeVisible();
  for (const typed of ['', 'new', 'pause', 'Palette']) {
    await palette.getByRole('combobox').fill(typed);
    await expect(palette.getByRole('option', { name: /^(New call|New campaign|Pause )/ })).toHaveCount(0);
  }
  await palette.getByRole('combobox').fill('calls');
  await expect(palette.getByRole('option', { name: 'Calls' })).toBeVisible();
  await expectNoA11yViolations(page, 'command palette as a viewer, dark');
});

test('"/" moves to the search and "?" shows the shortcuts, never while typing', async ({ pageAs }) => {
  const page = await pageAs('operator');
  await page.goto('/do-not-call');
  const search = page.getByRole('search').getByRole('textbox');
  await expect(search).toBeVisible();
  await expect(page.getByRole('button', { name: /Command palette/ })).toBeVisible();
  await page.locator('main').click({ position: { x: 5, y: 5 } });
  await page.keyboard.press('/');
  await expect(search).toBeFocused();
  // Typing in a field: "?" and "/" are characters, not shortcuts.
  await page.keyboard.type('12?/');
  await expect(search).toHaveValue('12?/');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await search.blur();
  await page.keyboard.press('?');
  const sheet = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(sheet).toBeVisible();
  // The header and 11 shortcuts (4 of them the calls list's panel, ADR 0052).
  await expect(sheet.getByRole('row')).toHaveCount(12);
  await expectNoA11yViolations(page, 'shortcuts sheet');
  await page.keyboard.press('Escape');
  await expect(sheet).toBeHidden();
});
