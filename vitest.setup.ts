// jest-dom matchers for the component tests (those opt into jsdom with a file-level comment).
import '@testing-library/jest-dom/vitest';
