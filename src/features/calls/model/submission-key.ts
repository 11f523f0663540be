/**
 * One Idempotency-Key per submission: the same content keeps its key (a double click or a retry
 * after a lost answer is replayed by the BFF, never dialled twice); changed content gets a new one,
 * and so does a deliberate new attempt after an outcome nobody could learn.
 */
export function createSubmissionKeys(newKey: () => string = () => crypto.randomUUID()) {
  const keys = new Map<string, string>();
  return {
    keyFor(content: unknown): string {
      const signature = JSON.stringify(content);
      let key = keys.get(signature);
      if (!key) {
        key = newKey();
        keys.set(signature, key);
      }
      return key;
    },
    /** A new key for the same content: the person checked after an unknown outcome and tries again. */
    renew(content: unknown): string {
      const key = newKey();
      keys.set(JSON.stringify(content), key);
      return key;
    },
  };
}
