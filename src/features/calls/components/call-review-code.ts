/**
 * The code of the call review below its facts, loaded apart (call-review-page.tsx draws it once the
 * facts are on screen): the list preloads it when idle and on a row's hover or focus.
 */
import { afterPaint } from '@/lib/after-paint';

/**
 * The review below the facts (~20 KB gzip with the transcript's virtual list): drawn once the
 * heading and the facts are painted (ADR 0027), even when its code is there (a row's click draws
 * the heading in its frame, the body after it). On a cold load its code is asked for once the
 * heading is committed, so it downloads while the heading paints instead of after (ADR 0061).
 */
export const CallReviewBody = afterPaint(() => import('./call-review-body').then((m) => m.CallReviewBody), { always: true, early: true });
