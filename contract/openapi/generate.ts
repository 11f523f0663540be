/** `npm run contract:openapi`: writes contract/openapi/openapi.json from the contract. */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { buildOpenApi } from './build';

export const OPENAPI_FILE = fileURLToPath(new URL('./openapi.json', import.meta.url));

export function renderOpenApi(): string {
  return `${JSON.stringify(buildOpenApi(), null, 2)}\n`;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  writeFileSync(OPENAPI_FILE, renderOpenApi());
  console.log(`wrote ${OPENAPI_FILE}`);
}
