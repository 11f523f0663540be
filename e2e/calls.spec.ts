/**
 * Calls journeys (issue 6) against the real stack: every answer is checked against the
 * simulator's own API, read directly with the upstream key.
 */
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, expectNoA11yViolations, listedCallIds, pickOption, signIn, test, type SimClient } from './fixtures';
import { filterBar } from './filter-bar';

async function expectListMatches(page: Page, sim: SimClient, filters: Record<string, string>) {
  const qs = new URLSearchParams({ ...filters, size: '100' });
  const expected = await sim.upstream<{ content: { id: string }[]; totalElements: number }>(`/v1/calls?${qs}`);
  await page.goto(`/calls?${qs}`);
  if (expected.totalElements === 0) {
    await expect(page.getByText('No call matches these filters')).toBeVisible();
    return expected;
  }
  expect(await listedCallIds(page, expected.totalElements)).toEqual(expected.content.map((c) => c.id));
  return expected;
}

function day(utc: string, deltaDays = 0): string {
  return new Date(Date.parse(utc) + deltaDays * 86_400_000).toISOString().slice(0, 10);
}

test.describe('calls list', () => {
  test('each filter alone and combined returns exactly the matching calls', { tag: '@journey' }, async ({ page, sim }) => {
    await signIn(page, 'viewer');
    const sample = await sim.upstream<{ content: any[] }>('/v1/calls?size=100');
    const call = sample.content.find((c) => c.status !== 'IN_PROGRESS')!;
    const campaignName = 'Winter renewals';
    const campaignCalls = await sim.upstream<{ content: any[]; totalElements: number }>(`/v1/calls?campaignName=${encodeURIComponent(campaignName)}&size=1`);
    expect(campaignCalls.totalElements).toBeGreaterThan(0);
    const inCampaign = campaignCalls.content[0]!;

    const dates = { from: day(call.startTime, -3), to: day(call.startTime) };
    const cases: Record<string, string>[] = [
      { agentId: call.agentId },
      { phone: call.phone },
      { campaignName },
      dates,
      { agentId: call.agentId, ...dates },
      { agentId: inCampaign.agentId, campaignName, from: day(inCampaign.startTime, -10), to: day(inCampaign.startTime) },
      { phone: call.phone, agentId: call.agentId, ...dates, sort: 'duration,ASC' },
    ];
    for (const filters of cases) await expectListMatches(page, sim, filters);
  });

  test('a phone typed in a common form is normalised to E.164; an impossible one is flagged before any request', async ({ page, sim }) => {
    await signIn(page, 'viewer');
    const sample = await sim.upstream<{ content: any[] }>('/v1/calls?size=100');
    const call = sample.content.find((c) => c.phone.startsWith('+33')) ?? sample.content[0]!;
    await page.goto('/calls');
    await listedCallIds(page);

    const requests: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/v1/calls')) requests.push(r.url());
    });
    const bar = filterBar(page);
    await bar.fill('Phone', { Phone: '12' });
    await bar.apply('Phone');
    await expect(page.getByText(/This number is too short/)).toBeVisible();
    expect(requests.filter((u) => u.includes('phone='))).toEqual([]);

    // "+33 6 12 34 56 78" style: spaces after the country code (the popover is still open, its error shown).
    const spaced = call.phone.replace(/^(\+\d{2})(\d)(\d{2})(\d{2})(\d{2})(\d{2})$/, '$1 $2 $3 $4 $5 $6');
    await bar.popover('Phone').getByLabel('Phone', { exact: true }).fill(spaced);
    await bar.apply('Phone');
    await expect(page).toHaveURL(new RegExp(`phone=${encodeURIComponent(call.phone).replace('+', '\\+')}`));
    const expected = await sim.upstream<{ content: { id: string }[]; totalElements: number }>(`/v1/calls?phone=${encodeURIComponent(call.phone)}`);
    // The unfiltered rows stay on screen until the filtered page is read: its count says it is.
    expect(await listedCallIds(page, expected.totalElements)).toEqual(expected.content.map((c) => c.id));
  });

  test('date presets send both ends', async ({ page, sim }) => {
    await signIn(page, 'viewer');
    await page.goto('/calls');
    await listedCallIds(page);
    await filterBar(page).preset('Last 7 days');
    await expect(page).toHaveURL(/from=\d{4}-\d{2}-\d{2}.*to=\d{4}-\d{2}-\d{2}|to=\d{4}-\d{2}-\d{2}.*from=\d{4}-\d{2}-\d{2}/);
    const url = new URL(page.url());
    await expectListMatches(page, sim, { from: url.searchParams.get('from')!, to: url.searchParams.get('to')! });
  });

  test('a saved view keeps filters, sort and page size, and opens as its URL', async ({ page, sim }) => {
    await signIn(page, 'viewer');
    const { content } = await sim.upstream<{ content: any[] }>('/v1/calls?size=1');
    const filters = { agentId: content[0].agentId, sort: 'duration,DESC', size: '50' };
    await page.goto(`/calls?${new URLSearchParams(filters)}`);
    await listedCallIds(page);
    const name = `e2e view ${Date.now()}`;
    const views = await filterBar(page).views();
    await views.getByLabel('Save this view as').fill(name);
    await views.getByRole('button', { name: 'Save', exact: true }).click();
    const link = views.getByRole('link', { name, exact: true });
    await expect(link).toBeVisible();
    await page.goto('/calls');
    await listedCallIds(page);
    await (await filterBar(page).views()).getByRole('link', { name, exact: true }).click();
    await expect.poll(() => Object.fromEntries(['agentId', 'sort', 'size'].map((k) => [k, new URL(page.url()).searchParams.get(k)]))).toEqual(filters);
    await expectListMatches(page, sim, { agentId: filters.agentId, sort: filters.sort });
  });

  test('keyboard only: sort, move through rows and open a call; axe is clean', async ({ page }) => {
    await signIn(page, 'viewer');
    await page.goto('/calls');
    await listedCallIds(page);
    await expectNoA11yViolations(page);

    await page.getByRole('button', { name: /^Duration/ }).focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/sort=duration%2CASC|sort=duration,ASC/);
    await listedCallIds(page);

    const rows = page.locator('tbody tr[data-call-id]');
    await rows.first().focus();
    await page.keyboard.press('ArrowDown');
    await expect(rows.nth(1)).toBeFocused();
    const id = await rows.nth(1).getAttribute('data-call-id');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/calls/${id}$`));
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Call with');
  });

  test('entering the list draws its heading at once while the rows load; another page keeps the rows on screen until it is read', async ({ page, sim }) => {
    await signIn(page, 'viewer');
    // Every read of another page than the first waits here until the test has looked: once a page is
    // shown the next one is prefetched, and on a busy machine that prefetch came back before the
    // click (so the next page was simply drawn from the cache). The request still goes to the real
    // BFF and upstream; only its answer is held.
    let firstPage: string | null | undefined;
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/api\/v1\/calls\?/, async (route) => {
      const pageParam = new URL(route.request().url()).searchParams.get('page');
      if (firstPage === undefined) firstPage = pageParam;
      const response = await route.fetch().catch(() => undefined);
      if (!response) return;
      if (pageParam !== firstPage) await released;
      await route.fulfill({ response }).catch(() => undefined);
    });
    // The list's reads take 4 s (the agents' read is not slowed).
    await sim.fault({ method: 'GET', path: '/v1/calls', latencyMs: 4000 });
    try {
      await page.goto('/calls');
      // The heading is drawn while the read (4 s) is still out: the loading status is there and no row
      // yet. A screen that waited for its rows would show its heading only with them. (How fast is the
      // bench's to measure; a timed check here failed on a loaded CI run at 2.4 s.)
      await expect(page.getByRole('heading', { level: 1, name: 'Calls' })).toBeVisible();
      await expect(page.getByRole('status').filter({ hasText: 'Loading calls…' })).toBeAttached({ timeout: 1000 });
      await expect(page.locator('tbody tr[data-call-id]')).toHaveCount(0, { timeout: 1000 });
      const [first] = await listedCallIds(page);
      // Another page: the rows on screen stay until the next ones are here (no loading table between).
      await page.getByRole('button', { name: 'Next page' }).click();
      await expect(page).toHaveURL(/[?&]page=/);
      await expect(page.locator(`tbody tr[data-call-id="${first}"]`)).toBeVisible();
      await expect(page.getByRole('status').filter({ hasText: 'Loading calls…' })).toHaveCount(0);
      release();
      await expect(page.locator(`tbody tr[data-call-id="${first}"]`)).toHaveCount(0, { timeout: 10_000 });
    } finally {
      release();
      await sim.clearFaults();
    }
  });

  test('a call opened from the list shows at once from the list, then is read again; its transcript follows', async ({ page, sim }) => {
    await signIn(page, 'viewer');
    await page.goto('/calls');
    const [id] = await listedCallIds(page);
    const call = await sim.upstream(`/v1/calls/${id}`);
    // From now on the upstream takes 3 s to answer for this call and for its transcript.
    const slow = { method: 'GET', latencyMs: 3000 };
    for (const path of [`/v1/calls/${id}`, `/v1/calls/${id}/transcript`]) await sim.fault({ ...slow, path });
    try {
      const reads: string[] = [];
      page.on('response', (r) => {
        if (new URL(r.url()).pathname === `/api/v1/calls/${id}`) reads.push(r.url());
      });
      const reread = page.waitForResponse((r) => new URL(r.url()).pathname === `/api/v1/calls/${id}`, { timeout: 15_000 });
      await page.locator(`tbody tr[data-call-id="${id}"] a`).first().click();
      await expect(page.getByRole('heading', { level: 1 })).toContainText(`Call with ${call.phone}`);
      // Drawn from the list's copy: the call's own read has not come back yet.
      expect(reads).toEqual([]);
      await expect(page.getByText('Loading the transcript…')).toBeVisible();
      // Then it is read again in the background, and the transcript arrives.
      expect((await reread).status()).toBe(200);
      await expect(page.getByText('Loading the transcript…')).toBeHidden({ timeout: 15_000 });
    } finally {
      await sim.clearFaults();
    }
  });
});

test('Export CSV downloads every call of the filter, one line each, under the header', async ({ page, sim }) => {
  await signIn(page, 'viewer');
  const agent = (await sim.upstream<{ content: { id: string }[] }>('/v1/agents?size=1')).content[0]!;
  const expected = await sim.upstream<{ totalElements: number; content: { id: string }[] }>(`/v1/calls?agentId=${agent.id}&size=100`);
  await page.goto(`/calls?agentId=${agent.id}`);
  await expect(page.locator('tbody tr[data-call-id]').first()).toBeVisible();
  const download = page.waitForEvent('download');
  // Its code loads on this click.
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const file = await (await download).path();
  const lines = (await import('node:fs')).readFileSync(file, 'utf8').trim().split(/\r?\n/);
  expect(lines[0]).toBe('id,startTime,endTime,phone,agentId,agentName,type,status,duration,recorded,tags');
  expect(lines).toHaveLength(expected.totalElements + 1);
  expect(lines.slice(1).map((line) => line.split(',')[0])).toEqual(expect.arrayContaining(expected.content.map((c) => c.id)));
  await expect(page.getByText('Export ready')).toBeVisible();
});

test('hovering a row prepares its review without reading its transcript; opening it reads it', async ({ page }) => {
  await signIn(page, 'viewer');
  await page.goto('/calls');
  const [id] = await listedCallIds(page);
  const transcripts: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === `/api/v1/calls/${id}/transcript`) transcripts.push(r.url());
  });
  const link = page.locator(`tbody tr[data-call-id="${id}"] a`).first();
  await link.hover();
  // The hover's preload (the review's code, the call) has had its time.
  await page.waitForLoadState('networkidle');
  expect(transcripts).toEqual([]);
  await link.click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Call with');
  await expect.poll(() => transcripts.length).toBe(1);
});

test.describe('call review', () => {
  async function recordedCallWithGroup(sim: SimClient) {
    for (let p = 1; p <= 10; p++) {
      const page = await sim.upstream<{ content: any[] }>(`/v1/calls?size=100&page=${p}`);
      const found = page.content.find(
        (c) => c.recorded && c.status === 'COMPLETED' && Object.values(c.extractedData ?? {}).some((v) => v !== null && typeof v === 'object'),
      );
      if (found) return found;
    }
    throw new Error('No recorded COMPLETED call with a grouped extraction in the seed.');
  }

  test('transcript, playback, seek, highlight and the extracted tree', { tag: '@journey' }, async ({ page, sim }) => {
    test.setTimeout(60_000);
    await signIn(page, 'viewer');
    const call = await recordedCallWithGroup(sim);
    const transcript = await sim.upstream<any[]>(`/v1/calls/${call.id}/transcript`);
    await page.goto(`/calls/${call.id}`);

    const lines = page.getByRole('list', { name: 'Transcript entries' }).locator('[data-action]');
    await expect(lines).toHaveCount(transcript.length);
    const shown = await lines.evaluateAll((els) =>
      els.map((e) => ({ action: e.getAttribute('data-action'), time: e.getAttribute('data-time'), text: e.textContent })),
    );
    expect(shown.map((l) => [l.action, l.time])).toEqual(transcript.map((e) => [e.action, e.time]));
    shown.forEach((l, i) => expect(l.text).toContain(transcript[i].message));

    // Each speaker's turns are bands over the waveform (a render that committed after the audio's
    // metadata lost them, about one load in two of a cached recording).
    await expect(page.getByRole('region', { name: 'Recording' }).locator('[data-speaker]').first()).toBeAttached();
    const audio = page.locator('audio');
    await page.getByRole('button', { name: 'Play', exact: true }).click();
    await expect.poll(() => audio.evaluate((a: HTMLAudioElement) => a.currentTime), { timeout: 10_000 }).toBeGreaterThan(0.3);

    const spoken = page.locator('[data-kind="turn"]');
    const third = spoken.nth(2);
    const offset = Number(await third.getAttribute('data-offset'));
    const clicked = Date.now();
    await third.click();
    const after = await audio.evaluate((a: HTMLAudioElement) => a.currentTime);
    // Playback goes on after the seek: allow what has played since the click (a loaded CI run took 2.3 s
    // between the click and this read), and no more.
    expect(after).toBeGreaterThanOrEqual(offset - 0.05);
    expect(after).toBeLessThan(offset + 0.5 + (Date.now() - clicked) / 1000);
    await expect(third).toHaveAttribute('data-active', 'true');

    // The highlight follows playback: later, the active line is the last one started.
    await page.waitForTimeout(1500);
    const { t, activeOffset } = await page.evaluate(() => ({
      t: document.querySelector('audio')!.currentTime,
      activeOffset: Number(document.querySelector('[data-active="true"]')?.getAttribute('data-offset')),
    }));
    expect(activeOffset).toBeLessThanOrEqual(t);

    // The events are named under the player, as many as the transcript's, and one plays from its time by
    // keyboard (before, they were labels written over each other on the waveform, for a pointer only).
    const events = page.getByRole('list', { name: 'Events' }).getByRole('button');
    const eventLines = page.locator('[data-kind="event"]');
    await expect(events).toHaveCount(await eventLines.count());
    const answeredAt = Number(await eventLines.nth(1).getAttribute('data-offset'));
    await events.nth(1).focus();
    const pressed = Date.now();
    await page.keyboard.press('Enter');
    await expect.poll(() => audio.evaluate((a: HTMLAudioElement) => a.currentTime)).toBeGreaterThanOrEqual(answeredAt - 0.05);
    expect(await audio.evaluate((a: HTMLAudioElement) => a.currentTime)).toBeLessThan(answeredAt + 0.5 + (Date.now() - pressed) / 1000);

    const tree = page.getByRole('list', { name: 'Extracted data' });
    const group = tree.locator('details').first();
    await expect(group).not.toHaveAttribute('open', '');
    // Its own summary: a group can hold groups, each with a summary of its own.
    await group.locator(':scope > summary').click();
    await expect(group).toHaveAttribute('open', '');
    await expect(group.locator('ul li').first()).toBeVisible();

    // Short recordings may have ended by now; pause only if still playing.
    await audio.evaluate((a: HTMLAudioElement) => a.pause());
    await expectNoA11yViolations(page);
  });

  test('a call that was not recorded says so', async ({ page, sim }) => {
    await signIn(page, 'viewer');
    const { content } = await sim.upstream<{ content: any[] }>('/v1/calls?size=100');
    const call = content.find((c) => !c.recorded)!;
    await page.goto(`/calls/${call.id}`);
    await expect(page.getByText('This call was not recorded.')).toBeVisible();
  });
});

test.describe('placing calls', () => {
  test.afterEach(async ({ sim }) => {
    await sim.limits({ maxConcurrency: 50 });
  });

  async function callsTo(sim: SimClient, phone: string): Promise<number> {
    return (await sim.upstream<{ totalElements: number }>(`/v1/calls?phone=${encodeURIComponent(phone)}`)).totalElements;
  }

  function uniquePhones(n: number): string[] {
    const base = 612000000 + Math.floor(Math.random() * 300000) * 10;
    return Array.from({ length: n }, (_, i) => `+33${base + i}`);
  }

  test(
    'bulk CSV: 5 good, 2 impossible, 1 duplicate shows 3 problems, downloads them with their lines, sends 5, shows the headers',
    { tag: '@journey' },
    async ({ page, sim }) => {
      await signIn(page, 'operator');
      const agent = await sim.callableAgent();
      const good = uniquePhones(5);
      const csv = ['phone;first name;tags', ...good.map((p, i) => `${p};Name ${i};e2e`), '123;Bad;', '+33 6 12;Bad;', `${good[1]};Again;`].join('\n');
      await page.goto('/calls/new');
      await page.getByRole('tab', { name: 'Many calls' }).click();
      await page.getByLabel('choose a CSV file').setInputFiles({ name: 'recipients.csv', mimeType: 'text/csv', buffer: Buffer.from(`\uFEFF${csv}`) });
      await expect(page.getByTestId('bulk-summary')).toContainText('5 ready to call · 3 problems (1 duplicate) of 8 rows');
      // The two impossible numbers can be fixed in place; the duplicate is only counted.
      await expect(page.getByTestId('row-problems').getByRole('listitem')).toHaveCount(2);
      await expectNoA11yViolations(page);
      // Which line was the duplicate: the refused rows download as the wizard's do, each with its line and reason.
      const download = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Download rejected rows (CSV)' }).click();
      const refused = readFileSync(await (await download).path(), 'utf8')
        .trim()
        .split(/\r?\n/);
      expect(refused).toEqual([
        'phone,first name,tags,line,reason',
        expect.stringMatching(/^123,Bad,,7,/),
        expect.stringMatching(/^'\+33 6 12,Bad,,8,/),
        // Cells a spreadsheet would run as a formula start with a quote.
        `'${good[1]},Again,,9,'${good[1]} is already on line 3.`,
      ]);

      await pickOption(page, 'Outbound agent', agent.name);
      await page.getByRole('button', { name: 'Place 5 calls' }).click();
      await expect(page.getByText('5 calls placed.')).toBeVisible();
      await expect(page.getByTestId('call-rate-limit')).toContainText(/limit \d+, \d+ free now/);
      for (const p of good) expect(await callsTo(sim, p)).toBe(1);
    },
  );

  test('with concurrency low the 429 is explained, nothing is sent twice, and sending fewer works', async ({ page, sim }) => {
    await signIn(page, 'operator');
    const agent = await sim.callableAgent();
    // Free slots = limit - calls in progress: count those, then leave exactly two free.
    const live = (await sim.upstreamAll<{ status: string }>('/v1/calls')).filter((c) => c.status === 'IN_PROGRESS').length;
    await sim.limits({ maxConcurrency: live + 2 });

    const phones = uniquePhones(5);
    await page.goto('/calls/new');
    // The heading heads the page, level with the default country beside it (not pushed down to the
    // line under that field's description).
    const [heading, country] = await Promise.all([
      page.getByRole('heading', { level: 1, name: 'Place calls' }).boundingBox(),
      page.getByText('Default country', { exact: true }).boundingBox(),
    ]);
    expect(Math.abs(heading!.y - country!.y)).toBeLessThan(8);
    await page.getByRole('tab', { name: 'Many calls' }).click();
    await page.getByLabel(/Or paste rows/).fill(phones.join('\n'));
    await page.getByRole('button', { name: 'Use pasted rows' }).click();
    await expect(page.getByTestId('bulk-summary')).toContainText('5 ready to call');
    await pickOption(page, 'Outbound agent', agent.name);
    const place = page.getByRole('button', { name: 'Place 5 calls' });
    await place.click();
    const alert = page.getByRole('alert').filter({ hasText: 'you sent 5' });
    await expect(alert).toContainText(/\d+ free slots?, you sent 5\./);
    for (const p of phones) expect(await callsTo(sim, p)).toBe(0);

    const free = Number((await alert.textContent())!.match(/(\d+) free/)![1]);
    expect(free).toBeGreaterThan(0);
    expect(free).toBeLessThan(5);
    await alert.getByRole('button', { name: `Send only ${free} now` }).click();
    await page.getByRole('button', { name: `Place ${free} ${free === 1 ? 'call' : 'calls'}` }).click();
    await expect(page.getByText(`${free} ${free === 1 ? 'call' : 'calls'} placed.`)).toBeVisible();
    const counts = await Promise.all(phones.map((p) => callsTo(sim, p)));
    expect(counts).toEqual(phones.map((_, i) => (i < free ? 1 : 0)));
  });

  test('with no slot free the 429 says what to do (not "Send at most 0"), and nothing is sent', async ({ page, sim }) => {
    await signIn(page, 'operator');
    const agent = await sim.callableAgent();
    await sim.limits({ maxConcurrency: 0 });
    const phones = uniquePhones(2);
    await page.goto('/calls/new');
    await page.getByRole('tab', { name: 'Many calls' }).click();
    await page.getByLabel(/Or paste rows/).fill(phones.join('\n'));
    await page.getByRole('button', { name: 'Use pasted rows' }).click();
    await pickOption(page, 'Outbound agent', agent.name);
    await page.getByRole('button', { name: 'Place 2 calls' }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'No free slot' });
    await expect(alert).toHaveText(
      'No free slot: calls in progress use them all, so nothing was placed. Wait for some calls to end, then press Place 2 calls again; your rows are kept.See the calls in progress',
    );
    await expect(page.getByText(/at most 0|only 0/)).toHaveCount(0);
    await expect(page.getByText('0 calls placed.')).toBeVisible();
    await expect(alert.getByRole('link', { name: 'See the calls in progress' })).toHaveAttribute('href', /status=.*IN_PROGRESS/);
    for (const p of phones) expect(await callsTo(sim, p)).toBe(0);
  });

  test('one call: on 201 the new call opens', { tag: '@journey' }, async ({ page, sim }) => {
    await signIn(page, 'operator');
    const agent = await sim.callableAgent();
    const [phone] = uniquePhones(1);
    await page.goto('/calls/new');
    await pickOption(page, 'Outbound agent', agent.name);
    await page.getByLabel('Phone', { exact: true }).fill(phone!.replace(/^\+33(\d)/, '+33 $1 '));
    await page.getByLabel('Variable 1 name').fill('firstName');
    await page.getByLabel('Variable 1 value').fill('Ana');
    await page.getByRole('button', { name: 'Place the call' }).click();
    await expect(page).toHaveURL(/\/calls\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(phone!);
    expect(await callsTo(sim, phone!)).toBe(1);
  });
});

test.describe('live calls', () => {
  test('an in-progress call on screen refreshes itself when it ends', async ({ page, sim }) => {
    await signIn(page, 'viewer');
    const agent = await sim.callableAgent();
    const phone = `+3361${String(Date.now()).slice(-7)}`;
    // Room for a live call whatever earlier tests did to the limits (the 429 test lowers them).
    await sim.limits({ maxConcurrency: 1000, dailyQuota: 100_000 });
    const res = await sim.upstreamPost('/v1/calls', { agentId: agent.id, recipient: { phone } });
    expect(res.status).toBe(201);
    const created = await res.json();
    expect(created.status).toBe('IN_PROGRESS');

    await page.goto(`/calls?phone=${encodeURIComponent(phone)}`);
    const row = page.locator(`tr[data-call-id="${created.id}"]`);
    await expect(row).toContainText('In progress');
    // Let the call end on the simulator's clock; the page must notice without a reload.
    await sim.advanceClock(120);
    const ended = await sim.upstream(`/v1/calls/${created.id}`);
    expect(ended.status).not.toBe('IN_PROGRESS');
    await expect(row).not.toContainText('In progress', { timeout: 15_000 });
    await sim.limits({ maxConcurrency: 50, dailyQuota: 10_000 });
  });
});
