/**
 * Pods (and pod templates) as the API serves them, for `-o json|yaml`: the defaults
 * kube-apiserver fills in (kubernetes/kubernetes pkg/apis/core/v1/defaults.go SetDefaults_PodSpec,
 * SetDefaults_Container: dnsPolicy ClusterFirst, restartPolicy Always, schedulerName
 * default-scheduler, imagePullPolicy Always for `:latest` or untagged images, else IfNotPresent,
 * terminationMessagePath /dev/termination-log...), qosClass (pkg/apis/core/v1/helper/qos), and a
 * DaemonSet pod's node affinity (pkg/controller/daemon/util ReplaceDaemonSetPodNodeNameNodeAffinity).
 */
import type { ContainerState, ContainerStatus, Pod, PodSpec } from '../core/api-types';
import { rfc3339 } from '../core/dates';
import { metaJson } from './api-json-meta';
import { cpuQuantity, memoryQuantity } from './describe-common';
import type { Json } from './emit';

/** SetDefaults_Container: Always for `:latest` or no tag, else IfNotPresent. */
function pullPolicy(image: string): string {
  const last = image.slice(image.lastIndexOf('/') + 1);
  if (last.includes('@')) return 'IfNotPresent';
  const colon = last.lastIndexOf(':');
  return colon < 0 || last.slice(colon + 1) === 'latest' ? 'Always' : 'IfNotPresent';
}

export function podSpecJson(spec: PodSpec): { [k: string]: Json } {
  const out: { [k: string]: Json } = {
    containers: spec.containers.map((c) => {
      const o: { [k: string]: Json } = {
        image: c.image,
        imagePullPolicy: pullPolicy(c.image),
        name: c.name,
        resources: {},
        terminationMessagePath: '/dev/termination-log',
        terminationMessagePolicy: 'File',
      };
      const req = c.resources?.requests;
      if (req) {
        const r: { [k: string]: Json } = {};
        if (req.cpu !== undefined) r.cpu = cpuQuantity(req.cpu);
        if (req.memory !== undefined) r.memory = memoryQuantity(req.memory);
        o.resources = { requests: r };
      }
      if (c.ports?.length)
        o.ports = c.ports.map((p) => {
          const po: { [k: string]: Json } = { containerPort: p.containerPort, protocol: p.protocol ?? 'TCP' };
          if (p.name) po.name = p.name;
          return po;
        });
      return o;
    }),
    dnsPolicy: 'ClusterFirst',
    enableServiceLinks: true,
    preemptionPolicy: 'PreemptLowerPriority',
    priority: spec.priority ?? 0,
    restartPolicy: 'Always',
    schedulerName: 'default-scheduler',
    securityContext: {},
    terminationGracePeriodSeconds: spec.terminationGracePeriodSeconds,
  };
  if (spec.serviceAccountName) {
    out.serviceAccount = spec.serviceAccountName;
    out.serviceAccountName = spec.serviceAccountName;
  }
  if (spec.nodeName) out.nodeName = spec.nodeName;
  if (spec.hostNetwork) out.hostNetwork = true;
  if (spec.nodeSelector && Object.keys(spec.nodeSelector).length) out.nodeSelector = { ...spec.nodeSelector };
  if (spec.tolerations.length)
    out.tolerations = spec.tolerations.map((t) => {
      const o: { [k: string]: Json } = {};
      if (t.effect) o.effect = t.effect;
      if (t.key) o.key = t.key;
      if (t.operator) o.operator = t.operator;
      if (t.value) o.value = t.value;
      if (t.tolerationSeconds !== undefined) o.tolerationSeconds = t.tolerationSeconds;
      return o;
    });
  // SetDefaults_HostPathVolumeSource (type ""), SetDefaults_ConfigMapVolumeSource and
  // SetDefaults_SecretVolumeSource (defaultMode 420, i.e. 0644): what the API returns.
  if (spec.volumes?.length)
    out.volumes = spec.volumes.map((v) => {
      const o: { [k: string]: Json } = { name: v.name };
      if (v.emptyDir) {
        const d: { [k: string]: Json } = {};
        if (v.emptyDir.medium) d.medium = v.emptyDir.medium;
        if (v.emptyDir.sizeLimit) d.sizeLimit = v.emptyDir.sizeLimit;
        o.emptyDir = d;
      }
      if (v.hostPath) o.hostPath = { path: v.hostPath.path, type: v.hostPath.type ?? '' };
      if (v.persistentVolumeClaim) {
        const c: { [k: string]: Json } = { claimName: v.persistentVolumeClaim.claimName };
        if (v.persistentVolumeClaim.readOnly) c.readOnly = true;
        o.persistentVolumeClaim = c;
      }
      if (v.configMap) {
        const c: { [k: string]: Json } = { defaultMode: 420, name: v.configMap.name };
        if (v.configMap.optional) c.optional = true;
        o.configMap = c;
      }
      if (v.secret) {
        const c: { [k: string]: Json } = { defaultMode: 420, secretName: v.secret.secretName };
        if (v.secret.optional) c.optional = true;
        o.secret = c;
      }
      return o;
    });
  if (spec.affinityNodeName)
    out.affinity = {
      nodeAffinity: {
        requiredDuringSchedulingIgnoredDuringExecution: {
          nodeSelectorTerms: [
            { matchFields: [{ key: 'metadata.name', operator: 'In', values: [spec.affinityNodeName] }] },
          ],
        },
      },
    };
  return out;
}

function stateJson(s: ContainerState): { [k: string]: Json } {
  if ('running' in s) return { running: { startedAt: rfc3339(s.running.startedAt) } };
  if ('waiting' in s) {
    const w: { [k: string]: Json } = { reason: s.waiting.reason };
    if (s.waiting.message) w.message = s.waiting.message;
    return { waiting: w };
  }
  const t: { [k: string]: Json } = {
    exitCode: s.terminated.exitCode,
    finishedAt: rfc3339(s.terminated.finishedAt),
    reason: s.terminated.reason,
  };
  if (s.terminated.startedAt !== undefined) t.startedAt = rfc3339(s.terminated.startedAt);
  if (s.terminated.message) t.message = s.terminated.message;
  return { terminated: t };
}

function containerStatusJson(cs: ContainerStatus): { [k: string]: Json } {
  // Fields another part of the engine may add (the last termination, the image digest).
  const more = cs as ContainerStatus & { imageID?: string; lastState?: ContainerState };
  const o: { [k: string]: Json } = {
    image: cs.image,
    imageID: more.imageID ?? '',
    lastState: more.lastState ? stateJson(more.lastState) : {},
    name: cs.name,
    ready: cs.ready,
    restartCount: cs.restartCount,
    started: cs.started,
    state: stateJson(cs.state),
  };
  if (cs.containerID) o.containerID = cs.containerID;
  return o;
}

/** pkg/apis/core/v1/helper/qos GetPodQOS, for the requests the playground models. */
function qosClass(spec: PodSpec): string {
  return spec.containers.some((c) => c.resources?.requests) ? 'Burstable' : 'BestEffort';
}

export function podJson(p: Pod): { [k: string]: Json } {
  const owner = p.metadata.ownerReferences.find((r) => r.controller);
  const generated = owner && (owner.kind === 'ReplicaSet' || owner.kind === 'DaemonSet') ? `${owner.name}-` : undefined;
  const status: { [k: string]: Json } = {
    phase: p.status.phase,
    qosClass: qosClass(p.spec),
  };
  if (p.status.conditions.length)
    status.conditions = p.status.conditions.map((c) => {
      const o: { [k: string]: Json } = {
        lastProbeTime: null,
        lastTransitionTime: rfc3339(c.lastTransitionTime),
        status: c.status,
        type: c.type,
      };
      if (c.reason) o.reason = c.reason;
      if (c.message) o.message = c.message;
      return o;
    });
  if (p.status.containerStatuses.length) status.containerStatuses = p.status.containerStatuses.map(containerStatusJson);
  if (p.status.hostIP) {
    status.hostIP = p.status.hostIP;
    status.hostIPs = [{ ip: p.status.hostIP }];
  }
  if (p.status.podIP) {
    status.podIP = p.status.podIP;
    status.podIPs = [{ ip: p.status.podIP }];
  }
  if (p.status.startTime !== undefined) status.startTime = rfc3339(p.status.startTime);
  if (p.status.reason) status.reason = p.status.reason;
  if (p.status.message) status.message = p.status.message;
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: metaJson(p.metadata, generated),
    spec: podSpecJson(p.spec),
    status,
  };
}
