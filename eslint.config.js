// Lint rules, including the import boundaries of docs/architecture.md:
//   lib, components -> features -> routes   (never the other way)
//   features never import each other; the SPA never imports server/ or simulator/;
//   contract/ imports nothing of ours; server/ and simulator/ never import each other or src/.
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';

const features = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);

// The layers are checked on resolved paths (eslint-plugin-import-x resolves every import with the
// TypeScript resolver, aliases included), so '../../calls/model/format' from campaigns is caught as
// surely as '@/features/calls/...'. eslint-boundaries.test.ts lints fixtures to prove it.
const ROOT = fileURLToPath(new URL('.', import.meta.url));
const zone = (target, from, message) => ({ target, from, message });
const SPA_NOT_SERVER = 'The SPA never imports server code.';
const boundaryZones = [
  ...features.map((feature) =>
    zone(
      `./src/features/${feature}`,
      features.filter((f) => f !== feature).map((f) => `./src/features/${f}`),
      'Features do not import each other: compose them in a route, or share through src/lib or src/components.',
    ),
  ),
  zone('./src/features', './src/routes', 'Features never import routes.'),
  zone(['./src/lib', './src/components'], ['./src/features', './src/routes'], 'lib/ and components/ are shared: they import neither features nor routes.'),
  zone('./src', ['./server', './simulator'], SPA_NOT_SERVER),
  zone('./contract', ['./src', './server', './simulator', './common'], 'The contract stands alone: it imports nothing of ours.'),
  zone('./server', ['./src', './simulator'], 'The BFF imports only contract/ and common/.'),
  zone('./simulator', ['./src', './server'], 'The simulator imports only contract/ and common/.'),
  zone('./common', ['./src', './server', './simulator'], 'common/ is shared by the servers and imports none of them.'),
];

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'bench/peers', 'src/routeTree.gen.ts', '.data', 'test-results', 'playwright-report', 'contract/openapi/openapi.json'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': 'off',
    },
  },
  {
    // Tests and their helpers read loosely typed JSON from real servers.
    files: ['**/*.test.{ts,tsx}', '**/testing/**/*.ts', 'e2e/**/*.ts', 'bench/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off', '@typescript-eslint/no-non-null-assertion': 'off' },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
      // The console's own controls (components/ui) render the native control a label wraps.
      'jsx-a11y/label-has-associated-control': ['error', { controlComponents: ['Input', 'Select', 'Textarea'], depth: 3 }],
      // One display time zone, named wherever a time is shown: <DateTime> or src/lib/time/format.ts,
      // never the browser's zone unnamed.
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.property.name=/^toLocale(Date|Time)?String$/][callee.object.type='NewExpression'][callee.object.callee.name='Date']",
          message: 'Show a time with <DateTime> or src/lib/time/format.ts: in the display zone, with the zone named.',
        },
      ],
    },
  },
  {
    files: ['**/*.{ts,tsx,js}'],
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })] },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: boundaryZones, basePath: ROOT }],
      // No import cycles: a cycle makes the load order decide what a module sees at start.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    // One set of e2e helpers (e2e/fixtures.ts): a spec takes test, expect, the axe check and the
    // simulator client from there instead of declaring its own.
    files: ['e2e/**/*.spec.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@playwright/test',
              allowTypeImports: true,
              message: 'Import test and expect from ./fixtures (its test carries the sim and pageAs fixtures).',
            },
            { name: '@axe-core/playwright', message: 'Use expectNoA11yViolations or seriousViolations from ./fixtures.' },
          ],
        },
      ],
    },
  },
  {
    // docs/decisions/0006-two-weights.md: a *.plain.ts file is what the browser's first chunk may
    // read of the contract, so it never loads zod (zod's regex module, a few hundred bytes, aside).
    files: ['contract/**/*.plain.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'zod', message: 'A .plain.ts file stays zod-free: put the schema in its heavy twin (the same name without .plain).' }],
          patterns: [{ regex: '^zod/(?!v4/core$)', message: 'A .plain.ts file stays zod-free (only zod/v4/core regexes).' }],
        },
      ],
    },
  },
  {
    // The QA panel loads at idle on every call review: it builds the one call's bodies
    // (contract/bff/review-call.ts), not every schema of review.ts and the admin forms (some 200 zod
    // calls, the most of its first render's CPU). Types may still come from review.ts.
    files: ['src/features/review/components/review-panel.tsx', 'src/features/review/model/review-form.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: '@contract/bff/review', allowTypeImports: true, message: "The QA panel takes its schemas from '@contract/bff/review-call'." }],
          patterns: [{ regex: '/model/forms$', message: "The QA panel's forms are in model/review-form.ts; model/forms.ts is the admin forms'." }],
        },
      ],
    },
  },
);
