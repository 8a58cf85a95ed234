import { describe, expect, it } from 'vitest';
import { emptyJournal, journalBody, journalEntries, journalLength, journalLine } from '../core/journal-log';
import type { JournalBody, JournalLine, KlogJournalLine } from '../core/state';
import { sim } from '../kubelet/testkit';
import { klogStamp } from './clock';
import { JOURNAL_KEEP, JOURNAL_SLACK, journalctl, journalText, logBoot, logLine, logRaw } from './journal';
import { cutNetwork } from './network';

describe('journal', () => {
  it('renders klog, raw and boot entries as journalctl prints them', () => {
    const s = sim();
    const e = s.engine;
    s.advanceTo(62_123);
    const pid = e.state.hosts.node1?.services.kubelet?.pid;
    logLine(e, 'node1', 'kubelet', 'E', 'kubelet_node_status.go:548', '"Error updating node status, will retry"');
    logRaw(e, 'node1', 'kubelet', 'Stopped kubelet.service - kubelet: The Kubernetes Node Agent.');
    logBoot(e, 'node1', 'kubelet', '1f2e-3d4c');
    const tail = journalctl(e, 'node1', 'kubelet').split('\n').slice(-3);
    expect(tail).toEqual([
      `Jun 02 09:01:02 node1 kubelet[${pid}]: E${klogStamp(62_123)} ${String(pid).padStart(7, ' ')} kubelet_node_status.go:548] "Error updating node status, will retry"`,
      'Jun 02 09:01:02 node1 systemd[1]: Stopped kubelet.service - kubelet: The Kubernetes Node Agent.',
      '-- Boot 1f2e3d4c --',
    ]);
    expect(tail[0]).toMatch(/^Jun 02 09:01:02 node1 kubelet\[\d+\]: E0602 09:01:02\.123\d{3} +\d+ kubelet_node_status/);
  });

  it('keeps the pid a line was written with, after the unit restarts', () => {
    const s = sim();
    const e = s.engine;
    const h = e.state.hosts.node1;
    const kubelet = h?.services.kubelet;
    if (!h || !kubelet) throw new Error('no kubelet');
    logLine(e, 'node1', 'kubelet', 'I', 'x.go:1', '"before"');
    const before = kubelet.pid;
    e.cow.field(h, 'services').kubelet = { ...kubelet, pid: before + 1000 };
    const line = journalctl(e, 'node1', 'kubelet')
      .split('\n')
      .find((l) => l.endsWith('"before"'));
    expect(line).toContain(`kubelet[${before}]:`);
  });

  it('a kubelet cut off from the API logs its lease failures as klog lines', () => {
    const s = sim();
    const e = s.engine;
    cutNetwork(e, 'node1', 0);
    s.advanceTo(5 * 60_000);
    const lines = journalEntries(e.state.hosts.node1?.journal ?? emptyJournal()).filter(
      (l): l is KlogJournalLine => 'msg' in l && l.msg.startsWith('"Failed to update lease"'),
    );
    expect(lines.length).toBeGreaterThan(10);
    expect(journalText('node1', lines[0] as KlogJournalLine)).toContain(
      'controller.go:145] "Failed to update lease" err=',
    );
  });

  it('a failing kubelet repeats its messages: equal entries share one body object', () => {
    const s = sim();
    const e = s.engine;
    cutNetwork(e, 'node1', 0);
    s.advanceTo(30 * 60_000);
    const j = e.state.hosts.node1?.journal ?? emptyJournal();
    const bodies: JournalBody[] = [];
    for (let i = 0; i < journalLength(j); i++) bodies.push(journalBody(j, i) as JournalBody);
    expect(bodies.length).toBeGreaterThan(300);
    // The node status retries, "Unable to update node status" and the lease failures come back
    // more than 8 entries apart: each distinct line is one object all the same.
    const contents = new Set(bodies.map((b) => JSON.stringify(b)));
    expect(new Set(bodies).size).toBe(contents.size);
  });

  it('stays bounded: past JOURNAL_KEEP + JOURNAL_SLACK lines the oldest go, JOURNAL_KEEP stay', () => {
    const s = sim();
    const e = s.engine;
    const j = () => e.state.hosts.node2?.journal ?? emptyJournal();
    let i = 0;
    let before = 0;
    // Write until the journal shrinks: it does once, when a line would make it JOURNAL_KEEP + JOURNAL_SLACK + 1.
    do {
      before = journalLength(j());
      logRaw(e, 'node2', 'kubelet', `line ${i++}`);
    } while (journalLength(j()) > before);
    expect(before).toBe(JOURNAL_KEEP + JOURNAL_SLACK);
    expect(journalLength(j())).toBe(JOURNAL_KEEP);
    expect(journalText('node2', journalLine(j(), JOURNAL_KEEP - 1) as JournalLine)).toContain(`line ${i - 1}`);
    expect(journalText('node2', journalLine(j(), 0) as JournalLine)).toContain(`line ${i - JOURNAL_KEEP}`);
  });
});
