import { describe, expect, it } from 'vitest';
import { LABEL_MAX_CHARS, labelText, labelWidth } from './label-rows';

describe('timeline labels', () => {
  it('cuts a long label with an ellipsis at the same width in every script', () => {
    const latin = 'replacement web-7d89dcd798-h24c7 Running on node1';
    expect(labelText(latin)).toHaveLength(LABEL_MAX_CHARS);
    expect(labelText(latin).endsWith('…')).toBe(true);
    expect(labelText('node2 NotReady')).toBe('node2 NotReady');
    // Wide characters count 1.6: a Japanese label is cut after fewer characters.
    const ja = 'node1の代わりのweb-7d89dcd798-h24c7がnode2でRunning';
    expect([...labelText(ja)].length).toBeLessThan(LABEL_MAX_CHARS);
    expect(labelWidth('ノード', 10)).toBeGreaterThan(labelWidth('abc', 10));
  });
});
