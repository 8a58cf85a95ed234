/**
 * node-lifecycle-controller `reconcileNodeLabels` (node_lifecycle_controller.go, run with the
 * NoSchedule tainting pass on every Node change): the deprecated beta.kubernetes.io/os and
 * beta.kubernetes.io/arch labels follow kubernetes.io/os and kubernetes.io/arch (labelReconcileInfo,
 * ensureSecondaryExists). The kubelet already sets both at registration (kubelet/registration.ts);
 * this keeps them equal when someone edits one.
 *
 * Cause `what` prefixes: `labels reconciled`.
 */
import type { Engine } from '../core/engine';

const LABEL_RECONCILE_INFO: [primary: string, secondary: string][] = [
  ['kubernetes.io/os', 'beta.kubernetes.io/os'],
  ['kubernetes.io/arch', 'beta.kubernetes.io/arch'],
];

/** reconcileNodeLabels for one node: write the secondary labels that differ from their primaries. */
export function reconcileNodeLabels(e: Engine, nodeName: string): void {
  const node = e.get('Node', nodeName);
  if (!node) return;
  const update: Record<string, string> = {};
  for (const [primary, secondary] of LABEL_RECONCILE_INFO) {
    const value = node.metadata.labels[primary];
    if (value !== undefined && node.metadata.labels[secondary] !== value) update[secondary] = value;
  }
  if (Object.keys(update).length === 0) return;
  const c = e.cause({
    actor: 'node-lifecycle-controller',
    what: `labels reconciled on ${nodeName}: ${Object.keys(update).sort().join(', ')}`,
    rule: 'reconcileNodeLabels: beta.kubernetes.io/os and /arch follow kubernetes.io/os and /arch',
    parents: [e.lastCause(`Node/${nodeName}`) ?? 0],
  });
  e.put(
    { ...node, metadata: { ...node.metadata, labels: { ...node.metadata.labels, ...update } } },
    'labels reconciled',
    c,
  );
}
