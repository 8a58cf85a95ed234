/**
 * Diagnostics for a missed UI budget: a CPU profile of the page's main thread while it plays at
 * 10x (Chrome DevTools Protocol `Profiler`), reduced to the functions with the most self time.
 * The bench builds with hidden source maps (same code, `.map` files beside the chunks, no comment
 * in the chunks), so the minified positions are mapped back to the original file, line and name.
 */
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { type Loaf, within } from './ui-page';

export interface HotFunction {
  name: string;
  /** Original `file:line` when the chunk has a source map, else `chunk:line:col`. */
  where: string;
  /** Share of the profile's wall time (idle included). */
  selfPct: number;
}

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
}
interface Profile {
  nodes: ProfileNode[];
  samples?: number[];
  timeDeltas?: number[];
}

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** Decoded segments per generated line: [genCol, source, origLine, origCol, name?]. */
type Segment = number[];
interface SourceMap {
  sources: string[];
  names: string[];
  lines: Segment[][];
}

function decodeMappings(mappings: string): Segment[][] {
  const lines: Segment[][] = [];
  const state = [0, 0, 0, 0, 0];
  for (const line of mappings.split(';')) {
    state[0] = 0;
    const segs: Segment[] = [];
    for (const seg of line.split(',')) {
      if (!seg) continue;
      const out: number[] = [];
      let value = 0;
      let shift = 0;
      for (const ch of seg) {
        const digit = B64.indexOf(ch);
        value += (digit & 31) << shift;
        if (digit & 32) shift += 5;
        else {
          const n = value & 1 ? -(value >>> 1) : value >>> 1;
          const i = out.length;
          state[i] = (state[i] as number) + n;
          out.push(state[i] as number);
          value = 0;
          shift = 0;
        }
      }
      segs.push(out);
    }
    lines.push(segs);
  }
  return lines;
}

/** Maps chunk URLs (`.../assets/x.js`) to their decoded source maps, read from `assetsDir`. */
export class SourceMaps {
  private cache = new Map<string, SourceMap | undefined>();
  constructor(private assetsDir: string) {}

  private load(chunk: string): SourceMap | undefined {
    if (!this.cache.has(chunk)) {
      let map: SourceMap | undefined;
      try {
        const raw = JSON.parse(readFileSync(`${this.assetsDir}/${chunk}.map`, 'utf8')) as {
          sources: string[];
          names: string[];
          mappings: string;
        };
        map = { sources: raw.sources, names: raw.names, lines: decodeMappings(raw.mappings) };
      } catch {
        map = undefined;
      }
      this.cache.set(chunk, map);
    }
    return this.cache.get(chunk);
  }

  private lineStarts = new Map<string, number[]>();

  /** The original place of a character offset in a chunk (LoAF `sourceCharPosition`). */
  lookupOffset(url: string, offset: number): { where: string; name?: string } {
    const chunk = url.split('/').pop() ?? url;
    let starts = this.lineStarts.get(chunk);
    if (!starts) {
      starts = [0];
      try {
        const text = readFileSync(`${this.assetsDir}/${chunk}`, 'utf8');
        for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 10) starts.push(i + 1);
      } catch {}
      this.lineStarts.set(chunk, starts);
    }
    let line = 0;
    while (line + 1 < starts.length && (starts[line + 1] as number) <= offset) line++;
    return this.lookup(url, line, offset - (starts[line] as number));
  }

  /** The original file:line (and name, if mapped) of a 0-based generated position. */
  lookup(url: string, line: number, col: number): { where: string; name?: string } {
    const chunk = url.split('/').pop() ?? url;
    const fallback = { where: `${chunk}:${line + 1}:${col + 1}` };
    const map = this.load(chunk);
    const segs = map?.lines[line];
    if (!map || !segs) return fallback;
    let best: Segment | undefined;
    for (const s of segs) if ((s[0] as number) <= col && s.length >= 4) best = s;
    if (!best) return fallback;
    const raw = map.sources[best[1] as number] ?? '?';
    const source = raw.includes('node_modules/')
      ? raw.replace(/^.*node_modules\//, '')
      : raw.replace(/^.*?\/?(src\/)/, '$1');
    const name = best.length >= 5 ? map.names[best[4] as number] : undefined;
    return { where: `${source}:${(best[2] as number) + 1}`, ...(name ? { name } : {}) };
  }
}

export interface Hot {
  /** Share of the profile's wall time the main thread was not idle. */
  busyPct: number;
  top: HotFunction[];
}

/** Self time per function of a CDP profile, largest first (idle excluded from the list). */
export function hotFunctions(profile: Profile, maps: SourceMaps | undefined, top: number): Hot {
  const self = new Map<number, number>();
  const samples = profile.samples ?? [];
  const deltas = profile.timeDeltas ?? [];
  let total = 0;
  samples.forEach((id, i) => {
    const d = Math.max(0, deltas[i] ?? 0);
    self.set(id, (self.get(id) ?? 0) + d);
    total += d;
  });
  const byKey = new Map<string, { name: string; where: string; us: number }>();
  for (const n of profile.nodes) {
    const us = self.get(n.id) ?? 0;
    if (us === 0) continue;
    const f = n.callFrame;
    const mapped = f.url && maps ? maps.lookup(f.url, f.lineNumber, f.columnNumber) : undefined;
    const name = mapped?.name ?? (f.functionName || '(anonymous)');
    const where = mapped?.where ?? (f.url ? `${f.url.split('/').pop()}:${f.lineNumber + 1}` : '');
    const key = `${name}|${where}`;
    const e = byKey.get(key) ?? { name, where, us: 0 };
    e.us += us;
    byKey.set(key, e);
  }
  const idle = [...byKey.values()].filter((e) => e.name === '(idle)').reduce((a, e) => a + e.us, 0);
  const list = [...byKey.values()]
    .filter((e) => e.name !== '(idle)')
    .sort((a, b) => b.us - a.us)
    .slice(0, top)
    .map((e) => ({ name: e.name, where: e.where, selfPct: total > 0 ? (100 * e.us) / total : 0 }));
  return { busyPct: total > 0 ? 100 - (100 * idle) / total : 0, top: list };
}

/** Profiles the page's main thread for `ms` (CDP Profiler); an error becomes its text. */
export async function profilePage(
  page: Page,
  opts: { ms: number; maps?: SourceMaps; top?: number },
): Promise<Hot | string> {
  try {
    const cdp = await page.context().newCDPSession(page);
    const send = (method: 'Profiler.enable' | 'Profiler.start') => within(cdp.send(method), 30_000, method);
    await send('Profiler.enable');
    await within(cdp.send('Profiler.setSamplingInterval', { interval: 500 }), 30_000, 'Profiler.setSamplingInterval');
    await send('Profiler.start');
    await page.waitForTimeout(opts.ms);
    const { profile } = (await within(cdp.send('Profiler.stop'), 30_000, 'Profiler.stop')) as { profile: Profile };
    await cdp.detach().catch(() => {});
    return hotFunctions(profile, opts.maps, opts.top ?? 6);
  } catch (err) {
    return `profile failed: ${(err as Error).message.split('\n')[0]}`;
  }
}

/** Script time of the long animation frames of a window, by entry point, largest first. */
export function loafEntryPoints(loafs: readonly Loaf[], maps: SourceMaps | undefined, top: number): string {
  const by = new Map<string, { ms: number; layout: number; frames: number }>();
  let render = 0;
  for (const f of loafs) {
    render += f.render;
    for (const sc of f.scripts) {
      const place = sc.url && sc.pos >= 0 && maps ? maps.lookupOffset(sc.url, sc.pos) : undefined;
      const key = `${sc.invoker || sc.name || '?'}${place ? ` (${place.name ? `${place.name} ` : ''}${place.where})` : ''}`;
      const e = by.get(key) ?? { ms: 0, layout: 0, frames: 0 };
      e.ms += sc.duration;
      e.layout += sc.layout;
      e.frames += 1;
      by.set(key, e);
    }
  }
  const parts = [...by.entries()]
    .sort((a, b) => b[1].ms - a[1].ms)
    .slice(0, top)
    .map(([k, e]) => `${k}: ${Math.round(e.ms)} ms in ${e.frames} (forced layout ${Math.round(e.layout)} ms)`);
  parts.push(`style/layout/paint at frame ends: ${Math.round(render)} ms`);
  return `${loafs.length} long frames; ${parts.join('; ')}`;
}
