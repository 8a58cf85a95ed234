// STUB: replace with the real controller.
import type { SimModule } from '../core/engine';
export const podgcModule: SimModule = { name: 'podgc' };
