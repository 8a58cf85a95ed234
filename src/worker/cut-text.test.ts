import { describe, expect, it } from 'vitest';
import { cutText, TEXT_CUT_LINES } from './patches';

const table = (rows: number) =>
  `NAME STATUS\n${Array.from({ length: rows }, (_, i) => `pod-${i} Running`).join('\n')}\n`;

describe('a long kubectl text is sent in part', () => {
  it('short texts whole', () => {
    expect(cutText(table(TEXT_CUT_LINES - 1), 'head')).toBeUndefined();
  });
  it('a table keeps its header and the first 400 rows, and says how long it was', () => {
    const cut = cutText(table(30_000), 'head');
    const lines = cut?.text.split('\n') ?? [];
    expect(cut?.lines).toBe(30_001);
    expect(lines[0]).toBe('NAME STATUS');
    expect(lines[400]).toBe('pod-399 Running');
    expect(lines.length).toBe(402); // 401 lines and the final newline
  });
  it('an event stream keeps its newest 401 lines', () => {
    const cut = cutText(table(5_000), 'tail');
    const lines = (cut?.text ?? '').split('\n').filter(Boolean);
    expect(lines).toHaveLength(401);
    expect(lines.at(-1)).toBe('pod-4999 Running');
  });
});
