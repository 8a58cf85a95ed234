/**
 * Every behaviour module, in registration order. Order matters only for watches on the same kind,
 * which run in this order within one write.
 */

import { ownerIndexModule } from './api/owner-index';
import { autoscalerModule } from './autoscaler/module';
import { cloudModule } from './cloud/module';
import { runningCommandsModule } from './commands/running';
import { attachDetachModule } from './controllers/attach-detach';
import { cloudNodeModule } from './controllers/cloud-node';
import { cloudNodeLifecycleModule } from './controllers/cloud-node-lifecycle';
import { controlPlaneModule } from './controllers/control-plane';
import { daemonsetModule } from './controllers/daemonset';
import { deploymentModule } from './controllers/deployment';
import { disruptionModule } from './controllers/disruption';
import { endpointsliceModule } from './controllers/endpointslice';
import { garbageCollectorModule } from './controllers/garbage-collector';
import { nodeLifecycleModule } from './controllers/node-lifecycle';
import { podgcModule } from './controllers/podgc';
import { replicasetModule } from './controllers/replicaset';
import { schedulerModule } from './controllers/scheduler';
import { statefulsetModule } from './controllers/statefulset';
import { taintEvictionModule } from './controllers/taint-eviction';
import type { SimModule } from './core/engine';
import { hostModule } from './host/module';
import { kubeletModule } from './kubelet/module';
import { runtimeModule } from './runtime/module';
import { bootstrapModule } from './scenario/bootstrap';
import { storyModule } from './story/watch';

export const MODULES: readonly SimModule[] = [
  // First: the owner index sees each Pod write before any watcher reads it or writes in response.
  ownerIndexModule,
  // Then, so that it sees each write before the writes other watchers make in response.
  storyModule,
  bootstrapModule,
  hostModule,
  cloudModule,
  runtimeModule,
  kubeletModule,
  controlPlaneModule,
  nodeLifecycleModule,
  cloudNodeModule,
  cloudNodeLifecycleModule,
  autoscalerModule,
  taintEvictionModule,
  podgcModule,
  replicasetModule,
  deploymentModule,
  statefulsetModule,
  daemonsetModule,
  disruptionModule,
  endpointsliceModule,
  attachDetachModule,
  garbageCollectorModule,
  schedulerModule,
  runningCommandsModule,
];
