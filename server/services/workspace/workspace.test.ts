/**
 * The workspace's store on PostgreSQL (server/services/workspace/workspace.ts): what its routes and the
 * alerts and redial routes read and write, pinned where the over-HTTP suites do not reach: a page
 * past the registry's end still counts it, expired drafts are hidden and swept, the audit log's
 * outcome filter is a literal prefix, and a user deletes only their own rows.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate, type Db } from '../../../common/db';
import { openTestDb } from '../../../common/test-db';
import { MIGRATIONS } from '../../db/migrations';
import {
  auditPage,
  campaignRegistered,
  deleteOwn,
  listDrafts,
  listViews,
  namesakesOf,
  readDraft,
  readView,
  registryPage,
  writeDraft,
  writeView,
} from './workspace';

let db: Db;
let ann: number;
let bob: number;

beforeAll(async () => {
  db = await openTestDb('bff_workspace');
  await migrate(db, MIGRATIONS, 'bff_migrations');
  const user = async (name: string) =>
    (await db.query<{ id: number }>("INSERT INTO users (username, role, password_hash) VALUES ($1, 'operator', 'x') RETURNING id", [name])).rows[0]!.id;
  ann = await user('ann');
  bob = await user('bob');
}, 60_000);
afterAll(async () => {
  await db?.close();
});

describe('the campaign registry', () => {
  it('pages newest first, counts the registry past its last page, and tells namesakes apart', async () => {
    const agent = randomUUID();
    const ids = [randomUUID(), randomUUID(), randomUUID()];
    for (const [i, id] of ids.entries())
      await db.query(`INSERT INTO campaigns (id, name, agent_id, created_by, created_at) VALUES ($1, 'Spring', $2, 'ann', now() - make_interval(mins => $3))`, [
        id,
        agent,
        10 - i,
      ]);
    const first = await registryPage(db, 2, 0);
    expect(first.rows.map((r) => r.id)).toEqual([ids[2], ids[1]]);
    expect(first.total).toBe(3);
    expect(await registryPage(db, 2, 10)).toEqual({ rows: [], total: 3 });
    expect(await campaignRegistered(db, ids[0]!)).toBe(true);
    expect(await campaignRegistered(db, randomUUID())).toBe(false);
    expect(await namesakesOf(db, { id: ids[0]!, name: 'Spring', agentId: agent })).toBe(2);
    expect(await namesakesOf(db, { id: ids[0]!, name: 'Spring', agentId: randomUUID() })).toBe(0);
  });
});

describe('drafts and views', () => {
  it('hide a draft untouched for 7 days, sweep it on the next write, and delete only the owner’s', async () => {
    await writeDraft(db, ann, 'old', JSON.stringify({ step: 1 }));
    await writeDraft(db, bob, 'mine', JSON.stringify({ step: 2 }));
    await db.query("UPDATE drafts SET updated_at = now() - interval '8 days' WHERE name = 'old'");
    expect(await readDraft(db, ann, 'old')).toBeNull();
    expect((await listDrafts(db, ann)).map((d) => d.name)).toEqual([]);
    expect((await db.query("SELECT 1 FROM drafts WHERE name = 'old'")).rows).toHaveLength(1);

    await writeDraft(db, ann, 'new', JSON.stringify({ step: 3 }));
    expect((await db.query("SELECT 1 FROM drafts WHERE name = 'old'")).rows).toHaveLength(0);
    expect((await readDraft(db, ann, 'new'))?.data).toEqual({ step: 3 });

    await deleteOwn(db, 'drafts', ann, 'mine');
    expect((await readDraft(db, bob, 'mine'))?.data).toEqual({ step: 2 });
    await deleteOwn(db, 'drafts', bob, 'mine');
    expect(await readDraft(db, bob, 'mine')).toBeNull();
  });

  it('keep a view per user and name, listed by name, rewritten in place', async () => {
    await writeView(db, ann, 'b', JSON.stringify({ status: ['FAILED'] }));
    await writeView(db, ann, 'a', JSON.stringify({ q: 'x' }));
    await writeView(db, ann, 'b', JSON.stringify({ status: ['COMPLETED'] }));
    expect((await listViews(db, ann)).map((v) => [v.name, v.search])).toEqual([
      ['a', { q: 'x' }],
      ['b', { status: ['COMPLETED'] }],
    ]);
    expect(await readView(db, bob, 'a')).toBeNull();
  });
});

describe('the audit log', () => {
  it('filters by user, action and a literal outcome prefix (%, _ and \\ are not wildcards), newest first', async () => {
    const add = (username: string, outcome: string) =>
      db.query("INSERT INTO audit (username, action, outcome, request_id) VALUES ($1, 'test.prefix', $2, 'r')", [username, outcome]);
    await add('ann', 'ok: 100% done');
    await add('ann', 'ok: 1000 done');
    await add('bob', 'ok_x');
    await add('bob', 'ok\\y');
    const outcomes = async (outcome: string, user?: string) =>
      (await auditPage(db, { action: 'test.prefix', outcome, user }, 10, 0)).rows.map((r) => r.outcome);
    expect(await outcomes('ok: 100%')).toEqual(['ok: 100% done']);
    expect(await outcomes('ok_')).toEqual(['ok_x']);
    expect(await outcomes('ok\\')).toEqual(['ok\\y']);
    expect(await outcomes('ok', 'ann')).toEqual(['ok: 1000 done', 'ok: 100% done']);
    const page = await auditPage(db, { action: 'test.prefix' }, 3, 0);
    expect([page.rows.length, page.total]).toEqual([3, 4]);
    expect(await auditPage(db, { action: 'test.prefix' }, 3, 9)).toEqual({ rows: [], total: 0 });
  });
});
