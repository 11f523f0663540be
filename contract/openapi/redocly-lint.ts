/** Test helper: Redocly's linter over an OpenAPI file, its summary as text (errors included, never thrown). */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

export async function redoclyLint(file: string): Promise<string> {
  const { stdout, stderr } = await promisify(execFile)('npx', ['redocly', 'lint', file, '--format=summary'], { env: { ...process.env, NO_COLOR: '1' } }).catch(
    (error: { stdout: string; stderr: string }) => error,
  );
  return `${stdout}${stderr}`;
}
