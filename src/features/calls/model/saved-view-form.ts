/**
 * The "save this view" form: a name by the contract's rule (SavedViewName). Zod, so it loads on the
 * first save (see `savedViewResolver`), not with the calls list.
 */
import { z } from 'zod';
import { SavedViewName } from '@contract/bff/http';

export const SavedViewForm = z.object({ name: SavedViewName });
export type SavedViewForm = z.input<typeof SavedViewForm>;
