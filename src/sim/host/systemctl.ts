/**
 * `systemctl stop|start|restart|status UNIT` on a host, for kubelet, containerd (or docker on
 * the v1.23-docker profile), kube-proxy and calico-node. Refusals carry the reason a shell would
 * print (host unreachable, unit not found, unknown verb).
 */

import type { Engine } from '../core/engine';
import { pushAll } from '../core/lists';
import type { Host, HostServiceName } from '../core/state';
import { systemdAgo, systemdStamp } from './clock';
import { journalLines } from './journal';
import type { HostCommandResult } from './power';
import { startService, stopService, UNIT_DESCRIPTIONS } from './services';

const UNITS: readonly HostServiceName[] = ['kubelet', 'containerd', 'docker', 'kube-proxy', 'calico-node'];

/** Units that exist on this profile's hosts (only one container runtime is installed). [U] docker hosts: containerd hidden. */
export function knownUnit(e: Engine, unit: string): HostServiceName | undefined {
  const u = (unit.endsWith('.service') ? unit.slice(0, -'.service'.length) : unit) as HostServiceName;
  if (!UNITS.includes(u)) return undefined;
  if ((u === 'docker' || u === 'containerd') && u !== e.state.profile.runtime) return undefined;
  return u;
}

interface UnitFiles {
  path: string;
  dropIn?: string;
  docs: string;
  exec: (e: Engine, h: Host) => string;
}

const FILES: Record<HostServiceName, UnitFiles> = {
  kubelet: {
    path: '/lib/systemd/system/kubelet.service',
    dropIn: '10-kubeadm.conf',
    docs: 'https://kubernetes.io/docs/',
    exec: (e) =>
      `/usr/bin/kubelet --bootstrap-kubeconfig=/etc/kubernetes/bootstrap-kubelet.conf --kubeconfig=/etc/kubernetes/kubelet.conf --config=/var/lib/kubelet/config.yaml --container-runtime-endpoint=${
        e.state.profile.runtime === 'docker'
          ? 'unix:///var/run/dockershim.sock'
          : 'unix:///var/run/containerd/containerd.sock'
      }`,
  },
  containerd: {
    path: '/lib/systemd/system/containerd.service',
    docs: 'https://containerd.io',
    exec: () => '/usr/bin/containerd',
  },
  docker: {
    path: '/lib/systemd/system/docker.service',
    docs: 'https://docs.docker.com',
    exec: () => '/usr/bin/dockerd -H fd:// --containerd=/run/containerd/containerd.sock',
  },
  'kube-proxy': {
    path: '/etc/systemd/system/kube-proxy.service',
    docs: 'https://kubernetes.io/docs/',
    exec: () => '/usr/local/bin/kube-proxy --config=/var/lib/kube-proxy/config.conf',
  },
  'calico-node': {
    path: '/etc/systemd/system/calico-node.service',
    docs: 'https://docs.tigera.io/calico',
    exec: () => '/usr/local/bin/calico-node -felix',
  },
};

/** The text of `systemctl status UNIT`. */
export function systemctlStatus(e: Engine, h: Host, unit: HostServiceName): string {
  const svc = h.services[unit];
  const f = FILES[unit];
  const active = svc?.active === true;
  const lines: string[] = [];
  lines.push(`${active ? '●' : '○'} ${unit}.service - ${UNIT_DESCRIPTIONS[unit]}`);
  lines.push(`     Loaded: loaded (${f.path}; enabled; vendor preset: enabled)`);
  if (f.dropIn) {
    lines.push(`    Drop-In: /usr/lib/systemd/system/${unit}.service.d`);
    lines.push(`             └─${f.dropIn}`);
  }
  if (!svc) {
    lines.push('     Active: inactive (dead)');
    lines.push(`       Docs: ${f.docs}`);
  } else if (active) {
    lines.push(`     Active: active (running) since ${systemdStamp(svc.since)}; ${systemdAgo(e.now - svc.since)} ago`);
    lines.push(`       Docs: ${f.docs}`);
    lines.push(`   Main PID: ${svc.pid} (${f.exec(e, h).split(' ')[0]?.split('/').pop()})`);
    lines.push(`     CGroup: /system.slice/${unit}.service`);
    lines.push(`             └─${svc.pid} ${f.exec(e, h)}`);
  } else {
    lines.push(`     Active: inactive (dead) since ${systemdStamp(svc.since)}; ${systemdAgo(e.now - svc.since)} ago`);
    lines.push(`       Docs: ${f.docs}`);
    lines.push(`    Process: ${svc.pid} ExecStart=${f.exec(e, h)} (code=exited, status=0/SUCCESS)`);
    lines.push(`   Main PID: ${svc.pid} (code=exited, status=0/SUCCESS)`);
  }
  const tail = journalLines(e, h.name, unit, 10);
  if (tail.length > 0) {
    lines.push('');
    pushAll(lines, tail);
  }
  return lines.join('\n');
}

/** Run `systemctl VERB UNIT` on `hostName`. */
export function systemctl(e: Engine, hostName: string, verb: string, unit: string, cause: number): HostCommandResult {
  const h = e.state.hosts[hostName];
  if (!h) return { ok: false, output: `ssh: Could not resolve hostname ${hostName}: Name or service not known` };
  if (h.power !== 'on') return { ok: false, output: `ssh: connect to host ${hostName} port 22: No route to host` };
  const name = unit.endsWith('.service') ? unit : `${unit}.service`;
  const u = knownUnit(e, unit);
  if (!['start', 'stop', 'restart', 'status'].includes(verb))
    return { ok: false, output: `Unknown command verb ${verb}.` };
  if (!u) {
    if (verb === 'status') return { ok: false, output: `Unit ${name} could not be found.` };
    return { ok: false, output: `Failed to ${verb} ${name}: Unit ${name} not found.` };
  }
  if (verb === 'status') return { ok: true, output: systemctlStatus(e, h, u) };
  // The command's own cause is the parent of what systemd does: "Why?" then reads
  // "systemd on node2: kubelet stopped" <- "you ran ssh node2 systemctl stop kubelet".
  if (verb === 'stop' || verb === 'restart') stopService(e, h, u, cause);
  if (verb === 'start' || verb === 'restart') startService(e, h, u, cause);
  return { ok: true, output: '' };
}
