/**
 * `kubectl describe pod` (describe.go describePod [C], reference 3.1, 3.3, 12; seed 003):
 * no `Service Account` line for mirror pods, `Node: node2/192.168.56.12`, `Controlled By:
 * ReplicaSet/web-7d9c` or `Node/node2`, `Status: Terminating (lasts 2m)` while deleting, the
 * Containers block, the Conditions table and Tolerations, then Events.
 */
import type {
  ContainerSpec,
  ContainerState,
  ContainerStatus,
  Pod,
  PodTemplate,
  Probe,
  Volume,
} from '../core/api-types';
import { rfc1123z } from '../core/dates';
import type { Engine } from '../core/engine';
import { pushAll } from '../core/lists';
import { since } from './age';
import {
  annotationsMultiline,
  cpuQuantity,
  type EventsByObject,
  eventsBlock,
  eventsFor,
  L1,
  L2,
  L3,
  labelsMultiline,
  memoryQuantity,
  tolerationsMultiline,
} from './describe-common';
import { controllerOf, isMirrorPod } from './status';
import { describeText } from './table';

function portsString(c: ContainerSpec, host: boolean): string {
  const ports = c.ports ?? [];
  return ports.map((p) => `${host ? 0 : p.containerPort}/${p.protocol ?? 'TCP'}`).join(', ');
}

/** describeStatus (describe.go): Running, Waiting (reason only) or Terminated with its details. */
function stateLines(title: string, st: ContainerState): string[] {
  if ('running' in st) return [`${L2}${title}:\tRunning`, `${L3}Started:\t${rfc1123z(st.running.startedAt)}`];
  if ('waiting' in st) {
    const out = [`${L2}${title}:\tWaiting`];
    if (st.waiting.reason) out.push(`${L3}Reason:\t${st.waiting.reason}`);
    return out;
  }
  const t = st.terminated;
  const out = [`${L2}${title}:\tTerminated`];
  if (t.reason) out.push(`${L3}Reason:\t${t.reason}`);
  if (t.message) out.push(`${L3}Message:\t${t.message}`);
  out.push(`${L3}Exit Code:\t${t.exitCode}`);
  out.push(`${L3}Started:\t${t.startedAt !== undefined ? rfc1123z(t.startedAt) : 'Thu, 01 Jan 1970 00:00:00 +0000'}`);
  out.push(`${L3}Finished:\t${rfc1123z(t.finishedAt)}`);
  return out;
}

/**
 * DescribeProbe (describe.go): `http-get http://:8080/healthz delay=0s timeout=1s period=10s
 * #success=1 #failure=3`, `exec [cat /tmp/healthy] ...` (Go's %v of a string slice),
 * `tcp-socket :6379 ...`.
 */
export function describeProbe(p: Probe): string {
  const attrs = `delay=${p.initialDelaySeconds}s timeout=${p.timeoutSeconds}s period=${p.periodSeconds}s #success=${p.successThreshold} #failure=${p.failureThreshold}`;
  if (p.exec) return `exec [${p.exec.command.join(' ')}] ${attrs}`;
  if (p.httpGet) {
    const host = p.httpGet.host ?? '';
    const port = String(p.httpGet.port);
    // net.JoinHostPort, then url.URL.String (a path gets its leading slash).
    const hostPort = `${host.includes(':') ? `[${host}]` : host}:${port}`;
    const path = p.httpGet.path && !p.httpGet.path.startsWith('/') ? `/${p.httpGet.path}` : p.httpGet.path;
    return `http-get ${p.httpGet.scheme.toLowerCase()}://${hostPort}${path} ${attrs}`;
  }
  if (p.tcpSocket) return `tcp-socket ${p.tcpSocket.host ?? ''}:${String(p.tcpSocket.port)} ${attrs}`;
  return `unknown ${attrs}`;
}

/**
 * The Containers block (describeContainers). With `statuses` undefined (a pod template), the
 * status lines are left out, as for describe deployment's Pod Template. `indent` applies to the
 * `Containers:` title only, plus one space before container names (describe.go's `space`).
 */
export function containersBlock(
  containers: readonly ContainerSpec[],
  statuses: readonly ContainerStatus[] | undefined,
  indent = '',
): string[] {
  const lines = [`${indent}Containers:`];
  const nameIndent = indent ? ' ' : '';
  for (const c of containers) {
    const cs = statuses?.find((s) => s.name === c.name);
    lines.push(`${L1}${nameIndent}${c.name}:`);
    if (cs) lines.push(`${L2}Container ID:\t${cs.containerID ?? ''}`);
    lines.push(`${L2}Image:\t${c.image}`);
    if (cs) lines.push(`${L2}Image ID:\t${cs.imageID ?? ''}`);
    const ports = portsString(c, false);
    lines.push(`${L2}${ports.includes(',') ? 'Ports' : 'Port'}:\t${ports || '<none>'}`);
    const hostPorts = portsString(c, true);
    lines.push(`${L2}${hostPorts.includes(',') ? 'Host Ports' : 'Host Port'}:\t${hostPorts || '<none>'}`);
    // describeContainerCommand: one line per word, each line of a word on its own.
    for (const [title, words] of [
      ['Command', c.command],
      ['Args', c.args],
    ] as const) {
      if (!words?.length) continue;
      lines.push(`${L2}${title}:`);
      for (const w of words) for (const part of w.split('\n')) lines.push(`${L3}${part}`);
    }
    if (cs) {
      // describeContainerState: State, Last State (a terminated one only), Ready, Restart Count.
      pushAll(lines, stateLines('State', cs.state));
      if (cs.lastState) pushAll(lines, stateLines('Last State', cs.lastState));
      lines.push(`${L2}Ready:\t${cs.ready ? 'True' : 'False'}`);
      lines.push(`${L2}Restart Count:\t${cs.restartCount}`);
    }
    const req = c.resources?.requests;
    if (req && (req.cpu !== undefined || req.memory !== undefined)) {
      lines.push(`${L2}Requests:`);
      if (req.cpu !== undefined) lines.push(`${L3}cpu:\t${cpuQuantity(req.cpu)}`);
      if (req.memory !== undefined) lines.push(`${L3}memory:\t${memoryQuantity(req.memory)}`);
    }
    // describeContainerProbe
    if (c.livenessProbe) lines.push(`${L2}Liveness:\t${describeProbe(c.livenessProbe)}`);
    if (c.readinessProbe) lines.push(`${L2}Readiness:\t${describeProbe(c.readinessProbe)}`);
    if (c.startupProbe) lines.push(`${L2}Startup:\t${describeProbe(c.startupProbe)}`);
    lines.push(`${L2}Environment:\t<none>`, `${L2}Mounts:\t<none>`);
  }
  return lines;
}

/**
 * describe.go describeVolumes and its print*VolumeSource helpers: `Volumes:\t<none>`, or each
 * volume's name and source. `space` is the template block's indent (a name then gets one more
 * space, as upstream's nameIndent); the source lines sit at LEVEL_2 either way.
 */
function volumesBlock(volumes: readonly Volume[] | undefined, space = ''): string[] {
  if (!volumes?.length) return [`${space}Volumes:\t<none>`];
  const lines = [`${space}Volumes:`];
  for (const v of volumes) {
    lines.push(`${L1}${space ? ' ' : ''}${v.name}:`);
    if (v.hostPath)
      lines.push(
        `${L2}Type:\tHostPath (bare host directory volume)`,
        `${L2}Path:\t${v.hostPath.path}`,
        // SetDefaults_HostPathVolumeSource sets type to "", so describe's `<none>` (a nil type) never shows.
        `${L2}HostPathType:\t${v.hostPath.type ?? ''}`,
      );
    else if (v.emptyDir)
      lines.push(
        `${L2}Type:\tEmptyDir (a temporary directory that shares a pod's lifetime)`,
        `${L2}Medium:\t${v.emptyDir.medium ?? ''}`,
        `${L2}SizeLimit:\t${v.emptyDir.sizeLimit && !/^0+(\.0*)?[A-Za-z]*$/.test(v.emptyDir.sizeLimit) ? v.emptyDir.sizeLimit : '<unset>'}`,
      );
    else if (v.secret)
      lines.push(
        `${L2}Type:\tSecret (a volume populated by a Secret)`,
        `${L2}SecretName:\t${v.secret.secretName}`,
        `${L2}Optional:\t${v.secret.optional === true}`,
      );
    else if (v.configMap)
      lines.push(
        `${L2}Type:\tConfigMap (a volume populated by a ConfigMap)`,
        `${L2}Name:\t${v.configMap.name}`,
        `${L2}Optional:\t${v.configMap.optional === true}`,
      );
    else if (v.persistentVolumeClaim)
      lines.push(
        `${L2}Type:\tPersistentVolumeClaim (a reference to a PersistentVolumeClaim in the same namespace)`,
        `${L2}ClaimName:\t${v.persistentVolumeClaim.claimName}`,
        `${L2}ReadOnly:\t${v.persistentVolumeClaim.readOnly === true}`,
      );
    else lines.push(`${L1}<unknown>`);
  }
  return lines;
}

/** Pod Template block of describe deployment / statefulset / daemonset. */
export function podTemplateBlock(t: PodTemplate): string[] {
  return [
    'Pod Template:',
    ...labelsMultiline(`${L1}Labels`, t.metadata.labels),
    ...containersBlock(t.spec.containers, undefined, L1),
    ...volumesBlock(t.spec.volumes, L1),
    ...labelsMultiline(`${L1}Node-Selectors`, t.spec.nodeSelector),
    ...tolerationsMultiline(`${L1}Tolerations`, t.spec.tolerations ?? []),
  ];
}

function qosClass(p: Pod): string {
  const any = p.spec.containers.some(
    (c) => c.resources?.requests?.cpu !== undefined || c.resources?.requests?.memory !== undefined,
  );
  return any ? 'Burstable' : 'BestEffort';
}

/** The full `kubectl describe pod NAME` text. */
export function describePod(e: Engine, pod: Pod, events?: EventsByObject): string {
  const now = e.now;
  const m = pod.metadata;
  const mirror = isMirrorPod(pod);
  const lines: string[] = [
    `Name:\t${m.name}`,
    `Namespace:\t${m.namespace ?? 'default'}`,
    `Priority:\t${pod.spec.priority ?? 0}`,
  ];
  // The ServiceAccount admission plugin defaults the account for every pod but mirror pods (seed 003).
  const sa = pod.spec.serviceAccountName ?? (mirror ? undefined : 'default');
  if (sa) lines.push(`Service Account:\t${sa}`);
  lines.push(`Node:\t${pod.spec.nodeName ? `${pod.spec.nodeName}/${pod.status.hostIP ?? ''}` : '<none>'}`);
  if (pod.status.startTime !== undefined) lines.push(`Start Time:\t${rfc1123z(pod.status.startTime)}`);
  pushAll(lines, labelsMultiline('Labels', m.labels));
  pushAll(lines, annotationsMultiline('Annotations', m.annotations));
  const terminal = pod.status.phase === 'Succeeded' || pod.status.phase === 'Failed';
  if (m.deletionTimestamp !== undefined && !terminal) {
    lines.push(`Status:\tTerminating (lasts ${since(now, m.deletionTimestamp)})`);
    lines.push(`Termination Grace Period:\t${m.deletionGracePeriodSeconds ?? pod.spec.terminationGracePeriodSeconds}s`);
  } else {
    lines.push(`Status:\t${pod.status.phase}`);
  }
  if (pod.status.reason) lines.push(`Reason:\t${pod.status.reason}`);
  if (pod.status.message) lines.push(`Message:\t${pod.status.message}`);
  lines.push(`IP:\t${pod.status.podIP ?? ''}`);
  if (pod.status.podIP) lines.push('IPs:', `${L1}IP:\t${pod.status.podIP}`);
  else lines.push('IPs:\t<none>');
  const ctrl = controllerOf(pod);
  if (ctrl) lines.push(`Controlled By:\t${ctrl.kind}/${ctrl.name}`);
  pushAll(lines, containersBlock(pod.spec.containers, pod.status.containerStatuses));
  if (pod.status.conditions.length > 0) {
    lines.push('Conditions:', `${L1}Type\tStatus`);
    for (const c of pod.status.conditions) lines.push(`${L1}${c.type} \t${c.status} `);
  }
  pushAll(lines, volumesBlock(pod.spec.volumes));
  lines.push(`QoS Class:\t${qosClass(pod)}`);
  pushAll(lines, labelsMultiline('Node-Selectors', pod.spec.nodeSelector));
  pushAll(lines, tolerationsMultiline('Tolerations', pod.spec.tolerations));
  pushAll(
    lines,
    eventsBlock(eventsFor(e, { kind: 'Pod', name: m.name, namespace: m.namespace, uid: m.uid }, events), now),
  );
  return describeText(lines.join('\n'));
}
