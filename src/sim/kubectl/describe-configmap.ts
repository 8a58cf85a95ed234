/**
 * `kubectl describe configmap` as kubectl 1.33 prints it (kubernetes/kubectl v0.33.0
 * pkg/describe/describe.go `ConfigMapDescriber.Describe`): Name, Namespace, Labels, Annotations,
 * then `Data` with each key, `----` and its value followed by an empty line, `BinaryData`, and the
 * Events. The value is printed as stored, with its own final newline (the autoscaler's YAML has one).
 */
import type { ConfigMap } from '../core/api-types';
import type { Engine } from '../core/engine';
import { pushAll } from '../core/lists';
import { annotationsMultiline, type EventsByObject, eventsBlock, eventsFor, labelsMultiline } from './describe-common';
import { describeText } from './table';

export function describeConfigMap(e: Engine, cm: ConfigMap, events?: EventsByObject): string {
  const m = cm.metadata;
  const lines = [
    `Name:\t${m.name}`,
    `Namespace:\t${m.namespace ?? 'default'}`,
    ...labelsMultiline('Labels', m.labels),
    ...annotationsMultiline('Annotations', m.annotations),
    '',
    'Data',
    '====',
  ];
  // kubectl 1.33 ranges over the map (random order); keys are sorted since kubectl 1.34.
  for (const k of Object.keys(cm.data).sort()) lines.push(`${k}:`, '----', `${cm.data[k]}`, '');
  lines.push('', 'BinaryData', '====', '');
  pushAll(
    lines,
    eventsBlock(eventsFor(e, { kind: 'ConfigMap', name: m.name, namespace: m.namespace, uid: m.uid }, events), e.now),
  );
  return describeText(lines.join('\n'));
}
