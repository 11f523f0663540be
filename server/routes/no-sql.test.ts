/**
 * Routes are thin: a route file holds schemas, a permission, validation, audit calls and the reply,
 * and calls its area's service for anything stored. No route file runs a query or a transaction
 * (`.query(`, `.transaction(`, `.exec(`) or holds a SQL statement in a string: the SQL of the BFF
 * lives in server/services (docs/bff.md, "Adding a route"). Read with the TypeScript parser, so
 * comments, `request.query` and audit labels such as 'DELETE /bff/…' are not mistaken for SQL.
 */
import { readdirSync, readFileSync } from 'node:fs';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const DIR = 'server/routes';

/** Upper-case SQL as the services write it: a statement's opening, or a clause after a spliced fragment. */
const SQL = /\b(SELECT\s[\s\S]*\bFROM\b|INSERT\s+INTO\b|UPDATE\s+\w+\s+SET\b|DELETE\s+FROM\b|ON\s+CONFLICT\b|ORDER\s+BY\b|GROUP\s+BY\b|WITH\s+\w+\s+AS\s*\()/;
const DB_CALLS = new Set(['query', 'transaction']);
/** `.exec(` is a database's only on a handle (a RegExp has one too). */
const DB_HANDLE = /\b(db|tx|client|pool)$/i;

/** Where a source runs SQL itself: `file:line: what`. */
export function sqlIn(file: string, source: string): string[] {
  const sf = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const found: string[] = [];
  const at = (node: ts.Node, what: string) => found.push(`${file}:${sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1}: ${what}`);
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
      const name = node.expression.name.text;
      if (DB_CALLS.has(name) || (name === 'exec' && DB_HANDLE.test(node.expression.expression.getText(sf)))) at(node, `calls .${name}()`);
    }
    let text: string | undefined;
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) text = node.text;
    else if (ts.isTemplateExpression(node)) text = [node.head.text, ...node.templateSpans.map((s) => s.literal.text)].join(' ');
    if (text !== undefined && SQL.test(text)) at(node, `SQL in a string: ${text.replace(/\s+/g, ' ').slice(0, 60)}`);
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return found;
}

describe('route files hold no SQL', () => {
  it('no file of server/routes runs a query or a transaction, or holds a SQL statement', () => {
    const files = readdirSync(DIR).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));
    expect(files.length).toBeGreaterThan(10);
    expect(files.flatMap((f) => sqlIn(`${DIR}/${f}`, readFileSync(`${DIR}/${f}`, 'utf8')))).toEqual([]);
  });

  it('finds a query, a transaction and SQL in a string, and passes over comments, request.query and audit labels', () => {
    const source = [
      '// One INSERT INTO per batch; SELECT the rows FROM the list.',
      "const rows = await db.query('SELECT 1 FROM campaigns WHERE id = $1', [id]);",
      'await db.transaction(async (tx) => tx.exec(sql));',
      'const more = `${RULE_SELECT} ORDER BY r.name`;',
      "const sql = 'DELETE FROM drafts WHERE user_id = $1';",
      'const q = request.query;',
      'const m = /^(\\d+)$/.exec(value);',
      "await audit(db, { route: 'DELETE /bff/do-not-call/:phone', outcome: 'ok: selected from the list' });",
    ].join('\n');
    expect(sqlIn('x.ts', source)).toEqual([
      'x.ts:2: calls .query()',
      'x.ts:2: SQL in a string: SELECT 1 FROM campaigns WHERE id = $1',
      'x.ts:3: calls .transaction()',
      'x.ts:3: calls .exec()',
      'x.ts:4: SQL in a string:  ORDER BY r.name',
      'x.ts:5: SQL in a string: DELETE FROM drafts WHERE user_id = $1',
    ]);
  });
});
