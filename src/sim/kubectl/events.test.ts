/**
 * `kubectl events` (issue 9 point 9): kubernetes/kubectl pkg/cmd/events/events.go (Run: filters,
 * SortableEvents, "No events found in NS namespace."), event_printer.go (printOneEvent: OBJECT
 * `Kind/name`; getInterval: `(xN over M)`).
 */
import { describe, expect, it } from 'vitest';
import { parseCommand } from '../commands/parse';
import { runCommand } from '../commands/run';
import { kubectlOutput } from './run';
import { bareEngine } from './testkit';

function withEvents() {
  const e = bareEngine();
  const node = { kind: 'Node', name: 'node2', uid: 'node2' };
  const pod = { kind: 'Pod', name: 'web-1', namespace: 'default', uid: 'uid-web-1' };
  e.state.now = -40_000;
  e.event(node, 'Normal', 'NodeNotReady', 'Node node2 status is now: NodeNotReady', 'node-controller', 0);
  e.state.now = -30_000;
  e.event(pod, 'Warning', 'NodeNotReady', 'Node is not ready', 'node-controller', 0);
  e.state.now = -10_000;
  e.event(node, 'Normal', 'NodeNotReady', 'Node node2 status is now: NodeNotReady', 'node-controller', 0);
  e.state.now = 0;
  return e;
}

describe('kubectl events', () => {
  it('sorts by last time and prints (xN over M) and Kind/name', () => {
    expect(kubectlOutput(withEvents(), 'kubectl events')).toBe(
      [
        'LAST SEEN           TYPE      REASON         OBJECT       MESSAGE',
        '30s                 Warning   NodeNotReady   Pod/web-1    Node is not ready',
        '10s (x2 over 40s)   Normal    NodeNotReady   Node/node2   Node node2 status is now: NodeNotReady',
      ].join('\n'),
    );
  });

  it('filters with --for and --types, says when there are none, and adds NAMESPACE with -A', () => {
    const e = withEvents();
    expect(kubectlOutput(e, 'kubectl events --for pod/web-1').split('\n')).toHaveLength(2);
    expect(kubectlOutput(e, 'kubectl events --types=warning').split('\n')[1]).toMatch(/^30s\s+Warning/);
    expect(kubectlOutput(e, 'kubectl events -n kube-system')).toBe('No events found in kube-system namespace.');
    expect(kubectlOutput(e, 'kubectl events -A').split('\n')[0]).toMatch(/^NAMESPACE\s+LAST SEEN\s+TYPE/);
  });

  it('is a read-only command of the language, refused with kubectl texts', () => {
    expect(parseCommand('kubectl events --types=Info')).toEqual({
      ok: false,
      error: 'error: valid --types are Normal or Warning',
    });
    expect(parseCommand('kubectl events --for web-1')).toEqual({
      ok: false,
      error: 'error: --for must be in resource/name form',
    });
    const r = runCommand(withEvents(), 'kubectl events --for node/node2');
    expect(r.ok).toBe(true);
    expect(r.canonical).toBe('kubectl events --for node/node2');
  });
});
