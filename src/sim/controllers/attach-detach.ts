/**
 * attachdetach-controller (kube-controller-manager; pkg/controller/volume/attachdetach
 * attach_detach_controller.go, reconciler/reconciler.go), for the CSI volumes of the playground's
 * StorageClass (api/provisioner.ts).
 *
 * Desired state: each PV a scheduled pod uses through a bound claim, on the pod's node, while the
 * pod is not terminated (util.IsPodTerminated: phase Succeeded/Failed, or deleted with no container
 * running: a pod Terminating on a dead node still wants its volume). Actual state: the
 * VolumeAttachment objects. Each run, as the reconciler's loop:
 * 1. detach what is attached but no longer desired. The kubelet of a Ready node, running and
 *    reaching the API, has unmounted it (volumesInUse; the unmount itself is not modelled); else
 *    the volume counts as still mounted and the detach waits: on a node that is not Ready
 *    `maxWaitForUnmountDuration` (6 min) from the first time it was wanted
 *    (`SetDetachRequestTime`), then it is forced ("this volume is not safe to detach, but
 *    maxWaitForUnmountDuration 6m0s expired, force detaching"); with the node tainted
 *    `node.kubernetes.io/out-of-service` (NoExecute) it detaches at once (feature
 *    NodeOutOfServiceVolumeDetach: alpha 1.24, beta 1.26, GA 1.28; not on the v1.23 profile).
 * 2. attach what is desired and not attached. A ReadWriteOnce volume attached to another node is
 *    not attached (isMultiAttachAllowed): `reportMultiAttachError`, once while the pair stays
 *    desired (MultiAttachErrorReported), Warning `FailedAttachVolume` on the pods:
 *    `Multi-Attach error for volume "pvc-…" Volume is already exclusively attached to one node and
 *    can't be attached to another` when no pod on the other node wants it any more, else
 *    `… Volume is already used by pod(s) web-1[, …]` (or `by N pod(s) in different namespaces`).
 *    Otherwise the CSI attacher creates the VolumeAttachment `csi-<sha256(handle+driver+node)>`
 *    (csi_attacher.go getAttachmentName), marked attached at once (the external-attacher's part),
 *    and Normal `SuccessfulAttachVolume` `AttachVolume.Attach succeeded for volume "pvc-…"` goes
 *    to the pods (operation_generator.go GenerateAttachVolumeFunc). The node's kubelet is woken:
 *    it starts the pod's containers only once its volumes are attached (kubelet/pod-sync.ts).
 *
 * Runs only when a pod using a claim, a VolumeAttachment, or (while any VolumeAttachment exists) a
 * Node is written: a cluster without claims never enqueues it (its runs and trace are unchanged).
 *
 * The story gets a chapter for each attach, detach (`force-detached` after the 6 minutes) and
 * Multi-Attach error, naming the claim (`volume data force-detached from node2`).
 *
 * Cause `what` prefixes: `attach`, `detach`.
 */
import { attachmentName, attachmentOf, claimVolume, podClaims } from '../api/provisioner';
import type { Node, PersistentVolume, Pod, VolumeAttachment } from '../core/api-types';
import { causeAt } from '../core/cause-log';
import { addChapter, fromCause } from '../core/chapters';
import { dict } from '../core/dict';
import type { Engine, SimModule } from '../core/engine';
import { canReachApi } from '../core/world';
import { kubeletRunning } from '../kubelet/memory';
import { requestPodSync } from '../kubelet/pod-sync-queue';
import { controllerManagerActive, controllerMemory } from './control-plane';
import { TAINT_OUT_OF_SERVICE } from './podgc';

const ACTOR = 'attachdetach-controller';
const MODULE = 'attachdetach';
/** reconciler maxWaitForUnmountDuration (attach_detach_controller.go reconcilerMaxWaitForUnmountDuration). */
export const MAX_WAIT_FOR_UNMOUNT = 6 * 60_000;

/** util.IsPodTerminated: terminal phase, or deleted with no container running. */
function podTerminated(p: Pod): boolean {
  if (p.status.phase === 'Succeeded' || p.status.phase === 'Failed') return true;
  return p.metadata.deletionTimestamp !== undefined && !p.status.containerStatuses.some((c) => 'running' in c.state);
}

function nodeReady(n: Node | undefined): boolean {
  return n?.status.conditions.some((c) => c.type === 'Ready' && c.status === 'True') === true;
}

/** hasOutOfServiceTaint: the feature NodeOutOfServiceVolumeDetach (1.24+) and the NoExecute taint. */
function outOfService(e: Engine, n: Node | undefined): boolean {
  if (e.state.profile.name === 'v1.23-docker') return false;
  return n?.spec.taints.some((t) => t.key === TAINT_OUT_OF_SERVICE && t.effect === 'NoExecute') === true;
}

/** isMultiAttachAllowed: a PV with ReadWriteMany or ReadOnlyMany (or no modes) may attach to several nodes. */
function multiAttachAllowed(pv: PersistentVolume): boolean {
  const m = pv.spec.accessModes;
  return m.length === 0 || m.includes('ReadWriteMany') || m.includes('ReadOnlyMany');
}

function podRef(p: Pod) {
  return { kind: 'Pod', name: p.metadata.name, namespace: p.metadata.namespace ?? 'default', uid: p.metadata.uid };
}

interface Wanted {
  pv: string;
  node: string;
  pods: Pod[];
}

function desiredState(e: Engine): Map<string, Wanted> {
  const out = new Map<string, Wanted>();
  for (const p of e.list('Pod')) {
    if (!p.spec.nodeName || !p.spec.volumes || podTerminated(p)) continue;
    for (const claim of podClaims(p)) {
      const pv = claimVolume(e, p.metadata.namespace ?? 'default', claim);
      if (!pv) continue;
      const key = `${pv.metadata.name}|${p.spec.nodeName}`;
      let w = out.get(key);
      if (!w) {
        w = { pv: pv.metadata.name, node: p.spec.nodeName, pods: [] };
        out.set(key, w);
      }
      w.pods.push(p);
    }
  }
  return out;
}

function memory(e: Engine) {
  const m = controllerMemory(e);
  m.adDetachRequestedAt ??= dict();
  m.adMultiAttachReported ??= dict();
  return { detachAt: m.adDetachRequestedAt, reported: m.adMultiAttachReported, gen: m.generation };
}

/** One reconciler pass. */
export function reconcileAttachments(e: Engine): void {
  if (!controllerManagerActive(e)) return;
  const mem = memory(e);
  const desired = desiredState(e);
  // 1. Detach.
  for (const va of e.list('VolumeAttachment')) {
    const pv = va.spec.source.persistentVolumeName;
    const key = `${pv}|${va.spec.nodeName}`;
    if (desired.has(key)) {
      delete mem.detachAt[key];
      continue;
    }
    const first = mem.detachAt[key] === undefined;
    const requested = mem.detachAt[key] ?? e.now;
    mem.detachAt[key] = requested;
    const node = e.get('Node', va.spec.nodeName);
    const healthy = nodeReady(node);
    // MountedByNode: only a running kubelet that reaches the API reports the unmount (volumesInUse).
    const host = e.state.hosts[va.spec.nodeName];
    const unmounted = healthy && host !== undefined && kubeletRunning(host) && canReachApi(e, host.name);
    const timeout = e.now - requested >= MAX_WAIT_FOR_UNMOUNT;
    const force = !healthy && timeout;
    const oos = outOfService(e, node);
    if (first) e.schedule(requested + MAX_WAIT_FOR_UNMOUNT - e.now, 'attachdetach.unmount-wait', key, mem.gen);
    if (!unmounted && !force && !oos) continue;
    const rule = unmounted
      ? 'the volume is no longer wanted and the kubelet of the Ready node unmounted it'
      : oos
        ? `node ${va.spec.nodeName} is tainted ${TAINT_OUT_OF_SERVICE}: detach without waiting for the unmount`
        : 'this volume is not safe to detach, but maxWaitForUnmountDuration 6m0s expired, force detaching';
    const c = e.cause({
      actor: ACTOR,
      what: `detach ${pv} from ${va.spec.nodeName}`,
      rule,
      constant: !unmounted && !oos ? 'maxWaitForUnmountDuration=6m' : undefined,
      parents: [e.lastCause(`Node/${va.spec.nodeName}`) ?? 0],
    });
    e.remove('VolumeAttachment', va.metadata.name, 'detached', c);
    delete mem.detachAt[key];
    const forced = !unmounted && !oos;
    volumeChapter(e, pv, `${forced ? 'force-detached' : 'detached'} from ${va.spec.nodeName}`, va.spec.nodeName, c);
  }
  // 2. Attach.
  for (const [key, w] of desired) {
    const pv = e.get('PersistentVolume', w.pv);
    if (!pv || attachmentOf(e, w.pv, w.node)) continue;
    if (!multiAttachAllowed(pv)) {
      const elsewhere = e
        .list('VolumeAttachment')
        .filter((va) => va.spec.source.persistentVolumeName === w.pv && va.spec.nodeName !== w.node);
      if (elsewhere.length > 0) {
        if (!mem.reported[key]) {
          mem.reported[key] = true;
          reportMultiAttachError(e, w, desired, elsewhere);
        }
        continue;
      }
    }
    const c = e.cause({
      actor: ACTOR,
      what: `attach ${w.pv} to ${w.node}`,
      rule: 'a scheduled pod uses the volume on this node and it is not attached elsewhere',
      parents: w.pods.map((p) => e.lastCause(`Pod/${p.metadata.namespace}/${p.metadata.name}`) ?? 0),
    });
    const meta = {
      name: attachmentName(e, w.pv, w.node),
      uid: e.uid(),
      resourceVersion: 0,
      creationTimestamp: e.now,
      labels: dict<string>(),
      annotations: dict<string>(),
      ownerReferences: [],
    };
    const va: VolumeAttachment = {
      kind: 'VolumeAttachment',
      metadata: meta,
      spec: { attacher: pv.spec.csi.driver, nodeName: w.node, source: { persistentVolumeName: w.pv } },
      status: { attached: true },
    };
    e.put(va, 'attached', c);
    volumeChapter(e, w.pv, `attached to ${w.node}`, w.node, c);
    for (const p of w.pods)
      e.event(
        podRef(p),
        'Normal',
        'SuccessfulAttachVolume',
        `AttachVolume.Attach succeeded for volume "${w.pv}"`,
        ACTOR,
        c,
      );
    const host = e.state.hosts[w.node];
    if (host) requestPodSync(e, host, 0);
  }
  // MultiAttachErrorReported lives in the desired state: gone with the pair.
  for (const key of Object.keys(mem.reported)) if (!desired.has(key)) delete mem.reported[key];
}

/** reconciler.go reportMultiAttachError. */
function reportMultiAttachError(
  e: Engine,
  w: Wanted,
  desired: Map<string, Wanted>,
  elsewhere: readonly VolumeAttachment[],
): void {
  const others: Pod[] = [];
  for (const va of elsewhere) for (const p of desired.get(`${w.pv}|${va.spec.nodeName}`)?.pods ?? []) others.push(p);
  const c = e.cause({
    actor: ACTOR,
    what: `attach ${w.pv} to ${w.node} refused (Multi-Attach)`,
    rule: 'a ReadWriteOnce volume attaches to one node at a time (isMultiAttachAllowed)',
    // The attachment still there, and what its node went through (NotReady, a power-off...).
    parents: elsewhere.flatMap((va) => [
      e.lastCause(`VolumeAttachment/${va.metadata.name}`) ?? 0,
      e.lastCause(`Node/${va.spec.nodeName}`) ?? 0,
    ]),
  });
  const held = elsewhere[0]?.spec.nodeName ?? '';
  for (const p of w.pods)
    addChapter(e, {
      label: `Multi-Attach error for ${p.metadata.name} (volume ${claimName(e, w.pv)} on ${held})`,
      kind: 'other',
      ref: `Pod/${p.metadata.namespace ?? 'default'}/${p.metadata.name}`,
      node: w.node,
      ...fromCause(causeAt(e.state.causes, c)),
    });
  for (const p of w.pods) {
    let msg = "Volume is already exclusively attached to one node and can't be attached to another";
    if (others.length > 0) {
      const local = others.filter((o) => o.metadata.namespace === p.metadata.namespace).map((o) => o.metadata.name);
      const otherNs = others.length - local.length;
      if (local.length > 0) {
        msg = `Volume is already used by pod(s) ${local.join(', ')}`;
        if (otherNs > 0) msg = `${msg} and ${otherNs} pod(s) in different namespaces`;
      } else msg = `Volume is already used by ${otherNs} pod(s) in different namespaces`;
    }
    e.event(podRef(p), 'Warning', 'FailedAttachVolume', `Multi-Attach error for volume "${w.pv}" ${msg}`, ACTOR, c);
  }
}

/**
 * When the reconciler force-detaches `pv` from `node` if the node stays not Ready: six minutes
 * after the detach was first wanted (SetDetachRequestTime). Undefined while it is still wanted there.
 * Reads only (Why?'s headline).
 */
export function forceDetachAt(e: Engine, pv: string, node: string): number | undefined {
  const at = e.state.controllers.adDetachRequestedAt?.[`${pv}|${node}`];
  return at === undefined ? undefined : at + MAX_WAIT_FOR_UNMOUNT;
}

/** The claim a volume is bound to, as kubectl names it (`data`, `-n NS` aside: `NS/data`), else the PV's name. */
function claimName(e: Engine, pv: string): string {
  const ref = e.get('PersistentVolume', pv)?.spec.claimRef;
  if (!ref) return pv;
  return ref.namespace === 'default' ? ref.name : `${ref.namespace}/${ref.name}`;
}

/** A chapter of the story: `volume data attached to node1`, `volume data force-detached from node2`. */
function volumeChapter(e: Engine, pv: string, what: string, node: string, cause: number): void {
  const ref = e.get('PersistentVolume', pv)?.spec.claimRef;
  addChapter(e, {
    label: `volume ${claimName(e, pv)} ${what}`,
    kind: 'other',
    ...(ref ? { ref: `PersistentVolumeClaim/${ref.namespace}/${ref.name}` } : {}),
    node,
    ...fromCause(causeAt(e.state.causes, cause)),
  });
}

export const attachDetachModule: SimModule = {
  name: MODULE,
  watch: {
    Pod: (e, _k, obj, old) => {
      if (podClaims(obj as Pod | undefined).length > 0 || podClaims(old as Pod | undefined).length > 0)
        e.enqueue(MODULE);
    },
    PersistentVolumeClaim: (e) => e.enqueue(MODULE),
    VolumeAttachment: (e, _k, obj) => {
      if (!obj) e.enqueue(MODULE);
    },
    Node: (e) => {
      if (e.hasAny('VolumeAttachment')) e.enqueue(MODULE);
    },
  },
  timers: {
    'attachdetach.unmount-wait': (e, t) => {
      if (t.gen !== controllerMemory(e).generation) return;
      e.enqueue(MODULE);
    },
  },
  sync: reconcileAttachments,
};
