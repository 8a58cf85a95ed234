/**
 * The failures a built scenario can schedule: for each node of the form, the commands its menus
 * in the graph would issue (the same words and the same command lines as the engine's action
 * menus, src/sim/commands/actions.ts), so a timeline row is "at 30s, Stop kubelet on node2".
 */
import type { BuilderForm } from './model';

export interface FailureChoice {
  /** The menu's label and the node, e.g. `Stop kubelet on node2`. */
  label: string;
  command: string;
}

export function failureChoices(form: Pick<BuilderForm, 'nodes' | 'profile'>): FailureChoice[] {
  const runtime = form.profile === 'v1.23-docker' ? 'docker' : 'containerd';
  const out: FailureChoice[] = [];
  for (const n of form.nodes) {
    const name = n.name;
    if (!name) continue;
    for (const svc of ['kubelet', runtime, 'kube-proxy'])
      for (const verb of ['stop', 'start', 'restart'])
        out.push({
          label: `${verb[0]?.toUpperCase()}${verb.slice(1)} ${svc} on ${name}`,
          command: `ssh ${name} systemctl ${verb} ${svc}`,
        });
    out.push(
      { label: `Power off ${name}`, command: `ssh ${name} poweroff` },
      { label: `Power on ${name}`, command: `power-on ${name}` },
      { label: `Reboot ${name}`, command: `ssh ${name} reboot` },
      { label: `Cut network of ${name}`, command: `network cut ${name}` },
      { label: `Heal network of ${name}`, command: `network heal ${name}` },
      { label: `Delete Node object ${name}`, command: `kubectl delete node ${name}` },
      { label: `Cordon ${name}`, command: `kubectl cordon ${name}` },
      { label: `Uncordon ${name}`, command: `kubectl uncordon ${name}` },
      { label: `Drain ${name}`, command: `kubectl drain ${name} --ignore-daemonsets --force` },
    );
    if (n.role === 'control-plane')
      for (const c of ['kube-apiserver', 'kube-controller-manager', 'kube-scheduler', 'etcd'])
        out.push(
          { label: `Stop ${c}`, command: `ssh ${name} mv /etc/kubernetes/manifests/${c}.yaml /tmp/${c}.yaml` },
          { label: `Start ${c}`, command: `ssh ${name} mv /tmp/${c}.yaml /etc/kubernetes/manifests/${c}.yaml` },
        );
  }
  out.push({ label: 'Registry down', command: 'registry down' }, { label: 'Registry up', command: 'registry up' });
  return out;
}
