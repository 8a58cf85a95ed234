import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { builderMessages, SETTING_LABELS } from '../builder/labels';
import { challengeMessages } from '../challenge/messages';
import { chartMessages } from '../chart/messages';
import { classroomMessages } from '../classroom/messages';
import { cloudMessages } from '../cloud/messages';
import { dialogMessages } from '../common/dialog-messages';
import { lessonMessages } from '../lesson/messages';
import { type Narration, narrations } from '../lesson/narrations';
import { messages, shareMessages } from '../messages';
import { overviewMessages } from '../overview/messages';
import { ja } from './ja';
import { ko } from './ko';
import { ptBR } from './pt-BR';
import type { Translation } from './types';

const english: Omit<Translation, 'locale'> = {
  main: messages,
  share: shareMessages,
  dialogs: dialogMessages,
  lesson: lessonMessages,
  builder: builderMessages,
  settingLabels: Object.fromEntries(
    Object.entries(SETTING_LABELS).map(([k, [label]]) => [k, label]),
  ) as Translation['settingLabels'],
  chart: chartMessages,
  cloud: cloudMessages,
  overview: overviewMessages,
  classroom: classroomMessages,
  challenge: challengeMessages,
  narrations,
  // English titles and descriptions are the built-ins' own, listed in the gallery's index.
  scenarios: Object.fromEntries(
    (
      JSON.parse(readFileSync(new URL('../../../public/scenarios/index.json', import.meta.url), 'utf8')) as {
        name: string;
        title: string;
        description: string;
      }[]
    ).map((e) => [e.name, { title: e.title, description: e.description }]),
  ) as Translation['scenarios'],
};

const LANGUAGES: [string, Translation][] = [
  ['ja', ja],
  ['ko', ko],
  ['pt-BR', ptBR],
];

/** Arguments a message is tried with: strings a reader would recognise, small numbers, a list. */
function argsFor(fn: (...a: never[]) => unknown): unknown[][] {
  const tries: unknown[][] = [];
  const k = fn.length;
  tries.push(Array.from({ length: k }, (_, i) => `arg${i}x`));
  tries.push(Array.from({ length: k }, (_, i) => i + 3));
  tries.push(Array.from({ length: k }, (_, i) => (i === 0 ? 1 : `arg${i}x`)));
  tries.push([['kubelet', 'containerd'], ...Array.from({ length: k - 1 }, (_, i) => `arg${i + 1}x`)]);
  return tries;
}

function call(fn: unknown, args: unknown[]): unknown {
  try {
    return (fn as (...a: unknown[]) => unknown).apply(undefined, args);
  } catch {
    return undefined;
  }
}

/** Walks English and the translation side by side; returns every difference in shape, by path. */
function compare(en: unknown, tr: unknown, path: string, out: string[]): void {
  if (typeof en === 'string') {
    if (typeof tr !== 'string' || tr.trim() === '') out.push(`${path}: not a string`);
    return;
  }
  if (typeof en === 'function') {
    if (typeof tr !== 'function') return void out.push(`${path}: not a function`);
    if (tr.length !== en.length) out.push(`${path}: ${tr.length} parameters, English has ${en.length}`);
    for (const args of argsFor(en as (...a: never[]) => unknown)) {
      const e = call(en, args);
      if (typeof e !== 'string') continue;
      const t = call(tr, args);
      if (typeof t !== 'string' || t.trim() === '') out.push(`${path}(${args.join(', ')}): no string`);
      // A value English shows must be shown by the translation too (no parameter dropped).
      for (const a of args)
        if (typeof a === 'string' && e.includes(a) && typeof t === 'string' && !t.includes(a))
          out.push(`${path}: drops ${a}`);
    }
    return;
  }
  if (Array.isArray(en)) {
    if (!Array.isArray(tr) || tr.length !== en.length) return void out.push(`${path}: length differs`);
    en.forEach((x, i) => {
      compare(x, tr[i], `${path}[${i}]`, out);
    });
    return;
  }
  if (en && typeof en === 'object') {
    if (!tr || typeof tr !== 'object') return void out.push(`${path}: missing`);
    const ek = Object.keys(en).sort();
    const tk = Object.keys(tr).sort();
    for (const k of ek) if (!tk.includes(k)) out.push(`${path}.${k}: missing`);
    for (const k of tk) if (!ek.includes(k)) out.push(`${path}.${k}: not in English`);
    for (const k of ek)
      if (tk.includes(k))
        compare((en as Record<string, unknown>)[k], (tr as Record<string, unknown>)[k], `${path}.${k}`, out);
  }
}

/**
 * Words Kubernetes prints, which a translation keeps as they are: taint keys, CamelCase reasons
 * and kinds, paths, commands in backticks, flags and component names, condition and phase values.
 */
const KUBERNETES_WORDS =
  /node\.kubernetes\.io\/[a-z-]+(:\w+)?|\b[A-Z][a-z]+[A-Z][A-Za-z]*\b|\/etc\/[\w/.]+|`[^`]+`|\bnode-(monitor-grace-period|lifecycle)\b|\bkube-[a-z-]+|\b(Ready|Unknown|False|True|Running|Pending|Terminating|Completed|NoSchedule|NoExecute)\b/g;

describe('every language has every message', () => {
  for (const [lang, tr] of LANGUAGES)
    it(`${lang}: the same keys, lengths and parameters as English`, () => {
      const out: string[] = [];
      for (const part of Object.keys(english) as (keyof typeof english)[]) compare(english[part], tr[part], part, out);
      expect(out).toEqual([]);
      expect(() => (1234.5).toLocaleString(tr.locale)).not.toThrow();
    });
});

describe('Kubernetes words stay as Kubernetes prints them', () => {
  const table: Record<string, Record<string, Narration>> = narrations;
  for (const [lang, tr] of LANGUAGES)
    it(`${lang}: every built-in's description keeps the Kubernetes words of the English`, () => {
      const missing: string[] = [];
      for (const [name, en] of Object.entries(english.scenarios))
        for (const word of new Set(en.description.match(KUBERNETES_WORDS) ?? []))
          if (!tr.scenarios[name as keyof Translation['scenarios']].description.includes(word))
            missing.push(`${name}: ${word}`);
      expect(missing).toEqual([]);
    });

  for (const [lang, tr] of LANGUAGES)
    it(`${lang}: every narration keeps the taints, reasons, paths and values of the English`, () => {
      const missing: string[] = [];
      const trTable: Record<string, Record<string, Narration>> = tr.narrations;
      for (const [scenario, steps] of Object.entries(table))
        for (const [id, step] of Object.entries(steps))
          for (const field of ['text', 'question', 'explanation', 'choices'] as const) {
            const en = JSON.stringify(step[field] ?? '');
            const t = JSON.stringify(trTable[scenario]?.[id]?.[field] ?? '');
            for (const word of new Set(en.match(KUBERNETES_WORDS) ?? []))
              if (!t.includes(word)) missing.push(`${scenario}/${id}.${field}: ${word}`);
          }
      expect(missing).toEqual([]);
    });
});
