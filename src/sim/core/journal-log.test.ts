import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CopyOnWrite } from './copy-on-write';
import {
  appendJournal,
  emptyJournal,
  JOURNAL_CHUNK,
  type JournalLog,
  journalEntries,
  journalLength,
  journalLine,
} from './journal-log';
import type { JournalLine } from './state';

const line = (i: number): JournalLine => ({ t: i, unit: 'kubelet', ident: 'systemd[1]', text: `line ${i}` });

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
              appendJournal(cow, host, l, keep, slack);
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
    for (let i = 0; i < 500; i++) appendJournal(cow, host, line(i), 500, 50);
    const kept = host.journal;
    cow.shareAll();
    appendJournal(cow, host, line(500), 500, 50);
    expect(host.journal).not.toBe(kept);
    expect(host.journal.chunks.length).toBe(kept.chunks.length);
    host.journal.chunks.forEach((c, i) => expect(c).toBe(kept.chunks[i]));
    expect(kept.tail.length).toBe(500 % JOURNAL_CHUNK);
    expect(journalLength(kept)).toBe(500);
    expect(journalLength(host.journal)).toBe(501);
  });
});
