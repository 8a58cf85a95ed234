/**
 * The autoscaler's moments as chapters of the run's story (core/chapters.ts): a group scaled up,
 * a node being removed, an unregistered machine removed, the autoscaler stopping or resuming for
 * the cluster's health. Labels in plain words, names as kubectl and the cloud print them.
 */

import { causeAt } from '../core/cause-log';
import { addChapter, fromCause } from '../core/chapters';
import type { Engine } from '../core/engine';

export function scaleUpChapter(e: Engine, group: string, from: number, to: number, cause: number): void {
  addChapter(e, {
    label: `node group ${group} ${from}→${to}`,
    kind: 'other',
    ref: `NodeGroup/${group}`,
    ...fromCause(causeAt(e.state.causes, cause)),
  });
}

export function scaleDownChapter(e: Engine, node: string, cause: number): void {
  addChapter(e, {
    label: `${node} being removed (scale-down)`,
    kind: 'delete',
    ref: `Node/${node}`,
    node,
    ...fromCause(causeAt(e.state.causes, cause)),
  });
}

export function unregisteredRemovedChapter(e: Engine, host: string, cause: number): void {
  addChapter(e, {
    label: `${host}'s machine removed (no Node)`,
    kind: 'delete',
    ref: `Host/${host}`,
    node: host,
    ...fromCause(causeAt(e.state.causes, cause)),
  });
}

export function healthChapter(e: Engine, healthy: boolean, cause: number): void {
  addChapter(e, {
    label: healthy ? 'autoscaler acts again (cluster healthy)' : 'autoscaler stops (cluster unhealthy)',
    kind: healthy ? 'recover' : 'detect',
    ref: 'Cluster',
    ...fromCause(causeAt(e.state.causes, cause)),
  });
}
