/** The simulator's default key pair (no dependencies: the npm start launcher reads it too). */
export const DEFAULT_SIM_API_KEY = 'sim-key-primary-0000000000000001';
export const DEFAULT_SIM_API_KEY_SECONDARY = 'sim-key-secondary-000000000000002';
