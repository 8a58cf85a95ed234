/**
 * The host operations commands drive (src/sim/host/, owned by the kubelet/host engineer). Each
 * returns `{ ok, output }` with what the shell would print; this file maps command kinds to them.
 */
import type { Engine } from '../core/engine';
import { editManifestImage, moveFile } from '../host/files';
import { journalctl } from '../host/journal';
import { cutNetwork, healNetwork } from '../host/network';
import { type HostCommandResult, powerOff, powerOn, reboot } from '../host/power';
import { systemctl } from '../host/systemctl';

export type HostOpResult = HostCommandResult;

const OPS = {
  powerOn: (e: Engine, a: string[], c: number) => powerOn(e, a[0] ?? '', c),
  powerOff: (e: Engine, a: string[], c: number) => powerOff(e, a[0] ?? '', c),
  reboot: (e: Engine, a: string[], c: number) => reboot(e, a[0] ?? '', c),
  cutNetwork: (e: Engine, a: string[], c: number) => cutNetwork(e, a[0] ?? '', c),
  healNetwork: (e: Engine, a: string[], c: number) => healNetwork(e, a[0] ?? '', c),
  systemctl: (e: Engine, a: string[], c: number) => systemctl(e, a[0] ?? '', a[1] ?? '', a[2] ?? '', c),
  moveFile: (e: Engine, a: string[], c: number) => moveFile(e, a[0] ?? '', a[1] ?? '', a[2] ?? '', c),
  editManifestImage: (e: Engine, a: string[], c: number) =>
    editManifestImage(e, a[0] ?? '', a[1] ?? '', a[2] ?? '', a[3] ?? '', c),
} as const;

/** Run a host operation with the user's cause; the host module records its own child causes. */
export function hostOp(name: keyof typeof OPS, e: Engine, args: readonly string[], cause: number): HostOpResult {
  return OPS[name](e, [...args], cause);
}

/** `journalctl -u UNIT` on a host. */
export function hostJournal(e: Engine, node: string, unit: string): string {
  return journalctl(e, node, unit);
}
