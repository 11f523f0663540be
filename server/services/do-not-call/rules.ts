/**
 * Do-not-call rules applied to the call index: every indexed call whose classifier holds the
 * rule's value adds its number to the list (source `rule`, the rule's name, the call's id), once
 * per call and rule (`dnc_rule_calls`), in E.164 as every other way of adding (the upstream's own
 * form, e.g. `+330699887766`, would match no create): a number a person removed is added again only
 * by a new matching call. Numbers already listed keep their first entry. Run by the instance that
 * evaluates alerts (one at a time), after each evaluation; every addition is audited with a count.
 */
import type { Db, Queryable } from '../../../common/db';
import { DNC_RULE_LIMITS } from '../../../contract/bff/do-not-call-rules';
import { audit } from '../audit';
import { listedForm } from './list';
import { holdingInRegistry, holdingOutcome } from './campaigns';

/** A rule's row in `dnc_rules`, as applied (the route reads it with its counts and dates too). */
export interface DncRuleRow {
  id: string;
  name: string;
  classifier: string;
  value: string;
  reason: string;
  created_by: string;
}

/** A rule as listed: with the numbers it added and when it was last applied. */
export interface DncRuleListRow extends DncRuleRow {
  created_at: Date;
  added: number;
  last_applied_at: Date | null;
}

export async function listDncRules(db: Queryable): Promise<DncRuleListRow[]> {
  return (await db.query<DncRuleListRow>('SELECT * FROM dnc_rules ORDER BY name')).rows;
}

/**
 * Adds a rule unless DNC_RULE_LIMITS.rulesMax are there already ('full') or its name is taken
 * ('taken'): counted and inserted in one transaction under a lock, so parallel adds cannot pass
 * the limit.
 */
export async function addDncRule(
  db: Db,
  rule: { name: string; classifier: string; value: string; reason: string; createdBy: string },
): Promise<DncRuleListRow | 'full' | 'taken'> {
  return db.transaction(async (tx) => {
    await tx.query("SELECT pg_advisory_xact_lock(hashtext('dnc_rules'))");
    const { rows: count } = await tx.query<{ n: number }>('SELECT count(*)::int AS n FROM dnc_rules');
    if (count[0]!.n >= DNC_RULE_LIMITS.rulesMax) return 'full';
    const { rows } = await tx.query<DncRuleListRow>(
      'INSERT INTO dnc_rules (name, classifier, value, reason, created_by) VALUES ($1, $2, $3, $4, $5) ON CONFLICT (name) DO NOTHING RETURNING *',
      [rule.name, rule.classifier, rule.value, rule.reason, rule.createdBy],
    );
    return rows[0] ?? 'taken';
  });
}

/** Deletes a rule (the numbers it added stay); its name, or null when there was none. */
export async function deleteDncRule(db: Queryable, id: number): Promise<string | null> {
  const { rows } = await db.query<{ name: string }>('DELETE FROM dnc_rules WHERE id = $1 RETURNING name', [id]);
  return rows[0]?.name ?? null;
}

/** Applies every rule to the calls it has not seen yet; returns the numbers added. */
export async function applyDncRules(db: Db): Promise<number> {
  const { rows: rules } = await db.query<DncRuleRow>('SELECT id, name, classifier, value, reason, created_by FROM dnc_rules ORDER BY id');
  let total = 0;
  for (const rule of rules) {
    const added = await db.transaction(async (tx) => {
      const { rows: seen } = await tx.query<{ phone: string; id: string }>(
        `WITH seen AS (
           INSERT INTO dnc_rule_calls (rule_id, call_id)
           SELECT $1, c.id FROM index_calls c WHERE c.classification @> $2::jsonb
           ON CONFLICT DO NOTHING RETURNING call_id
         )
         SELECT c.phone, c.id::text AS id FROM seen s JOIN index_calls c ON c.id = s.call_id ORDER BY c.start_time DESC, c.id`,
        [rule.id, JSON.stringify({ [rule.classifier]: rule.value })],
      );
      // One entry per number, from its newest matching call.
      const byPhone = new Map<string, string>();
      for (const call of seen) {
        const phone = listedForm(call.phone);
        if (phone !== '' && !byPhone.has(phone)) byPhone.set(phone, call.id);
      }
      const { rows } = await tx.query<{ phone: string }>(
        `INSERT INTO do_not_call (phone, reason, source, call_id, rule, added_by)
         SELECT t.phone, $3, 'rule', t.call_id, $4, $5 FROM unnest($1::text[], $2::text[]) AS t(phone, call_id)
         ON CONFLICT (phone) DO NOTHING RETURNING phone`,
        [[...byPhone.keys()], [...byPhone.values()], rule.reason, rule.name, `rule: ${rule.name}`],
      );
      await tx.query('UPDATE dnc_rules SET added = added + $2, last_applied_at = now() WHERE id = $1', [rule.id, rows.length]);
      return rows.map((r) => r.phone);
    });
    if (added.length > 0) {
      // Campaigns that hold them are named here and listed on the do-not-call page with a Pause.
      const campaigns = await holdingInRegistry(db, added);
      await audit(db, {
        username: rule.created_by,
        action: 'doNotCall.rule',
        route: null,
        outcome: `ok: ${added.length} added by rule "${rule.name}" (${rule.classifier} = ${rule.value})${holdingOutcome(campaigns)}`,
        status: null,
        requestId: `dnc-rule-${rule.id}`,
      });
    }
    total += added.length;
  }
  return total;
}
