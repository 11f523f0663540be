/**
 * Issue 19 §2: write actions a role may not use are not shown, the same way everywhere; a page
 * that exists to write says who can, at its own URL.
 */
import { expect, test } from './fixtures';
import { createCampaignThroughWizard } from './screens';

test('a viewer is offered no write action; an operator is', async ({ pageAs, sim }) => {
  test.setTimeout(120_000);
  const operator = await pageAs('operator');
  const name = `Roles ${Date.now()}`;
  const id = await createCampaignThroughWizard(operator, name);
  await expect(operator.getByRole('button', { name: 'Pause' })).toBeVisible();
  await expect(operator.getByRole('button', { name: 'Cancel campaign' })).toBeVisible();

  const viewer = await pageAs('viewer');
  await viewer.goto(`/campaigns/${id}`);
  await expect(viewer.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(viewer.getByRole('heading', { name: /Its calls/ })).toBeVisible();
  for (const action of ['Pause', 'Resume', 'Cancel campaign']) await expect(viewer.getByRole('button', { name: action })).toHaveCount(0);
  // Nor anywhere else: no link to a write page in the shell or the lists.
  for (const path of ['/agents', '/calls', '/campaigns']) {
    await viewer.goto(path);
    await expect(viewer.getByRole('heading', { level: 1 })).toBeVisible();
    for (const link of ['New call', 'New campaign', 'Place calls']) await expect(viewer.getByRole('link', { name: link })).toHaveCount(0);
  }
  const { content } = await sim.upstream<{ content: { id: string }[] }>('/v1/agents?size=1');
  await viewer.goto(`/agents/${content[0]!.id}`);
  await expect(viewer.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(viewer.getByRole('link', { name: 'Edit agent' })).toHaveCount(0);

  // Write pages at their URL: the same note, naming who can.
  for (const [path, note] of [
    ['/campaigns/new', 'Only operators and admins can create campaigns. You are signed in as a viewer; ask an operator to do it.'],
    ['/calls/new', 'Only operators and admins can place calls. You are signed in as a viewer; ask an operator to do it.'],
    [`/agents/${content[0]!.id}/edit`, 'Only admins can edit agents. You are signed in as a viewer; ask an admin to do it.'],
    [
      '/review/settings',
      'Only admins can define rubrics and rules (your role reviews calls in the review queue). You are signed in as a viewer; ask an admin to do it.',
    ],
    ['/alerts/watch', 'Only operators and admins can watch views (every role reads the alerts). You are signed in as a viewer; ask an operator to do it.'],
  ] as const) {
    await viewer.goto(path);
    await expect(viewer.getByRole('note')).toHaveText(note);
    await expect(viewer.getByRole('button', { name: /Create|Place|Save|Next|Add|Watch/ })).toHaveCount(0);
  }
});
