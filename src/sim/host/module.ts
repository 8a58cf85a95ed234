// STUB: owned by the kubelet/host engineer.
import type { SimModule } from '../core/engine';
export const hostModule: SimModule = { name: 'host' };
