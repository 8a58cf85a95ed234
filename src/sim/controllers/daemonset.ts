// STUB: replace with the real controller.
import type { SimModule } from '../core/engine';
export const daemonsetModule: SimModule = { name: 'daemonset' };
