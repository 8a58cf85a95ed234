/** The app's zip of an export: the files in a folder, the scripts executable, the learner's commands in. */
import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { loadBuiltins } from '../cli/scenario-files';
import { realExportZip } from './real-export';

describe('realExportZip', () => {
  const eviction = loadBuiltins().find((s) => s.metadata.name === 'eviction');
  if (!eviction) throw new Error('eviction');

  it('zips the kind export of the run so far, with the learner commands and the timeline still to come', () => {
    const log = [
      { at: 30_000, line: 'ssh node2 systemctl stop kubelet' },
      { at: 45_000, line: 'kubectl delete pod db-1 --force' },
    ];
    const out = realExportZip('kind', eviction, log, 60_000);
    expect(out.fileName).toBe('eviction-kind.zip');
    const files = unzipSync(out.zip);
    expect(Object.keys(files).sort()).toEqual([
      'eviction-kind/README.md',
      'eviction-kind/kind-config.yaml',
      'eviction-kind/run.sh',
      'eviction-kind/workloads.yaml',
    ]);
    const script = strFromU8(files['eviction-kind/run.sh'] as Uint8Array);
    expect(script).toContain('kubectl delete pod db-1 --force');
    expect(script).toContain('node_exec eviction-worker2 systemctl start kubelet');
    expect(out.hazards).toEqual([]);
  });

  it('marks scripts executable in the zip (Unix mode in the external attributes)', () => {
    const { zip } = realExportZip('litmus', eviction, [], 0);
    // The central directory entry of timeline.sh: made by Unix (3), mode 0755 in the high 16 bits.
    const text = strFromU8(zip, true);
    const at = text.lastIndexOf('eviction-litmus/timeline.sh');
    const header = text.lastIndexOf('PK\x01\x02', at);
    const view = new DataView(zip.buffer, zip.byteOffset + header);
    expect(view.getUint8(5)).toBe(3);
    expect((view.getUint32(38, true) >>> 16) & 0o777).toBe(0o755);
  });
});
