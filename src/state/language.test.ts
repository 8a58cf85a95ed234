import { describe, expect, it } from 'vitest';
import { browserLang, initialLanguage, langForUrl, langInUrl, langOfTag, savedLang } from './language';

function memoryStorage(items: Record<string, string>): Storage {
  return {
    getItem: (k: string) => items[k] ?? null,
    setItem: (k: string, v: string) => {
      items[k] = v;
    },
    removeItem: (k: string) => {
      delete items[k];
    },
    clear: () => {},
    key: () => null,
    length: 0,
  };
}

describe('the language the page speaks', () => {
  it("reads the browser's tags: region and script variants, any Portuguese as pt-BR", () => {
    expect(langOfTag('ja-JP')).toBe('ja');
    expect(langOfTag('ko')).toBe('ko');
    expect(langOfTag('pt-PT')).toBe('pt-BR');
    expect(langOfTag('pt_BR')).toBe('pt-BR');
    expect(langOfTag('en-GB')).toBe('en');
    expect(langOfTag('fr')).toBeUndefined();
    expect(browserLang(['fr-FR', 'ko-KR', 'en'])).toBe('ko');
    expect(browserLang(['de'])).toBe('en');
    expect(browserLang(undefined)).toBe('en');
  });

  it('takes lang= only when it is one of ours', () => {
    expect(langInUrl('?lang=ja')).toBe('ja');
    expect(langInUrl('?present=1&lang=pt-br')).toBe('pt-BR');
    expect(langInUrl('?lang=xx')).toBeUndefined();
    expect(langInUrl('')).toBeUndefined();
  });

  it('the URL first, then the saved choice, then the browser, then English', () => {
    expect(initialLanguage('?lang=ko', 'ja', ['pt-BR'])).toEqual({ lang: 'ko', chosen: true });
    expect(initialLanguage('', 'ja', ['pt-BR'])).toEqual({ lang: 'ja', chosen: true });
    expect(initialLanguage('', undefined, ['pt-BR'])).toEqual({ lang: 'pt-BR', chosen: false });
    expect(initialLanguage('', undefined, [])).toEqual({ lang: 'en', chosen: false });
  });

  it('a saved choice must be one of ours', () => {
    expect(savedLang(memoryStorage({ 'notready.language': 'ko' }))).toBe('ko');
    expect(savedLang(memoryStorage({ 'notready.language': 'klingon' }))).toBeUndefined();
    expect(savedLang(undefined)).toBeUndefined();
  });

  it('links say the language unless it is English nobody chose', () => {
    expect(langForUrl({ lang: 'en', chosen: false })).toBeUndefined();
    expect(langForUrl({ lang: 'en', chosen: true })).toBe('en');
    expect(langForUrl({ lang: 'ja', chosen: false })).toBe('ja');
  });
});
