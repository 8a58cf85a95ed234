import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sha256Hex } from './sha256';

describe('sha256Hex', () => {
  it('matches node:crypto', () => {
    for (const s of ['', 'abc', 'pvc-1disk.csi.notready.devnode1', 'x'.repeat(200), 'é€😀'])
      expect(sha256Hex(s)).toBe(createHash('sha256').update(s, 'utf8').digest('hex'));
  });
});
