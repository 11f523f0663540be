/** The wizard's steps, in order: plain data, so the route reads `?step=` without loading the step schemas (zod). */
export const WIZARD_STEPS = ['basics', 'schedule', 'retry', 'recipients', 'review'] as const;
export type WizardStep = (typeof WIZARD_STEPS)[number];
