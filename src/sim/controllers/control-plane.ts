// STUB: replace with the real controller.
import type { SimModule } from '../core/engine';
export const controlPlaneModule: SimModule = { name: 'control-plane' };
