/**
 * Objects as the API serves them (`kubectl get -o json|yaml`, the generic describer): our stored
 * shapes turned into the real JSON fields, with the defaults the apiserver fills in
 * (pkg/apis/core/v1/defaults.go, pkg/apis/apps/v1/defaults.go: imagePullPolicy, dnsPolicy,
 * restartPolicy, schedulerName, strategy...) and Go's `omitempty` rules (a zero replica count is
 * not printed in a Deployment's status, `replicas` always is in a ReplicaSet's). Pods are in
 * api-json-pod.ts. Fields the playground does not model (managedFields, volumes, images,
 * Deployment conditions) are left out.
 */
import type {
  ApiObject,
  ConfigMap,
  DaemonSet,
  Deployment,
  EndpointSlice,
  KubeEvent,
  Lease,
  Node,
  PersistentVolume,
  PersistentVolumeClaim,
  PodDisruptionBudget,
  ReplicaSet,
  Service,
  StatefulSet,
  VolumeAttachment,
} from '../core/api-types';
import { rfc3339 } from '../core/dates';
import { metaJson, microTime } from './api-json-meta';
import { podJson, podSpecJson } from './api-json-pod';
import { cpuQuantity, memoryQuantity } from './describe-common';
import type { Json } from './emit';

function resources(r: Node['status']['capacity']): { [k: string]: Json } {
  const out: { [k: string]: Json } = {};
  for (const [k, v] of Object.entries(r)) {
    if (k === 'cpu') out.cpu = cpuQuantity(v as number);
    else if (k === 'memory') out.memory = memoryQuantity(v as number);
    else out[k] = String(v);
  }
  return out;
}

function nodeJson(n: Node): { [k: string]: Json } {
  const spec: { [k: string]: Json } = {};
  if (n.spec.podCIDR) {
    spec.podCIDR = n.spec.podCIDR;
    spec.podCIDRs = [n.spec.podCIDR];
  }
  if (n.spec.taints.length)
    spec.taints = n.spec.taints.map((t) => {
      const o: { [k: string]: Json } = { effect: t.effect, key: t.key };
      if (t.value) o.value = t.value;
      if (t.timeAdded !== undefined) o.timeAdded = rfc3339(t.timeAdded);
      return o;
    });
  if (n.spec.providerID) spec.providerID = n.spec.providerID;
  if (n.spec.unschedulable) spec.unschedulable = true;
  const info = n.status.nodeInfo;
  return {
    apiVersion: 'v1',
    kind: 'Node',
    metadata: metaJson(n.metadata),
    spec,
    status: {
      addresses: n.status.addresses.map((a) => ({ address: a.address, type: a.type })),
      allocatable: resources(n.status.allocatable),
      capacity: resources(n.status.capacity),
      conditions: n.status.conditions.map((c) => ({
        lastHeartbeatTime: rfc3339(c.lastHeartbeatTime),
        lastTransitionTime: rfc3339(c.lastTransitionTime),
        message: c.message,
        reason: c.reason,
        status: c.status,
        type: c.type,
      })),
      daemonEndpoints: { kubeletEndpoint: { Port: 10250 } },
      nodeInfo: {
        architecture: n.metadata.labels['kubernetes.io/arch'] ?? 'amd64',
        bootID: info.bootID,
        containerRuntimeVersion: info.containerRuntimeVersion,
        kernelVersion: info.kernelVersion,
        kubeProxyVersion: info.kubeletVersion,
        kubeletVersion: info.kubeletVersion,
        operatingSystem: n.metadata.labels['kubernetes.io/os'] ?? 'linux',
        osImage: info.osImage,
      },
    },
  };
}

/** A workload's pod template: `creationTimestamp: null` in the template's metadata, as the API prints it. */
function templateJson(t: Deployment['spec']['template']): { [k: string]: Json } {
  const metadata: { [k: string]: Json } = { creationTimestamp: null, labels: { ...t.metadata.labels } };
  if (t.metadata.annotations && Object.keys(t.metadata.annotations).length)
    metadata.annotations = { ...t.metadata.annotations };
  return {
    metadata,
    spec: podSpecJson({
      ...t.spec,
      tolerations: t.spec.tolerations ?? [],
      terminationGracePeriodSeconds: t.spec.terminationGracePeriodSeconds ?? 30,
    }),
  };
}

/** Integer status fields tagged `omitempty`: zero is not printed. */
function nonZero(out: { [k: string]: Json }, fields: Record<string, number>): { [k: string]: Json } {
  for (const [k, v] of Object.entries(fields)) if (v !== 0) out[k] = v;
  return out;
}

function deploymentJson(d: Deployment): { [k: string]: Json } {
  const s = d.status;
  return {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: metaJson(d.metadata),
    spec: {
      progressDeadlineSeconds: 600,
      replicas: d.spec.replicas,
      revisionHistoryLimit: 10,
      selector: { matchLabels: { ...d.spec.selector.matchLabels } },
      strategy: { rollingUpdate: { maxSurge: '25%', maxUnavailable: '25%' }, type: 'RollingUpdate' },
      template: templateJson(d.spec.template),
    },
    status: nonZero(
      { observedGeneration: d.metadata.generation ?? 1 },
      {
        availableReplicas: s.availableReplicas,
        readyReplicas: s.readyReplicas,
        replicas: s.replicas,
        unavailableReplicas: s.unavailableReplicas,
        updatedReplicas: s.updatedReplicas,
      },
    ),
  };
}

function replicaSetJson(rs: ReplicaSet): { [k: string]: Json } {
  const s = rs.status;
  return {
    apiVersion: 'apps/v1',
    kind: 'ReplicaSet',
    metadata: metaJson(rs.metadata),
    spec: {
      replicas: rs.spec.replicas,
      selector: { matchLabels: { ...rs.spec.selector.matchLabels } },
      template: templateJson(rs.spec.template),
    },
    status: nonZero(
      { observedGeneration: rs.metadata.generation ?? 1, replicas: s.replicas },
      {
        availableReplicas: s.availableReplicas,
        fullyLabeledReplicas: s.fullyLabeledReplicas,
        readyReplicas: s.readyReplicas,
      },
    ),
  };
}

function statefulSetJson(sts: StatefulSet): { [k: string]: Json } {
  const s = sts.status;
  return {
    apiVersion: 'apps/v1',
    kind: 'StatefulSet',
    metadata: metaJson(sts.metadata),
    spec: {
      persistentVolumeClaimRetentionPolicy: { whenDeleted: 'Retain', whenScaled: 'Retain' },
      podManagementPolicy: 'OrderedReady',
      replicas: sts.spec.replicas,
      revisionHistoryLimit: 10,
      selector: { matchLabels: { ...sts.spec.selector.matchLabels } },
      serviceName: sts.spec.serviceName,
      template: templateJson(sts.spec.template),
      updateStrategy: { rollingUpdate: { partition: 0 }, type: 'RollingUpdate' },
      ...(sts.spec.volumeClaimTemplates
        ? {
            volumeClaimTemplates: sts.spec.volumeClaimTemplates.map((t) => {
              const metadata: { [k: string]: Json } = { name: t.metadata.name };
              if (t.metadata.labels) metadata.labels = { ...t.metadata.labels };
              return {
                apiVersion: 'v1',
                kind: 'PersistentVolumeClaim',
                metadata,
                spec: {
                  accessModes: [...t.spec.accessModes],
                  resources: { requests: { storage: t.spec.resources.requests.storage } },
                  storageClassName: t.spec.storageClassName,
                  volumeMode: t.spec.volumeMode,
                },
                status: { phase: 'Pending' },
              };
            }),
          }
        : {}),
    },
    status: nonZero(
      {
        availableReplicas: s.availableReplicas,
        observedGeneration: sts.metadata.generation ?? 1,
        replicas: s.replicas,
      },
      { currentReplicas: s.currentReplicas, readyReplicas: s.readyReplicas, updatedReplicas: s.currentReplicas },
    ),
  };
}

function daemonSetJson(ds: DaemonSet): { [k: string]: Json } {
  const s = ds.status;
  return {
    apiVersion: 'apps/v1',
    kind: 'DaemonSet',
    metadata: metaJson(ds.metadata),
    spec: {
      revisionHistoryLimit: 10,
      selector: { matchLabels: { ...ds.spec.selector.matchLabels } },
      template: templateJson(ds.spec.template),
      updateStrategy: { rollingUpdate: { maxSurge: 0, maxUnavailable: 1 }, type: 'RollingUpdate' },
    },
    status: nonZero(
      {
        currentNumberScheduled: s.currentNumberScheduled,
        desiredNumberScheduled: s.desiredNumberScheduled,
        numberMisscheduled: s.numberMisscheduled,
        numberReady: s.numberReady,
        observedGeneration: ds.metadata.generation ?? 1,
      },
      {
        numberAvailable: s.numberAvailable,
        numberUnavailable: s.desiredNumberScheduled - s.numberAvailable,
        updatedNumberScheduled: s.updatedNumberScheduled,
      },
    ),
  };
}

function serviceJson(svc: Service): { [k: string]: Json } {
  const spec: { [k: string]: Json } = {
    clusterIP: svc.spec.clusterIP,
    clusterIPs: [svc.spec.clusterIP],
    internalTrafficPolicy: 'Cluster',
    ipFamilies: ['IPv4'],
    ipFamilyPolicy: 'SingleStack',
    ports: svc.spec.ports.map((p) => ({
      ...(p.name ? { name: p.name } : {}),
      port: p.port,
      protocol: p.protocol ?? 'TCP',
      targetPort: p.targetPort ?? p.port,
    })),
    sessionAffinity: 'None',
    type: svc.spec.type || 'ClusterIP',
  };
  if (Object.keys(svc.spec.selector).length) spec.selector = { ...svc.spec.selector };
  if (svc.spec.publishNotReadyAddresses) spec.publishNotReadyAddresses = true;
  return { apiVersion: 'v1', kind: 'Service', metadata: metaJson(svc.metadata), spec, status: { loadBalancer: {} } };
}

function endpointSliceJson(s: EndpointSlice): { [k: string]: Json } {
  const service = s.metadata.labels['kubernetes.io/service-name'];
  return {
    addressType: s.addressType,
    apiVersion: 'discovery.k8s.io/v1',
    endpoints: s.endpoints.map((ep) => {
      const o: { [k: string]: Json } = {
        addresses: [...ep.addresses],
        conditions: { ...ep.conditions },
        targetRef: { ...ep.targetRef },
      };
      if (ep.nodeName) o.nodeName = ep.nodeName;
      return o;
    }),
    kind: 'EndpointSlice',
    metadata: metaJson(s.metadata, service ? `${service}-` : undefined),
    ports: s.ports.map((p) => ({ name: p.name ?? '', port: p.port, protocol: p.protocol })),
  };
}

function leaseJson(l: Lease): { [k: string]: Json } {
  const spec: { [k: string]: Json } = {
    holderIdentity: l.spec.holderIdentity,
    leaseDurationSeconds: l.spec.leaseDurationSeconds,
    renewTime: microTime(l.spec.renewTime),
  };
  if (l.spec.acquireTime !== undefined) spec.acquireTime = microTime(l.spec.acquireTime);
  if (l.spec.leaseTransitions !== undefined) spec.leaseTransitions = l.spec.leaseTransitions;
  return { apiVersion: 'coordination.k8s.io/v1', kind: 'Lease', metadata: metaJson(l.metadata), spec };
}

function configMapJson(cm: ConfigMap): { [k: string]: Json } {
  return { apiVersion: 'v1', data: { ...cm.data }, kind: 'ConfigMap', metadata: metaJson(cm.metadata) };
}

/** policy/v1 PodDisruptionBudget: DisruptedPods omitempty, the four counts always (types.go). */
function pdbJson(p: PodDisruptionBudget): { [k: string]: Json } {
  const spec: { [k: string]: Json } = {};
  if (p.spec.maxUnavailable !== undefined) spec.maxUnavailable = p.spec.maxUnavailable;
  if (p.spec.minAvailable !== undefined) spec.minAvailable = p.spec.minAvailable;
  if (p.spec.selector) spec.selector = { matchLabels: { ...p.spec.selector.matchLabels } };
  if (p.spec.unhealthyPodEvictionPolicy) spec.unhealthyPodEvictionPolicy = p.spec.unhealthyPodEvictionPolicy;
  const st = p.status;
  const status: { [k: string]: Json } = {};
  if (st.conditions)
    status.conditions = st.conditions.map((c) => {
      const o: { [k: string]: Json } = {
        lastTransitionTime: rfc3339(c.lastTransitionTime),
        message: c.message,
      };
      if (c.observedGeneration !== undefined) o.observedGeneration = c.observedGeneration;
      o.reason = c.reason;
      o.status = c.status;
      o.type = c.type;
      return o;
    });
  status.currentHealthy = st.currentHealthy;
  status.desiredHealthy = st.desiredHealthy;
  if (st.disruptedPods && Object.keys(st.disruptedPods).length) {
    const d: { [k: string]: Json } = {};
    for (const k of Object.keys(st.disruptedPods).sort()) d[k] = rfc3339(st.disruptedPods[k] as number);
    status.disruptedPods = d;
  }
  status.disruptionsAllowed = st.disruptionsAllowed;
  status.expectedPods = st.expectedPods;
  if (st.observedGeneration !== undefined) status.observedGeneration = st.observedGeneration;
  return { apiVersion: 'policy/v1', kind: 'PodDisruptionBudget', metadata: metaJson(p.metadata), spec, status };
}

function pvcJson(c: PersistentVolumeClaim): { [k: string]: Json } {
  const spec: { [k: string]: Json } = {
    accessModes: [...c.spec.accessModes],
    resources: { requests: { storage: c.spec.resources.requests.storage } },
    storageClassName: c.spec.storageClassName,
    volumeMode: c.spec.volumeMode,
  };
  if (c.spec.volumeName) spec.volumeName = c.spec.volumeName;
  const status: { [k: string]: Json } = {};
  if (c.status.accessModes) status.accessModes = [...c.status.accessModes];
  if (c.status.capacity) status.capacity = { storage: c.status.capacity.storage };
  status.phase = c.status.phase;
  return { apiVersion: 'v1', kind: 'PersistentVolumeClaim', metadata: metaJson(c.metadata), spec, status };
}

function pvJson(v: PersistentVolume): { [k: string]: Json } {
  const s = v.spec;
  return {
    apiVersion: 'v1',
    kind: 'PersistentVolume',
    metadata: metaJson(v.metadata),
    spec: {
      accessModes: [...s.accessModes],
      capacity: { storage: s.capacity.storage },
      claimRef: { ...s.claimRef },
      csi: { ...s.csi },
      persistentVolumeReclaimPolicy: s.persistentVolumeReclaimPolicy,
      storageClassName: s.storageClassName,
      volumeMode: s.volumeMode,
    },
    status: { phase: v.status.phase },
  };
}

function volumeAttachmentJson(va: VolumeAttachment): { [k: string]: Json } {
  return {
    apiVersion: 'storage.k8s.io/v1',
    kind: 'VolumeAttachment',
    metadata: metaJson(va.metadata),
    spec: {
      attacher: va.spec.attacher,
      nodeName: va.spec.nodeName,
      source: { persistentVolumeName: va.spec.source.persistentVolumeName },
    },
    status: { attached: va.status.attached },
  };
}

/** API version of an involved object's kind (ObjectReference.apiVersion). */
const API_VERSION: Record<string, string> = {
  Deployment: 'apps/v1',
  ReplicaSet: 'apps/v1',
  StatefulSet: 'apps/v1',
  DaemonSet: 'apps/v1',
  EndpointSlice: 'discovery.k8s.io/v1',
  Lease: 'coordination.k8s.io/v1',
  PodDisruptionBudget: 'policy/v1',
  VolumeAttachment: 'storage.k8s.io/v1',
};

function eventJson(ev: KubeEvent): { [k: string]: Json } {
  const o = ev.involvedObject;
  const involved: { [k: string]: Json } = { apiVersion: API_VERSION[o.kind] ?? 'v1', kind: o.kind, name: o.name };
  if (o.namespace) involved.namespace = o.namespace;
  if (o.uid) involved.uid = o.uid;
  const source: { [k: string]: Json } = { component: ev.source.component };
  if (ev.source.host) source.host = ev.source.host;
  return {
    apiVersion: 'v1',
    count: ev.count,
    eventTime: null,
    firstTimestamp: rfc3339(ev.firstTimestamp),
    involvedObject: involved,
    kind: 'Event',
    lastTimestamp: rfc3339(ev.lastTimestamp),
    message: ev.message,
    metadata: metaJson(ev.metadata),
    reason: ev.reason,
    reportingComponent: '',
    reportingInstance: '',
    source,
    type: ev.type,
  };
}

/** An API object as `kubectl get -o json` shows it. */
export function apiJson(obj: ApiObject): { [k: string]: Json } {
  switch (obj.kind) {
    case 'Node':
      return nodeJson(obj);
    case 'Pod':
      return podJson(obj);
    case 'Deployment':
      return deploymentJson(obj);
    case 'ReplicaSet':
      return replicaSetJson(obj);
    case 'StatefulSet':
      return statefulSetJson(obj);
    case 'DaemonSet':
      return daemonSetJson(obj);
    case 'Service':
      return serviceJson(obj);
    case 'EndpointSlice':
      return endpointSliceJson(obj);
    case 'Lease':
      return leaseJson(obj);
    case 'ConfigMap':
      return configMapJson(obj);
    case 'PodDisruptionBudget':
      return pdbJson(obj);
    case 'PersistentVolumeClaim':
      return pvcJson(obj);
    case 'PersistentVolume':
      return pvJson(obj);
    case 'VolumeAttachment':
      return volumeAttachmentJson(obj);
    case 'Event':
      return eventJson(obj);
  }
}
