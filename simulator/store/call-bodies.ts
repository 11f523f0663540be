/**
 * Converts calls kept from before migration 003 (API object in the `doc` jsonb) to the stored
 * JSON body the routes now send; runs at start-up, once, and only on such kept data.
 */
import type { Db } from '../../common/db';
import { callValues, CALL_COLUMNS, type CallRow } from './rows';

const BODY = CALL_COLUMNS.indexOf('body');
const PENDING = CALL_COLUMNS.indexOf('pending');

export async function convertKeptCalls(db: Db): Promise<number> {
  let converted = 0;
  for (;;) {
    const { rows } = await db.query<CallRow>('SELECT * FROM calls WHERE body IS NULL LIMIT 2000');
    if (rows.length === 0) return converted;
    const bodies = rows.map((row) => {
      const values = callValues({ ...row, start_time: new Date(row.start_time), planned_end: row.planned_end && new Date(row.planned_end) });
      return { id: row.id, body: values[BODY], pending: values[PENDING] };
    });
    await db.query(
      `UPDATE calls c SET body = v.body, pending = v.pending, doc = NULL
       FROM jsonb_to_recordset($1::jsonb) AS v(id uuid, body text, pending text) WHERE c.id = v.id`,
      [JSON.stringify(bodies)],
    );
    converted += rows.length;
  }
}
