/**
 * Canonical form of a command: what the terminal echoes, the command log stores and links carry.
 * `print(parse(x))` parses back to the same command, so canonical forms are fixed points.
 */
import { printCloud } from './cloud-parse';
import type { Command } from './parse';

/** Quote a word for the shell only when it needs it (single quotes, `'\''` for a quote inside). */
export function shellQuote(w: string): string {
  if (w !== '' && /^[A-Za-z0-9_@%+=:,./-]+$/.test(w)) return w;
  return `'${w.replaceAll("'", "'\\''")}'`;
}

function ns(namespace: string): string {
  return namespace === 'default' ? '' : ` -n ${shellQuote(namespace)}`;
}

/** `kubectl run`'s words after NAME, behind `--` so that none reads as a flag. */
export function runWords(args: readonly string[] | undefined, command: boolean | undefined): string {
  const flag = command ? ' --command' : '';
  return args?.length ? `${flag} -- ${args.map(shellQuote).join(' ')}` : flag;
}

/** The canonical command line for a parsed command. */
export function printCommand(c: Command): string {
  const q = shellQuote;
  switch (c.kind) {
    case 'kubectl-read':
      return ['kubectl', ...c.args].map(q).join(' ');
    case 'kubectl-delete-pod': {
      let s = `kubectl delete pod ${q(c.name)}${ns(c.namespace)}`;
      if (c.force) s += ' --force';
      if (c.gracePeriod !== undefined) s += ` --grace-period=${c.gracePeriod}`;
      return s;
    }
    case 'kubectl-delete-node':
      return `kubectl delete node ${q(c.name)}`;
    case 'kubectl-delete-pdb':
      return `kubectl delete pdb ${q(c.name)}${ns(c.namespace)}`;
    case 'kubectl-cordon':
      return `kubectl cordon ${q(c.node)}`;
    case 'kubectl-uncordon':
      return `kubectl uncordon ${q(c.node)}`;
    case 'kubectl-drain': {
      let s = `kubectl drain ${q(c.node)}${c.ignoreDaemonsets ? ' --ignore-daemonsets' : ''}${c.force ? ' --force' : ''}`;
      if (c.deleteEmptyDirData) s += ' --delete-emptydir-data';
      if (c.gracePeriod !== undefined) s += ` --grace-period=${c.gracePeriod}`;
      if (c.timeout) s += ` --timeout=${q(c.timeout.text)}`;
      return s;
    }
    case 'interrupt':
      return '^C';
    case 'kubectl-taint':
      return `kubectl taint nodes ${q(c.node)} ${c.specs.map(q).join(' ')}${c.overwrite ? ' --overwrite' : ''}`;
    case 'kubectl-scale':
      return `kubectl scale ${c.resource} ${q(c.name)}${ns(c.namespace)} --replicas=${c.replicas}`;
    case 'kubectl-run':
      return `kubectl run ${q(c.name)}${ns(c.namespace)} --image ${q(c.image)}${runWords(c.args, c.command)}`;
    case 'kubectl-create-deployment':
      return `kubectl create deployment ${q(c.name)}${ns(c.namespace)} --image ${q(c.image)}${c.replicas !== undefined ? ` --replicas ${c.replicas}` : ''}`;
    case 'kubectl-apply':
      return `kubectl apply -f -\n${c.manifest.replace(/\s+$/, '')}`;
    case 'kubectl-logs':
      return `kubectl logs ${q(c.pod)}${ns(c.namespace)}`;
    case 'kubectl-exec':
      return `kubectl exec ${q(c.pod)}${ns(c.namespace)} -- ${c.command.map(q).join(' ')}`;
    case 'kubectl-port-forward':
      return `kubectl port-forward ${q(c.pod)}${ns(c.namespace)} ${c.ports}`;
    case 'ssh-systemctl':
      return `ssh ${q(c.node)} systemctl ${c.action} ${c.unit}`;
    case 'ssh-journalctl':
      return `ssh ${q(c.node)} journalctl -u ${c.unit}`;
    case 'ssh-poweroff':
      return `ssh ${q(c.node)} poweroff`;
    case 'ssh-reboot':
      return `ssh ${q(c.node)} reboot`;
    case 'ssh-mv':
      return `ssh ${q(c.node)} mv ${q(c.src)} ${q(c.dst)}`;
    case 'ssh-sed':
      return `ssh ${q(c.node)} sed -i '${`s/${c.from}/${c.to}/`.replaceAll("'", "'\\''")}' ${q(c.file)}`;
    case 'power-on':
      return `power-on ${q(c.node)}`;
    case 'network':
      return `network ${c.action} ${q(c.node)}`;
    case 'registry':
      return `registry ${c.action}`;
    case 'cloud-instances':
    case 'cloud-groups':
    case 'cloud-instance':
    case 'cloud-scale':
      return printCloud(c);
  }
}
