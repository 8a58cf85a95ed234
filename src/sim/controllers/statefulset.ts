// STUB: replace with the real controller.
import type { SimModule } from '../core/engine';
export const statefulsetModule: SimModule = { name: 'statefulset' };
