/**
 * The contact page's BFF route and limits as plain data (no zod), so the SPA can build its URL
 * without loading the schemas; `contacts.ts` holds the answer's shape.
 */

export const CONTACT_ROUTES = {
  /** GET: one phone number's history from the call index, its do-not-call state and its QA (Contact). */
  contact: '/bff/contacts/:phone',
} as const;

/** The contact read's bounds: what one request may cost, whatever the number's history. */
export const CONTACT_LIMITS = {
  /** Newest indexed calls listed (the total still counts every one). */
  calls: 200,
  /** Context keys kept, and distinct values kept per key. */
  contextKeys: 30,
  contextValues: 10,
  /** QA reviews and comments listed, newest first. */
  reviews: 100,
  comments: 100,
  /** Campaigns created here that were sent the number, newest first: each is read upstream (its status and retry policy). */
  recipientOf: 20,
} as const;

/** The contact page's URL of a number (E.164 keeps its "+"; the router encodes it). */
export const contactPath = (phone: string): string => `/bff/contacts/${encodeURIComponent(phone)}`;
