// STUB: owned by the kubelet/host engineer; replace with the real implementation.
import type { Engine } from '../core/engine';
export function bootHost(_e: Engine, _name: string, _cause: number, _delay: number): void {}
