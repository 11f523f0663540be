/** The call review's regions the page header's skip links move the focus to (ids in the page). */
export const REVIEW_REGIONS = { details: 'call-details', transcript: 'call-transcript', qa: 'call-qa-review' } as const;

/**
 * The review's two columns on wide screens (Tailwind `xl:`, 1280 px and up): the player and the
 * transcript lead in the main column; the facts, what the call learned and the QA review sit in a
 * side column that stays in view while the transcript is read (sticky, scrolling on its own). Below
 * 1280 px, one column: the main one first. The page's first paint (call-review-page.tsx) and the body
 * that follows (call-review-body.tsx) use the same classes, so nothing moves when the body arrives.
 */
export const REVIEW_COLUMNS = {
  grid: 'grid gap-6 xl:grid-cols-[minmax(0,1fr)_26rem] xl:items-start',
  main: 'flex min-w-0 flex-col gap-6',
  side: 'flex min-w-0 flex-col gap-6 xl:sticky xl:top-4 xl:max-h-[calc(100vh-2rem)] xl:overflow-y-auto',
  details: 'flex flex-col gap-4 rounded-lg focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-blue-600',
} as const;
