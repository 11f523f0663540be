/**
 * Test helper: a small tmpfs mounted for a test, to give a start a disk that is full or read-only
 * for real (root writes through any permission bits, so a chmod proves nothing there). Mounting
 * needs root with CAP_SYS_ADMIN, as on CI's machine; `canMountTmpfs` tells a suite where it is not.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';

export interface Tmpfs {
  dir: string;
  /** Fills what is left of it (the writes stop at ENOSPC). */
  fill(): void;
  unmount(): void;
}

/** Mounts a tmpfs of `sizeKiB` on a new directory; `readOnly` mounts it read-only. World-passable, as a data directory's parents must be. */
export function mountTmpfs(sizeKiB: number, readOnly = false): Tmpfs {
  const dir = mkdtempSync(join(tmpdir(), 'tmpfs-'));
  execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${sizeKiB}k,mode=0711${readOnly ? ',ro' : ''}`, 'tmpfs', dir], { stdio: 'pipe' });
  return {
    dir,
    fill() {
      mkdirSync(join(dir, 'filler'), { recursive: true });
      let i = 0;
      // Large blocks, then pages, till not one page is left.
      for (const size of [64 * 1024, 4096]) {
        const block = Buffer.alloc(size, 1);
        try {
          for (; ; i += 1) writeFileSync(join(dir, 'filler', String(i)), block);
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
        }
      }
    },
    unmount() {
      execFileSync('umount', ['-l', dir], { stdio: 'pipe' });
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Whether this process may mount a tmpfs (tried once). */
export const canMountTmpfs: boolean = (() => {
  if (userInfo().uid !== 0) return false;
  try {
    mountTmpfs(64).unmount();
    return true;
  } catch {
    return false;
  }
})();
