import { describe, expect, it } from 'vitest';
import { parseCommand, tokenize } from './parse';
import { printCommand } from './print';

/** Every command form, in canonical spelling. */
const CANONICAL = [
  'kubectl get nodes',
  'kubectl get pods -o wide',
  'kubectl get pods -A',
  'kubectl get deploy,sts,ds',
  'kubectl get leases -n kube-node-lease',
  'kubectl describe node node2',
  'kubectl events -A',
  'kubectl events --for pod/web-1 --types=Warning',
  'kubectl get pods -l app=web -o yaml',
  'kubectl get endpoints web -o json',
  'kubectl delete pod db-0',
  'kubectl delete pod db-0 --force --grace-period=0',
  'kubectl delete pod coredns-1 -n kube-system',
  'kubectl delete node node2',
  'kubectl cordon node2',
  'kubectl uncordon node2',
  'kubectl drain node2 --ignore-daemonsets --force',
  'kubectl taint nodes node2 node.kubernetes.io/out-of-service=nodeshutdown:NoExecute',
  'kubectl taint nodes node2 dedicated:NoSchedule- gpu=true:PreferNoSchedule --overwrite',
  'kubectl scale deployment web --replicas=5',
  'kubectl scale statefulset db --replicas=0',
  'kubectl run nginx1 --image nginx',
  'kubectl run sleeper --image busybox:1.36 -- sleep 3600',
  "kubectl run sh --image busybox:1.36 --command -- sh -c 'sleep 1; exit 3'",
  'kubectl create deployment web --image nginx:1.27 --replicas 3',
  'kubectl logs web-1',
  'kubectl exec web-1 -- cat /etc/hostname',
  'kubectl port-forward web-1 8080:80',
  'ssh node2 systemctl stop kubelet',
  'ssh node2 systemctl status containerd',
  'ssh node2 journalctl -u kubelet',
  'ssh node2 poweroff',
  'ssh node2 reboot',
  'ssh control-plane mv /etc/kubernetes/manifests/etcd.yaml /tmp/etcd.yaml',
  "ssh node2 sed -i 's/nginx/nginx:1.27/' /etc/kubernetes/manifests/nginx.yaml",
  'power-on node2',
  'network cut node2',
  'network heal node2',
  'registry down',
  'registry up',
  '^C',
  'kubectl drain node2 --ignore-daemonsets --grace-period=10 --timeout=1m30s',
  'kubectl apply -f -\napiVersion: v1\nkind: Pod\nmetadata:\n  name: x',
];

describe('parse / print', () => {
  it.each(CANONICAL)('%s is a fixed point of print(parse(.))', (line) => {
    const p = parseCommand(line);
    expect(p.ok).toBe(true);
    if (!p.ok) return;
    expect(printCommand(p.command)).toBe(line);
  });

  it.each([
    ['kubectl delete pod db-0 --grace-period=0 --force', 'kubectl delete pod db-0 --force --grace-period=0'],
    ['kubectl delete po db-0 --force --grace-period 0', 'kubectl delete pod db-0 --force --grace-period=0'],
    ['kubectl scale deploy/web --replicas 5', 'kubectl scale deployment web --replicas=5'],
    ['kubectl run nginx1 --image=nginx', 'kubectl run nginx1 --image nginx'],
    // kubectl run.go Run: every word after NAME is an arg, with `--` or without.
    ['kubectl run s --image=busybox sleep 60', 'kubectl run s --image busybox -- sleep 60'],
    [
      'kubectl run s --command --image=busybox -- sleep --help',
      'kubectl run s --image busybox --command -- sleep --help',
    ],
    ['ssh node2 sudo systemctl stop kubelet.service', 'ssh node2 systemctl stop kubelet'],
    ['  ssh   node2 "systemctl"  stop kubelet ', 'ssh node2 systemctl stop kubelet'],
    ['kubectl drain node2 --force --ignore-daemonsets', 'kubectl drain node2 --ignore-daemonsets --force'],
    ['kubectl delete pod web-1 --namespace=default', 'kubectl delete pod web-1'],
  ])('%s prints as %s', (line, canonical) => {
    const p = parseCommand(line);
    if (!p.ok) throw new Error(p.error);
    expect(printCommand(p.command)).toBe(canonical);
    const again = parseCommand(canonical);
    if (!again.ok) throw new Error(again.error);
    expect(again.command).toEqual(p.command);
  });

  it.each([
    ['kubectl foo', 'error: unknown command "foo" for "kubectl"'],
    ['kubectl get pods --bogus', 'error: unknown flag: --bogus'],
    ['kubectl get pods -x', "error: unknown shorthand flag: 'x' in -x"],
    ['kubectl get pods -n', "error: flag needs an argument: 'n' in -n"],
    ['kubectl scale deployment web', 'error: required flag(s) "replicas" not set'],
    [
      'kubectl scale deployment web --replicas=abc',
      'error: invalid argument "abc" for "--replicas" flag: strconv.ParseInt: parsing "abc": invalid syntax',
    ],
    ['kubectl run nginx', 'error: required flag(s) "image" not set'],
    // run.go Validate: `--` before NAME (ArgsLenAtDash 0) leaves no NAME.
    [
      'kubectl run --image nginx -- nginx',
      "error: NAME is required for run\nSee 'kubectl run -h' for help and examples",
    ],
    ['ssh node2 systemctl stop foo', 'Failed to stop foo.service: Unit foo.service not found.'],
    ['ssh node2 systemctl status foo', 'Unit foo.service could not be found.'],
    ['ssh node2 systemctl frobnicate kubelet', 'Unknown command verb frobnicate.'],
    ['ssh node2 rm -rf /', 'bash: rm: command not found'],
    ['network chop node2', 'usage: network cut|heal NODE'],
    [
      'reboot-everything',
      'unknown command "reboot-everything": use kubectl, ssh NODE, power-on NODE, network cut|heal NODE, registry down|up, cloud or ^C',
    ],
    ['ssh node2 "systemctl stop', 'unterminated quoted string'],
    ['kubectl apply -f -', 'error: no objects passed to apply'],
  ])('%s is refused: %s', (line, error) => {
    const p = parseCommand(line);
    expect(p).toEqual({ ok: false, error });
  });

  it('tokenizes quotes like a shell', () => {
    expect(tokenize(`a 'b c' "d \\"e\\"" f\\ g`)).toEqual(['a', 'b c', 'd "e"', 'f g']);
  });
});
