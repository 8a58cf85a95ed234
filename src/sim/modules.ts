/**
 * Every behaviour module, in registration order. Order matters only for watches on the same kind,
 * which run in this order within one write.
 */
import type { SimModule } from './core/engine';
import { bootstrapModule } from './scenario/bootstrap';
import { hostModule } from './host/module';
import { kubeletModule } from './kubelet/module';
import { runtimeModule } from './runtime/module';
import { controlPlaneModule } from './controllers/control-plane';
import { nodeLifecycleModule } from './controllers/node-lifecycle';
import { taintEvictionModule } from './controllers/taint-eviction';
import { podgcModule } from './controllers/podgc';
import { replicasetModule } from './controllers/replicaset';
import { deploymentModule } from './controllers/deployment';
import { statefulsetModule } from './controllers/statefulset';
import { daemonsetModule } from './controllers/daemonset';
import { endpointsliceModule } from './controllers/endpointslice';
import { garbageCollectorModule } from './controllers/garbage-collector';
import { schedulerModule } from './controllers/scheduler';

export const MODULES: readonly SimModule[] = [
  bootstrapModule,
  hostModule,
  runtimeModule,
  kubeletModule,
  controlPlaneModule,
  nodeLifecycleModule,
  taintEvictionModule,
  podgcModule,
  replicasetModule,
  deploymentModule,
  statefulsetModule,
  daemonsetModule,
  endpointsliceModule,
  garbageCollectorModule,
  schedulerModule,
];
