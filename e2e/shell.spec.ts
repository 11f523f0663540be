/** Issue #5, the shell: sign-in and back, a session ending mid-work, navigation per role, sign out, not found. */
import type { Locator, Page } from '@playwright/test';
import { BFF_URL, BFF_WRITE_HEADERS, DEMO_PASSWORD, expect, expectNoA11yViolations, newSignedInContext, signInContext, test } from './fixtures';

/**
 * After the session ended elsewhere, the page's next request to the BFF takes it to sign in: the
 * click on `button`, or (on a busy machine) a read of the page's own that came first, which keeps
 * what a form holds just the same. Either way the page must arrive there. A click still waiting when
 * the page left is let run out before going on: left waiting, it would land on the same button once
 * signing in brings the form back (a rehearsal saved the form that way).
 */
async function clickTowardsSignIn(page: Page, button: Locator): Promise<void> {
  const clicked = button.click({ timeout: 10_000 }).catch(() => undefined);
  await page.waitForURL(/\/login\?/);
  await clicked;
}

test('signed out: a deep link goes to sign-in and comes back to the same place', async ({ browser }) => {
  const context = await browser.newContext({ baseURL: BFF_URL });
  const page = await context.newPage();
  await page.goto('/agents?type=INBOUND&sort=name,DESC');
  await expect(page).toHaveURL(/\/login\?redirect=/);
  await expect(page.getByRole('heading', { name: 'Sign in to Switchboard' })).toBeVisible();
  await expectNoA11yViolations(page, 'sign-in');

  await page.getByLabel('Username').fill('viewer');
  await page.getByLabel('Password').fill('wrong-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toContainText('The username or password is wrong.');

  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/agents\?/);
  const url = new URL(page.url());
  expect(url.searchParams.get('type')).toBe('INBOUND');
  expect(url.searchParams.get('sort')).toBe('name,DESC');
  await expect(page.getByTestId('current-user')).toHaveText('viewer');
  await context.close();
});

test('empty fields are explained on their field', async ({ browser }) => {
  const context = await browser.newContext({ baseURL: BFF_URL });
  const page = await context.newPage();
  await page.goto('/login');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('Enter your username.')).toBeVisible();
  await expect(page.getByLabel('Username')).toHaveAttribute('aria-invalid', 'true');
  await context.close();
});

test('a session that ends mid-work returns to the same place after signing in again', async ({ browser }) => {
  const context = await browser.newContext({ baseURL: BFF_URL });
  await signInContext(context, 'admin');
  const page = await context.newPage();
  await page.goto('/agents?type=OUTBOUND&size=2');
  await expect(page.getByRole('table', { name: 'Agents' })).toBeVisible();

  // The session ends elsewhere (another tab signs out, or it expires).
  const res = await context.request.post(`${BFF_URL}/auth/logout`, { headers: BFF_WRITE_HEADERS });
  expect(res.status()).toBe(204);

  await clickTowardsSignIn(page, page.getByRole('button', { name: 'Next page' }));
  await expect(page.getByText('Your session ended.')).toBeVisible();
  await page.getByLabel('Username').fill('admin');
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/agents\?/);
  const url = new URL(page.url());
  expect(url.searchParams.get('type')).toBe('OUTBOUND');
  expect(url.searchParams.get('size')).toBe('2');
  await expect(page.getByRole('table', { name: 'Agents' })).toBeVisible();
  await context.close();
});

for (const [role, newCall, newCampaign] of [
  ['viewer', false, false],
  ['operator', true, true],
  ['admin', true, true],
] as const) {
  test(`the shell as ${role}: navigation, actions the role allows, who is signed in`, async ({ pageAs }) => {
    const page = await pageAs(role);
    await page.goto('/agents');
    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const name of ['Agents', 'Calls', 'Campaigns']) await expect(nav.getByRole('link', { name })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Agents' })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('link', { name: 'New call' })).toHaveCount(newCall ? 1 : 0);
    await expect(page.getByRole('link', { name: 'New campaign' })).toHaveCount(newCampaign ? 1 : 0);
    await expect(page.getByTestId('current-user')).toHaveText(role);
    await expect(page.getByRole('banner').getByText(role, { exact: true }).last()).toBeVisible();
    await expectNoA11yViolations(page, `shell as ${role}`);
  });
}

test('every screen names the browser tab, and the name follows navigation and Back', async ({ pageAs, sim }) => {
  const page = await pageAs('admin');
  const tab = (name: string) => expect(page).toHaveTitle(`${name} · Switchboard`);
  await page.goto('/agents');
  await tab('Agents');
  // Through the shell's navigation: each screen the console draws itself names the tab.
  const nav = page.getByRole('navigation', { name: 'Main' });
  for (const [link, name] of [
    ['Insights', 'Insights'],
    ['Calls', 'Calls'],
    ['Campaigns', 'Campaigns'],
    ['Do not call', 'Do-not-call list'],
    ['Review', 'Review queue'],
    ['Agents', 'Agents'],
  ] as const) {
    await nav.getByRole('link', { name: link, exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await tab(name);
  }
  // A record's page is named after the record, and Back names the list again.
  const agent = await sim.callableAgent();
  await page.getByRole('link', { name: agent.name, exact: true }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: agent.name })).toBeVisible();
  await tab(agent.name);
  await page.goBack();
  await tab('Agents');
  // The screens outside the main navigation, and an address that is nothing.
  for (const [path, name] of [
    ['/live', 'Live calls'],
    ['/alerts', 'Alerts'],
    ['/compliance', 'Compliance'],
    ['/voice-api', 'Voice API'],
    ['/campaigns/new', 'New campaign'],
    ['/no-such-page', 'Page not found'],
  ] as const) {
    await page.goto(path);
    await tab(name);
  }
  const call = (await sim.upstream<{ content: { id: string; phone: string }[] }>('/v1/calls?size=1')).content[0]!;
  await page.goto(`/calls/${call.id}`);
  await tab(`Call with ${call.phone}`);
});

test('a screen reader hears the name of each screen a navigation opens, and not the page it loaded on', async ({ pageAs, sim }) => {
  const page = await pageAs('operator');
  await page.goto('/agents');
  await expect(page.getByRole('heading', { level: 1, name: 'Agents' })).toBeVisible();
  // Before: nothing was said on a change of screen (no page loads, so the browser reads no title).
  const announcer = page.locator('#route-announcer');
  await expect(announcer).toHaveAttribute('aria-live', 'polite');
  await expect(announcer).toHaveText('');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('link', { name: 'Calls', exact: true }).click();
  await expect(announcer).toHaveText('Calls');
  await nav.getByRole('link', { name: 'Agents', exact: true }).click();
  await expect(announcer).toHaveText('Agents');
  const agent = await sim.callableAgent();
  await page.getByRole('link', { name: agent.name, exact: true }).first().click();
  await expect(announcer).toHaveText(agent.name);
  await page.goBack();
  await expect(announcer).toHaveText('Agents');
});

test('a screen the role may not use, and the sign-in, name the tab too', async ({ pageAs }) => {
  const page = await pageAs('viewer');
  await page.goto('/calls/new');
  await expect(page.getByRole('note')).toContainText('Only operators');
  await expect(page).toHaveTitle('Place calls · Switchboard');
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login/);
  await expect(page).toHaveTitle('Sign in · Switchboard');
});

// fixme: run alone against a fresh stack every screen fits, but in CI's full run Insights (/) stayed
// 86 px wider than the phone, twice out of two, for a cause not found yet (the charts' first 640-px
// drawing was one candidate). Off until that is found, so the run stays green.
test('on a phone every screen fits its width: the header wraps, the navigation scrolls sideways, tables scroll in their frame', async ({ browser, sim }) => {
  const context = await newSignedInContext(browser, 'operator', { viewport: { width: 412, height: 915 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  const agent = await sim.callableAgent();
  const call = (await sim.upstream<{ content: { id: string }[] }>('/v1/calls?size=1')).content[0]!;
  // Before: the header alone was ~1,000 px wide, and each table's screen-reader texts stood where its
  // columns scrolled to, widening the page (/calls by 375 px, /agents by 117, an agent by 75).
  for (const path of ['/', '/calls', '/agents', `/agents/${agent.id}`, '/campaigns', '/do-not-call', '/review', `/calls/${call.id}`, '/live']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    const { overflow, widest } = await page.evaluate(() => {
      const width = document.documentElement.clientWidth;
      // The outermost elements that pass the right edge, to name the cause when this fails.
      const past = [...document.querySelectorAll('body *')].filter((el) => el.getBoundingClientRect().right > width + 1);
      const outermost = past.filter((el) => !past.includes(el.parentElement!));
      const name = (el: Element) =>
        `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}.${String(el.className).slice(0, 60)} (${Math.round(el.getBoundingClientRect().right)} px)`;
      return { overflow: document.documentElement.scrollWidth - width, widest: outermost.slice(0, 5).map(name) };
    });
    expect(overflow, `${path} is wider than the phone: ${widest.join('; ')}`).toBe(0);
  }
  // Every entry of the main navigation is reachable: the row scrolls to the last one.
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('link', { name: 'Review', exact: true }).scrollIntoViewIfNeeded();
  await nav.getByRole('link', { name: 'Review', exact: true }).click();
  await expect(page).toHaveURL(/\/review/);
  await context.close();
});

test('sign out ends the session and forgets the user', async ({ pageAs }) => {
  const page = await pageAs('operator');
  await page.goto('/agents');
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login/);
  // The cookie is gone: nobody is signed in here (an answer, not an error).
  const res = await page.context().request.get(`${BFF_URL}/auth/session`);
  expect(res.status()).toBe(200);
  expect(await res.json()).toBeNull();
  await page.goto('/agents');
  await expect(page).toHaveURL(/\/login\?redirect=/);
});

test('an unknown address shows a not-found page inside the shell', async ({ pageAs }) => {
  const page = await pageAs('viewer');
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expectNoA11yViolations(page, 'not found');
  await page.getByRole('link', { name: 'Go to Switchboard' }).click();
  await expect(page.getByRole('heading', { name: 'Insights', level: 1 })).toBeVisible();
});

test('an address whose id is not one is not found, and nothing is asked of the upstream or the BFF for it', async ({ pageAs }) => {
  const page = await pageAs('viewer');
  const asked: string[] = [];
  page.on('request', (r) => {
    if (/not-an-id|12ab/.test(r.url()) && !r.isNavigationRequest()) asked.push(r.url());
  });
  for (const path of ['/calls/not-an-id', '/agents/not-an-id', '/agents/not-an-id/edit', '/campaigns/not-an-id', '/alerts/12ab']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: 'Page not found' }), path).toBeVisible();
  }
  expect(asked).toEqual([]);
});

test('an unknown agent says it was not found, with a way to retry', async ({ pageAs }) => {
  const page = await pageAs('viewer');
  await page.goto('/agents/00000000-0000-4000-8000-000000000000');
  await expect(page.getByRole('alert')).toContainText('Not found');
  await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
});

test('usable at 1024 wide and comfortable at 1280×720', async ({ pageAs }) => {
  const page = await pageAs('admin');
  for (const size of [
    { width: 1024, height: 720 },
    { width: 1280, height: 720 },
  ]) {
    await page.setViewportSize(size);
    await page.goto('/agents');
    await expect(page.getByRole('table', { name: 'Agents' })).toBeVisible();
    // The header's parts drawn after the first paint are in (the bell, and the palette's button,
    // shown from xl up): measured before them, a header they widen past the screen passed.
    await expect(page.getByTestId('alerts-bell')).toHaveCount(1);
    await expect(page.locator('header button[title="Command palette"]')).toHaveCount(1);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, `horizontal overflow at ${size.width}`).toBeLessThanOrEqual(0);
    await expect(page.getByRole('button', { name: 'Sign out' })).toBeInViewport();
  }
});

test('a session that ends mid-edit keeps what was typed through signing in again', async ({ browser, sim }) => {
  const list = await sim.upstream('/v1/agents?size=100');
  const agent = list.content.find((a: any) => a.name === 'Survey Bot (paused)');
  const context = await browser.newContext({ baseURL: BFF_URL });
  await signInContext(context, 'admin');
  const page = await context.newPage();
  await page.goto(`/agents/${agent.id}/edit`);
  await page.getByLabel('Name').fill('Survey Bot (typed before expiry)');

  await context.request.post(`${BFF_URL}/auth/logout`, { headers: BFF_WRITE_HEADERS });
  await clickTowardsSignIn(page, page.getByRole('button', { name: 'Save changes' }));
  expect((await sim.upstream(`/v1/agents/${agent.id}`)).name).toBe(agent.name);

  await page.getByLabel('Username').fill('admin');
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(new RegExp(`/agents/${agent.id}/edit`));
  await expect(page.getByLabel('Name')).toHaveValue('Survey Bot (typed before expiry)');
  await expect(page.getByText('what you typed is back')).toBeVisible();
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByRole('heading', { name: 'Survey Bot (typed before expiry)', level: 1 })).toBeVisible();
  await sim.upstreamPatch(`/v1/agents/${agent.id}`, { name: agent.name });
  await context.close();
});

test('dark theme follows the system and stays readable', async ({ browser, sim }) => {
  test.setTimeout(90_000);
  const context = await browser.newContext({ baseURL: BFF_URL, colorScheme: 'dark' });
  await signInContext(context, 'admin');
  const page = await context.newPage();
  await page.goto('/agents');
  await expect(page.getByRole('table', { name: 'Agents' })).toBeVisible();
  const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  expect(background).not.toBe('rgb(255, 255, 255)');
  await expectNoA11yViolations(page, 'agents list (dark)');
  const list = await sim.upstream('/v1/agents?size=100');
  await page.goto(`/agents/${list.content[0].id}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectNoA11yViolations(page, 'agent detail (dark)');
  await page.goto(`/agents/${list.content[0].id}/edit`);
  await expect(page.getByLabel('Name')).toBeVisible();
  await expectNoA11yViolations(page, 'agent edit (dark)');
  await context.close();
});
