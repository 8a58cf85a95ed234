/** FNV-1a over trace lines, kept as two independent 32-bit lanes (64 bits of hash). */
export function fnvUpdate(h: [number, number], line: string): void {
  let a = h[0];
  let b = h[1];
  for (let i = 0; i < line.length; i++) {
    const c = line.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193) >>> 0;
    b = Math.imul(b ^ c ^ 0x5bd1e995, 0x01000193) >>> 0;
  }
  a = Math.imul(a ^ 10, 0x01000193) >>> 0;
  b = Math.imul(b ^ 10, 0x01000193) >>> 0;
  h[0] = a;
  h[1] = b;
}

export const FNV_OFFSET: [number, number] = [0x811c9dc5, 0x84222325];

export function hashHex(h: [number, number]): string {
  return h[0].toString(16).padStart(8, '0') + h[1].toString(16).padStart(8, '0');
}

/** Hash of a whole string, for content hashes (static manifests). */
export function hashString(s: string): string {
  const h: [number, number] = [FNV_OFFSET[0], FNV_OFFSET[1]];
  fnvUpdate(h, s);
  return hashHex(h);
}
