/** The call review's regions the page header's skip links move the focus to (ids in the page). */
export const REVIEW_REGIONS = { details: 'call-details', transcript: 'call-transcript', qa: 'call-qa-review' } as const;
