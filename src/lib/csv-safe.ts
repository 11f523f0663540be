/** The one CSV-safety function, shared with the BFF's CSV exports: it lives in contract/csv-safe.ts. */
export { csvSafeCell } from '@contract/csv-safe';
