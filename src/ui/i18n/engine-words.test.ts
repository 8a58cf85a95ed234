import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BIG_BUILTINS, BUILTIN_SCENARIOS, parseScenario } from '../../sim';
import type { ActionTarget } from '../../sim/commands/actions';
import { Simulation } from '../../sim/simulation';
import { failureChoices } from '../builder/failures';
import { defaultForm } from '../builder/model';
import { ja } from './ja';
import { ko } from './ko';
import { ptBR } from './pt-BR';

/** Kubernetes' own words and program output stay as they are: `node2 NotReady`, `kubectl apply`, ssh errors. */
const STAYS = /^(\S+ (Ready|NotReady|Unknown)|kubectl apply|ssh: .*)$/;

/**
 * Names in a label (node, pod, unit, file, taint, counts) that every language keeps. A colon
 * ending a word is the sentence's (`a cloud instance: start it`), not part of a name.
 */
const names = (s: string) =>
  (s.match(/[\w./:-]*[\d/:.-][\w./:-]*|kubelet|containerd|docker|kube-[a-z-]+/g) ?? [])
    .map((n) => n.replace(/:$/, ''))
    .filter((n) => /[\d/:.-]|^(kubelet|containerd|docker)$/.test(n));

function play(name: string): Simulation {
  const r = parseScenario(readFileSync(new URL(`../../../public/scenarios/${name}.yaml`, import.meta.url), 'utf8'));
  if (!r.ok) throw new Error(name);
  const sim = new Simulation(r.scenario);
  sim.advanceTo(r.scenario.spec.duration);
  return sim;
}

const LANGUAGES = [ja, ko, ptBR];

describe("the engine's words in every language", () => {
  // The 5,000-node built-in's chapters are the zone-down ones at another scale (its own test plays it).
  const sims = BUILTIN_SCENARIOS.filter((n) => !BIG_BUILTINS.includes(n)).map(play);
  const chapters = [...new Set(sims.flatMap((s) => s.chapters().map((c) => c.label)))];
  const targets: ActionTarget[] = [
    { kind: 'node', node: 'node2' },
    { kind: 'service', node: 'node2', service: 'kubelet' },
    { kind: 'service', node: 'node2', service: 'containerd' },
    { kind: 'control-plane', component: 'kube-apiserver' },
    { kind: 'instance', node: 'node2' },
  ];
  const options = sims.flatMap((s) => targets.flatMap((t) => s.actions(t)));
  const labels = [...new Set(options.map((o) => o.label))];
  const reasons = [...new Set(options.flatMap((o) => (o.disabledReason ? [o.disabledReason] : [])))];
  const failures = failureChoices(defaultForm()).map((c) => c.label);

  it('has something to check', () => {
    expect(chapters.length).toBeGreaterThan(20);
    expect(labels.length).toBeGreaterThan(10);
    expect(reasons.length).toBeGreaterThan(3);
  });

  for (const tr of LANGUAGES)
    it(`${tr.locale}: every chapter, action, reason and builder failure of the built-ins is translated, names kept`, () => {
      const untranslated: string[] = [];
      const check = (en: string, out: string) => {
        if (out === en && !STAYS.test(en)) untranslated.push(en);
        for (const n of names(en)) if (!out.includes(n)) untranslated.push(`${en} -> ${out} (drops ${n})`);
      };
      for (const c of chapters) check(c, tr.main.chapterLabel(c));
      for (const l of labels) check(l, tr.main.actionLabel(l));
      for (const r of reasons) check(r, tr.main.actionReason(r));
      for (const f of failures) check(f, tr.builder.failureLabel(f));
      expect(untranslated).toEqual([]);
    });
});

describe('a chapter about many nodes', () => {
  it('reads as its one-node form with the count in words', () => {
    expect(ja.main.chapterLabel('network cut to 100 nodes')).toBe('100台のNodeのネットワーク切断');
    expect(ko.main.chapterLabel('89 nodes NotReady')).toBe('Node 89개 NotReady');
    expect(ptBR.main.chapterLabel('network cut to 100 nodes')).toContain('100 nós');
  });
});

describe("the new actors' chapters (shutdown manager, attach/detach controller, a budget's refusal)", () => {
  // Not all in a built-in: the labels as the engine writes them (kubelet/shutdown-manager.ts,
  // story/watch.ts, controllers/attach-detach.ts, api/eviction.ts).
  const labels = [
    'node2 shutting down',
    'web-7d89dcd798-c7jwm terminated by node shutdown',
    '3 pods of node2 terminated by node shutdown',
    'volume data attached to node1',
    'volume data detached from node2',
    'volume data force-detached from node2',
    'Multi-Attach error for db-0 (volume data on node2)',
    'web-7d89dcd798-lxrdr eviction refused by PDB web',
  ];
  for (const tr of LANGUAGES)
    it(`${tr.locale}: translated, names kept`, () => {
      for (const en of labels) {
        const out = tr.main.chapterLabel(en);
        expect(out, en).not.toBe(en);
        // `force-detached` is a word, not a name (names() takes it for one: it has a hyphen).
        for (const n of names(en).filter((x) => x !== 'force-detached')) expect(out, en).toContain(n);
      }
      expect(tr.main.chapterLabel('node2 shutting down')).toContain('node2');
      for (const word of ['data', 'db-0', 'node2']) expect(tr.main.chapterLabel(labels[6] as string)).toContain(word);
    });
  it('a shutdown on many nodes at once reads with the count in words', () => {
    expect(ja.main.chapterLabel('100 nodes shutting down')).toBe('100台のNodeがシャットダウン中');
  });
});
