import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CopyOnWrite } from './copy-on-write';
import {
  appendJournal,
  emptyJournal,
  JOURNAL_CHUNK,
  type JournalLog,
  journalBody,
  journalEntries,
  journalLength,
  journalLine,
} from './journal-log';
import type { JournalLine } from './state';

/** Entry `i`: every third repeats the body of the one before it (a failing kubelet's messages). */
const line = (i: number): JournalLine => ({
  t: i,
  unit: 'kubelet',
  ident: 'systemd[1]',
  text: `line ${i - (i % 3 === 2 ? 1 : 0)}`,
});

function deepFreeze(o: unknown): void {
  if (typeof o !== 'object' || o === null || Object.isFrozen(o)) return;
  Object.freeze(o);
  for (const v of Object.values(o)) deepFreeze(v);
}

describe('the journal log (host journals in shared chunks)', () => {
  it('keeps exactly the lines an array cut back by splice keeps, and checkpoints never change', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 120 }),
        fc.integer({ min: 0, max: 40 }),
        fc.array(fc.integer({ min: 1, max: 90 }), { minLength: 1, maxLength: 12 }),
        (keep, slack, bursts) => {
          const cow = new CopyOnWrite();
          const host = { journal: emptyJournal() };
          const reference: JournalLine[] = [];
          const checkpoints: { kept: JournalLog; lines: JournalLine[] }[] = [];
          let n = 0;
          for (const burst of bursts) {
            for (let k = 0; k < burst; k++) {
              const l = line(n++);
              const { t, ...body } = l;
              appendJournal(cow, host, t, body, keep, slack);
              // The array model it replaces (host/journal.ts before the chunks).
              reference.push(l);
              if (reference.length > keep + slack) reference.splice(0, reference.length - keep);
              expect(journalLength(host.journal)).toBe(reference.length);
            }
            expect(journalEntries(host.journal)).toEqual(reference);
            expect(journalLine(host.journal, reference.length)).toBeUndefined();
            expect(journalLine(host.journal, -1)).toBeUndefined();
            // A checkpoint: the record as it is, frozen; the live side copies before its next write.
            const kept = host.journal;
            deepFreeze(kept);
            checkpoints.push({ kept, lines: [...reference] });
            cow.shareAll();
          }
          for (const c of checkpoints) expect(journalEntries(c.kept)).toEqual(c.lines);
        },
      ),
    );
  });

  it('a checkpoint and the live journal share the full chunks: a line after it copies the tail only', () => {
    const cow = new CopyOnWrite();
    const host = { journal: emptyJournal() };
    const add = (i: number) => {
      const { t, ...body } = line(i);
      appendJournal(cow, host, t, body, 500, 50);
    };
    for (let i = 0; i < 500; i++) add(i);
    const kept = host.journal;
    cow.shareAll();
    add(500);
    expect(host.journal).not.toBe(kept);
    expect(host.journal.chunks.length).toBe(kept.chunks.length);
    for (const [i, c] of host.journal.chunks.entries()) expect(c).toBe(kept.chunks[i]);
    expect(kept.tail.at.length).toBe(500 % JOURNAL_CHUNK);
    // An entry whose body equals the one before holds that body, not a record of its own.
    expect(journalBody(kept, 2)).toBe(journalBody(kept, 1));
    expect(journalBody(kept, 3)).not.toBe(journalBody(kept, 2));
    expect(kept.written).toBe(500);
    expect(journalLength(kept)).toBe(500);
    expect(journalLength(host.journal)).toBe(501);
  });
});
