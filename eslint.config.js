// Lint rules, including the import boundaries of docs/architecture.md:
//   lib, components -> features -> routes   (never the other way)
//   features never import each other; the SPA never imports server/ or simulator/;
//   contract/ imports nothing of ours; server/ and simulator/ never import each other or src/.
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const features = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);

const banned = (...groups) => ({
  'no-restricted-imports': ['error', { patterns: groups.map(([group, message]) => ({ group, message })) }],
});

const featureBoundaries = features.map((feature) => ({
  files: [`src/features/${feature}/**/*.{ts,tsx}`],
  rules: banned(
    [
      features.filter((f) => f !== feature).flatMap((f) => [`@/features/${f}/**`, `**/features/${f}/**`]),
      'Features do not import each other: compose them in a route.',
    ],
    [['@/routes/**', '**/routes/**'], 'Features never import routes.'],
    [['**/server/**', '**/simulator/**'], 'The SPA never imports server code.'],
  ),
}));

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
    },
  },
  {
    files: ['src/lib/**/*.{ts,tsx}', 'src/components/**/*.{ts,tsx}'],
    rules: banned(
      [['@/features/**', '**/features/**', '@/routes/**', '**/routes/**'], 'lib/ and components/ are shared: they import neither features nor routes.'],
      [['**/server/**', '**/simulator/**'], 'The SPA never imports server code.'],
    ),
  },
  ...featureBoundaries,
  {
    files: ['src/routes/**/*.{ts,tsx}', 'src/*.{ts,tsx}'],
    rules: banned([['**/server/**', '**/simulator/**'], 'The SPA never imports server code.']),
  },
  {
    files: ['contract/**/*.ts'],
    rules: banned([['**/src/**', '@/**', '**/server/**', '**/simulator/**', '**/common/**'], 'The contract stands alone: it imports nothing of ours.']),
  },
  {
    files: ['server/**/*.ts'],
    rules: banned([['**/src/**', '@/**', '**/simulator/**'], 'The BFF imports only contract/ and common/.']),
  },
  {
    files: ['simulator/**/*.ts'],
    rules: banned([['**/src/**', '@/**', '**/server/**'], 'The simulator imports only contract/ and common/.']),
  },
  {
    files: ['common/**/*.ts'],
    rules: banned([['**/src/**', '@/**', '**/server/**', '**/simulator/**'], 'common/ is shared by the servers and imports none of them.']),
  },
);
