// jest-dom matchers for the component tests (those opt into jsdom with a file-level comment), and
// only for them: loading the matchers took ~0.1 s in each of the ~190 files that run in Node.
import type {} from '@testing-library/jest-dom/vitest';

if (typeof document !== 'undefined') await import('@testing-library/jest-dom/vitest');
