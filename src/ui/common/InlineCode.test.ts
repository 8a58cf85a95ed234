import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { InlineCode } from './InlineCode';

const html = (text: string) => renderToStaticMarkup(createElement(InlineCode, { text }));

describe('InlineCode', () => {
  it('draws backticked parts as code, without the backticks', () => {
    expect(html('Run `kubectl get pods` and `ssh node2`.')).toBe(
      'Run <code>kubectl get pods</code> and <code>ssh node2</code>.',
    );
  });
  it('leaves an unmatched backtick as written', () => {
    expect(html('a `b` c `d')).toBe('a <code>b</code> c `d');
    expect(html('no code')).toBe('no code');
  });
});
