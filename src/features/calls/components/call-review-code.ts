/**
 * The code of the call review below its facts, loaded apart (call-review-page.tsx draws it once the
 * facts are on screen): the list preloads it when idle and on a row's hover or focus.
 */
import { afterPaint } from '@/lib/after-paint';

/**
 * The review below the facts (~20 KB gzip with the transcript's virtual list): on a cold load its
 * code is asked for once the heading is painted and the browser is idle (ADR 0027), so it does not
 * compete with the first screen's own work.
 */
export const CallReviewBody = afterPaint(() => import('./call-review-body').then((m) => m.CallReviewBody), { idle: true });
