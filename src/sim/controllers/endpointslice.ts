// STUB: replace with the real controller.
import type { SimModule } from '../core/engine';
export const endpointsliceModule: SimModule = { name: 'endpointslice' };
