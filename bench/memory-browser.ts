/**
 * Worker memory at 5,000 nodes in the browser (issue 13), where the engine worker really runs:
 * the production build opens the 5,000-node built-in (zone-down-5000, 150,000 pods) in headless
 * Chromium; once it is ready at 0, the worker plays to 30, 60, 90 and 120 simulated minutes at its
 * top speed (the `seek` the timeline sends, through the `?e2e=1` hook, which also goes past the
 * scenario's 30-minute end), and its heap is read after two forced garbage collections, from the
 * worker itself over the Chrome DevTools Protocol (`HeapProfiler.collectGarbage`,
 * `Runtime.getHeapUsage`): twice, 3 s apart once the page has settled, the lower kept.
 *
 * Why here and not only in Node (bench/memory-big.ts runs the same runner there): Chromium's V8
 * compresses pointers to 4 bytes and Node 20's does not, so the same objects take about half the
 * heap here (1,000,000 small records measured 61 MB in Chromium, 122 MB in Node on this machine).
 * The Node figure stays a row of its own, for comparison with earlier runs.
 *
 * Then it seeks to the same random targets in those 2 hours as bench/memory-big.ts (the engine's
 * seek alone, in Node), as the timeline sends them: wall ms until the page's clock shows the
 * target and no seek is under way (the restore, the replay and the page's new snapshot).
 */
import type { Browser, CDPSession, Page } from '@playwright/test';
import { targets } from './memory';
import { SEEK_SEED, SEEKS } from './memory-big-seeks';
import { type BenchRow, thousands } from './rows';
import { parseClock, trace, waitUntil } from './ui-page';

const MIB = 1024 * 1024;
const MINUTE = 60_000;
const READINGS = [30, 60, 90, 120];
const SCENARIO = 'zone-down-5000';
/** The start (~1–2 minutes here) and each half hour of play must end within these. */
const READY_TIMEOUT_MS = 10 * MINUTE;
const READING_TIMEOUT_MS = 10 * MINUTE;
/** Wall ms the page is left alone before each of a reading's two heap reads. */
const SETTLE_MS = 3000;

/** The engine worker's CDP session: commands sent through the page's session (Target.sendMessageToTarget). */
class WorkerProtocol {
  private session: string | undefined;
  private seq = 0;
  private readonly pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();

  private constructor(private readonly cdp: CDPSession) {
    cdp.on('Target.attachedToTarget', (e: { sessionId: string; targetInfo: { type: string; url: string } }) => {
      if (e.targetInfo.type === 'worker' && e.targetInfo.url.includes('sim.worker')) this.session = e.sessionId;
    });
    cdp.on('Target.receivedMessageFromTarget', (e: { sessionId: string; message: string }) => {
      const m = JSON.parse(e.message) as { id?: number; result?: unknown; error?: { message: string } };
      const p = m.id === undefined ? undefined : this.pending.get(m.id);
      if (!p || m.id === undefined) return;
      this.pending.delete(m.id);
      if (m.error) p.reject(new Error(m.error.message));
      else p.resolve(m.result);
    });
  }

  /** Attaches to the page's workers as they start (before navigation, so the engine's is seen). */
  static async of(page: Page): Promise<WorkerProtocol> {
    const cdp = await page.context().newCDPSession(page);
    const w = new WorkerProtocol(cdp);
    await cdp.send('Target.setAutoAttach', { autoAttach: true, waitForDebuggerOnStart: false, flatten: false });
    return w;
  }

  get attached(): boolean {
    return this.session !== undefined;
  }

  send<T>(method: string, params: object = {}): Promise<T> {
    const sessionId = this.session;
    if (!sessionId) return Promise.reject(new Error('the engine worker is not attached'));
    const id = ++this.seq;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      this.cdp
        .send('Target.sendMessageToTarget', { sessionId, message: JSON.stringify({ id, method, params }) })
        .catch(reject);
    });
  }

  /** The worker's used JS heap after two full collections, in MiB (as bench/memory.ts's MB). */
  async heapAfterGc(): Promise<number> {
    await this.send('HeapProfiler.collectGarbage');
    await this.send('HeapProfiler.collectGarbage');
    const u = await this.send<{ usedSize: number }>('Runtime.getHeapUsage');
    return u.usedSize / MIB;
  }
}

interface Reading {
  at: number;
  mib: number;
  /** The cluster's pods then (the overview's accessible name), if it could be read. */
  pods?: number;
  /** Wall ms from the start of play to the clock at `at` (the earlier readings' waits included). */
  playMs: number;
}

/** The pods the overview counts (its canvas's accessible name), or undefined when it is not shown. */
async function overviewPods(page: Page): Promise<number | undefined> {
  const label = await page
    .getByRole('img', { name: /^Overview of / })
    .getAttribute('aria-label', { timeout: 5000 })
    .catch(() => null);
  const m = label ? / and ([\d,]+) pods/.exec(label) : null;
  return m?.[1] ? Number(m[1].replace(/,/g, '')) : undefined;
}

/** The row: the worker's heap at 2 simulated hours, and its growth over the second hour. */
export async function browserWorkerMemoryRows(browser: Browser, origin: string): Promise<BenchRow[]> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 720 } });
  const readings: Reading[] = [];
  /** Each seek: wall ms until it landed (`ms`) and until the overview drew its target (`drawnMs`). */
  const seeks: { target: number; ms: number; drawnMs?: number }[] = [];
  let readyMs: number | undefined;
  let startMib: number | undefined;
  let failure = '';
  try {
    const page = await context.newPage();
    const worker = await WorkerProtocol.of(page);
    const t0 = Date.now();
    await page.goto(`${origin}/?scenario=${SCENARIO}&e2e=1`);
    const play = page.getByRole('button', { name: 'Play', exact: true });
    await waitUntil(
      page,
      'the cluster ready at 0',
      READY_TIMEOUT_MS,
      async () =>
        worker.attached &&
        (await play.count()) > 0 &&
        (await play.isEnabled()) &&
        (await play.getAttribute('aria-disabled')) !== 'true',
    );
    readyMs = Date.now() - t0;
    startMib = await worker.heapAfterGc();
    trace(`worker memory: ready after ${readyMs} ms, ${Math.round(startMib)} MiB`);
    const timer = page.getByRole('timer', { name: 'Simulation time' });
    const p0 = Date.now();
    for (const minutes of READINGS) {
      const at = minutes * MINUTE;
      await page.evaluate((t) => window.__notreadyTest?.seek(t), at);
      await waitUntil(page, `the clock at ${minutes}m`, READING_TIMEOUT_MS, async () => {
        return parseClock((await timer.textContent()) ?? '') === at;
      });
      const playMs = Date.now() - p0;
      // The page then asks for its views of the state just reached (patches): read once that is
      // done, twice a few seconds apart, and keep the lower (what the worker keeps, not what a
      // patch being written holds for a moment).
      await page.waitForTimeout(SETTLE_MS);
      const first = await worker.heapAfterGc();
      await page.waitForTimeout(SETTLE_MS);
      const pods = await overviewPods(page);
      readings.push({
        at,
        mib: Math.min(first, await worker.heapAfterGc()),
        playMs,
        ...(pods === undefined ? {} : { pods }),
      });
      trace(`worker memory: ${minutes}m ${Math.round(readings[readings.length - 1]?.mib ?? 0)} MiB`);
    }
    const seeking = page.locator('.tl-seeking');
    const drawnAt = page.locator('.overview');
    for (const target of targets(SEEKS, 120 * MINUTE, SEEK_SEED)) {
      const s0 = Date.now();
      let drawnMs: number | undefined;
      await page.evaluate((t) => window.__notreadyTest?.seek(t), target);
      await waitUntil(page, `the clock back at ${Math.round(target / 1000)} s`, READING_TIMEOUT_MS, async () => {
        // The overview's moment (its data-at): the seek's target drawn from the run's history
        // while the engine replays, then the engine's own.
        if (
          drawnMs === undefined &&
          Number(await drawnAt.getAttribute('data-at').catch(() => null)) === Math.round(target)
        )
          drawnMs = Date.now() - s0;
        const shown = parseClock((await timer.textContent()) ?? '');
        return Math.abs(shown - target) < 1000 && (await seeking.count()) === 0;
      });
      seeks.push(drawnMs === undefined ? { target, ms: Date.now() - s0 } : { target, ms: Date.now() - s0, drawnMs });
      trace(
        `worker memory: seek to ${Math.round(target / MINUTE)}m in ${seeks[seeks.length - 1]?.ms} ms (drawn after ${drawnMs ?? '-'} ms)`,
      );
    }
  } catch (err) {
    failure = (err as Error).message.split('\n')[0] ?? String(err);
  } finally {
    await context.close().catch(() => {});
  }
  const last = readings[readings.length - 1];
  const hourOne = readings.find((r) => r.at === 60 * MINUTE);
  const complete = last?.at === 120 * MINUTE;
  const growth = complete && hourOne ? (last.mib - hourOne.mib) / hourOne.mib : undefined;
  const list = readings.map((r) => `${r.at / MINUTE}m ${thousands(r.mib)}`).join(', ');
  // The cluster itself grows while the zone is drained (evicted pods stay Terminating on the
  // unreachable nodes, their replacements run elsewhere): said beside the memory's growth.
  const podGrowth =
    complete && hourOne?.pods && last.pods
      ? `; the cluster's pods ${thousands(hourOne.pods)} -> ${thousands(last.pods)} (+${(((last.pods - hourOne.pods) / hourOne.pods) * 100).toFixed(1)}%)`
      : '';
  return [
    {
      what: `worker memory, 5,000 nodes / 150,000 pods (${SCENARIO}), 2 simulated hours at top speed, in the browser (Chromium's engine worker, heap after GC)`,
      measured: last
        ? `${thousands(last.mib)} MB at ${last.at / MINUTE}m (${list} MB; ready at 0 after ${thousands(readyMs ?? 0)} ms, ${thousands(startMib ?? 0)} MB; played in ${thousands(last.playMs)} ms${growth === undefined ? '' : `; second hour ${growth >= 0 ? '+' : ''}${(growth * 100).toFixed(1)}%${podGrowth}`})${failure ? `; ${failure}` : ''}`
        : `no reading${readyMs === undefined ? '' : ` (ready after ${thousands(readyMs)} ms)`}: ${failure || 'nothing measured'}`,
      budget: '<= 2,048 MB, flat in the second hour (<= +5%)',
      ok: complete && last.mib <= 2048 && growth !== undefined && growth <= 0.05,
    },
    {
      what: `  seek anywhere in that run, in the browser (until the page shows the target), max of ${seeks.length} of ${SEEKS}`,
      measured: seeks.length
        ? `${thousands(Math.max(...seeks.map((s) => s.ms)))} ms (${seeks.map((s) => `${Math.round(s.target / MINUTE)}m ${thousands(s.ms)}`).join(', ')} ms)`
        : '-',
      budget: '<= 1,000 ms',
      ok: seeks.length === SEEKS && Math.max(...seeks.map((s) => s.ms)) <= 1000,
    },
    {
      // Not the seek: the kubectl views and commands wait for the engine (the row above).
      what: `  the overview of each seek's target drawn from the run's history, while the engine replays (information), max of ${seeks.length}`,
      measured: seeks.length
        ? seeks.every((s) => s.drawnMs !== undefined)
          ? `${thousands(Math.max(...seeks.map((s) => s.drawnMs ?? 0)))} ms (${seeks.map((s) => `${Math.round(s.target / MINUTE)}m ${thousands(s.drawnMs ?? 0)}`).join(', ')} ms)`
          : `not drawn before landing for ${seeks.filter((s) => s.drawnMs === undefined).length} of ${seeks.length}`
        : '-',
      budget: '',
      ok: undefined,
    },
  ];
}
