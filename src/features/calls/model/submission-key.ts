/**
 * One Idempotency-Key per submission: the same content keeps its key (a double click or a retry
 * after a lost answer is replayed by the BFF, never dialled twice); changed content gets a new one.
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
  };
}
