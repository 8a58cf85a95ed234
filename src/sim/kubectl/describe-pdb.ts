/**
 * `kubectl describe pdb` as kubectl prints it (kubernetes/kubectl pkg/describe/describe.go
 * `describePodDisruptionBudgetV1`): Name, Namespace, `Min available` or else `Max unavailable`
 * (IntOrString.String()), Selector (metav1.FormatLabelSelector: `<none>` when empty, `<unset>`
 * without one), then Status with Allowed disruptions, Current, Desired and Total, and the Events.
 */
import type { PodDisruptionBudget } from '../core/api-types';
import type { Engine } from '../core/engine';
import { pushAll } from '../core/lists';
import { type EventsByObject, eventsBlock, eventsFor } from './describe-common';
import { describeText } from './table';

export function describePdb(e: Engine, pdb: PodDisruptionBudget, events?: EventsByObject): string {
  const m = pdb.metadata;
  const lines = [`Name:\t${m.name}`, `Namespace:\t${m.namespace ?? 'default'}`];
  if (pdb.spec.minAvailable !== undefined) lines.push(`Min available:\t${pdb.spec.minAvailable}`);
  else if (pdb.spec.maxUnavailable !== undefined) lines.push(`Max unavailable:\t${pdb.spec.maxUnavailable}`);
  const sel = pdb.spec.selector;
  if (sel) {
    const text = Object.keys(sel.matchLabels)
      .sort()
      .map((k) => `${k}=${sel.matchLabels[k]}`)
      .join(',');
    lines.push(`Selector:\t${text || '<none>'}`);
  } else lines.push('Selector:\t<unset>');
  const st = pdb.status;
  lines.push(
    'Status:',
    `    Allowed disruptions:\t${st.disruptionsAllowed}`,
    `    Current:\t${st.currentHealthy}`,
    `    Desired:\t${st.desiredHealthy}`,
    `    Total:\t${st.expectedPods}`,
  );
  const ref = { kind: 'PodDisruptionBudget', name: m.name, namespace: m.namespace, uid: m.uid };
  pushAll(lines, eventsBlock(eventsFor(e, ref, events), e.now));
  return describeText(lines.join('\n'));
}
