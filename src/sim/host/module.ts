/**
 * The host module: power-on and unit-start timers, calico-node's retry timer. Hosts are the
 * ground truth (power, processes, containers, files); everything else reads them.
 */
import type { SimModule } from '../core/engine';
import { calicoModule } from './calico';
import { powerOnTimer, unitStartTimer } from './power';

export { editManifestImage, moveFile } from './files';
export { journalctl, logLine } from './journal';
export { cutNetwork, healNetwork } from './network';
export { bootHost, powerOff, powerOn, reboot } from './power';
export { systemctl } from './systemctl';

export const hostModule: SimModule = {
  name: 'host',
  timers: {
    'host.power-on': (e, t) => powerOnTimer(e, t.target),
    'host.unit-start': (e, t) => unitStartTimer(e, t.target),
    ...calicoModule.timers,
  },
};
