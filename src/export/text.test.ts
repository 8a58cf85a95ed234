import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import { comment, mdCode, oneLine, shellWord, yamlDoc, yamlString } from './text';

const TRICKY = [
  'plain',
  "it's",
  'a\nb',
  'a\rb',
  'a\u0085b',
  'a\u2028b',
  'a\u2029b',
  '$(x) `y` "z"',
  '\u202eevil',
  'こんにちは',
];

describe('text.ts, the exports escaping layer', () => {
  it('oneLine keeps the first line and shows hidden characters', () => {
    expect(oneLine('first\nsecond')).toBe('first …');
    expect(oneLine('a\u2028b')).toBe('a …');
    expect(oneLine('a\u202eb')).toBe('a\\u{202e}b');
    expect(oneLine('x'.repeat(300))).toHaveLength(200);
    expect(comment('t\rnetworking: {}')).toBe('# t …');
  });

  it('shellWord is read back by bash as the same text', () => {
    for (const s of TRICKY) {
      const r = spawnSync('bash', ['-c', `printf '%s' ${shellWord(s)}`], { encoding: 'utf8' });
      expect(r.stdout).toBe(s);
      expect(shellWord(s)).not.toMatch(/[\r\n\u0085\u2028\u2029\u202e]/);
    }
  });

  it('YAML reads the same as 1.1 and 1.2, with no raw line break inside a scalar', () => {
    for (const s of TRICKY) {
      const text = yamlDoc({ key: s, list: [s] });
      expect(text).not.toMatch(/[\r\u0085\u2028\u2029\u202e]/);
      for (const version of ['1.1', '1.2'] as const)
        expect(parseAllDocuments(text, { version })[0]?.toJS()).toEqual({ key: s, list: [s] });
      expect(parseAllDocuments(`k: ${yamlString(s)}`, { version: '1.1' })[0]?.toJS()).toEqual({ k: s });
    }
  });

  it('mdCode fences a span longer than any backtick run it holds', () => {
    expect(mdCode('a ``b`` c')).toBe('```a ``b`` c```');
    expect(mdCode('`x`')).toBe('`` `x` ``');
  });
});
