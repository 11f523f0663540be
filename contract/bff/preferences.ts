/**
 * A user's console preferences, kept by the BFF per user (GET/PUT /bff/preferences).
 *
 * `timeZone`: the IANA zone every time in the console is shown in, and date filters mean days
 * in; `null` means "the browser's own zone" (the default, so a new user sees local times).
 */
import { z } from 'zod';
import { isIanaZone } from '../timezone';

export const DisplayTimeZone = z.string().max(64).refine(isIanaZone, { error: 'Choose a time zone from the list (an IANA name such as Europe/Paris).' });

export const Preferences = z.object({ timeZone: DisplayTimeZone.nullable() });
export type Preferences = z.infer<typeof Preferences>;

/** PUT /bff/preferences body: the whole preferences object (it is small). */
export const PreferencesBody = z.strictObject({ timeZone: DisplayTimeZone.nullable() });
export type PreferencesBody = z.infer<typeof PreferencesBody>;

export const DEFAULT_PREFERENCES: Preferences = { timeZone: null };
