/**
 * Running one probe against a container, as pkg/kubelet/prober/prober.go runProbe does, with the
 * answers of the program inside (runtime/app.ts):
 * - exec: CRI ExecSync; exit 0 is Success, another exit code Failure with the command's output
 *   (pkg/probe/exec/exec.go); a CRI error (runtime down) is an error, not a result;
 * - httpGet: a GET from the kubelet to the pod IP; 200-399 Success, else Failure "HTTP probe
 *   failed with statuscode: N", a dial error Failure with the error text (pkg/probe/http/http.go);
 * - tcpSocket: a connect; a dial error is a Failure with its text (pkg/probe/tcp/tcp.go).
 * A named port is looked up in the container's ports, else read as a number (extractPort:
 * `strconv.Atoi: parsing "http": invalid syntax` when it is neither).
 */
import type { Probe, ProbePort } from '../core/api-types';
import type { Engine } from '../core/engine';
import type { Host, HostContainer } from '../core/state';
import { execInContainer, httpGet, tcpDial } from '../runtime/app';
import { criAvailable, criError, writableContainer } from '../runtime/containers';

/** A probe's outcome: a result with its output, or an error (the worker throws the result away). */
export type ProbeOutcome = { result: 'Success' | 'Failure'; output: string } | { error: string };

/** extractPort: a port number, or the error the probe reports. */
export function extractPort(
  port: ProbePort,
  declared: readonly { containerPort: number; name?: string }[],
): number | { error: string } {
  let n: number;
  if (typeof port === 'number') n = port;
  else {
    const named = declared.find((p) => p.name === port);
    if (named) n = named.containerPort;
    else if (/^[+-]?\d+$/.test(port)) n = Number(port);
    else return { error: `strconv.Atoi: parsing ${JSON.stringify(port)}: invalid syntax` };
  }
  if (n > 0 && n < 65536) return n;
  return { error: `invalid port number: ${n}` };
}

/** Run `probe` against container `c` of a pod whose IP is `podIP`. */
export function runProbe(
  e: Engine,
  h: Host,
  probe: Probe,
  c: HostContainer,
  podIP: string,
  declared: readonly { containerPort: number; name?: string }[],
): ProbeOutcome {
  if (probe.exec) {
    if (!criAvailable(e, h)) return { error: criError(e) };
    const r = execInContainer(c, probe.exec.command, e.now, (x) => writableContainer(e, h, x.id) ?? { ...x });
    return { result: r.exitCode === 0 ? 'Success' : 'Failure', output: r.output };
  }
  const ports = declared.map((p) => p.containerPort);
  if (probe.httpGet) {
    const port = extractPort(probe.httpGet.port, declared);
    if (typeof port !== 'number') return port;
    const ip = probe.httpGet.host || podIP;
    const r = httpGet(c, { scheme: probe.httpGet.scheme, ip, port, path: probe.httpGet.path }, ports, e.now);
    if ('error' in r) return { result: 'Failure', output: r.error };
    if (r.status >= 200 && r.status < 400) return { result: 'Success', output: '' };
    return { result: 'Failure', output: `HTTP probe failed with statuscode: ${r.status}` };
  }
  if (probe.tcpSocket) {
    const port = extractPort(probe.tcpSocket.port, declared);
    if (typeof port !== 'number') return port;
    const err = tcpDial(c, probe.tcpSocket.host || podIP, port, ports);
    return err ? { result: 'Failure', output: err } : { result: 'Success', output: '' };
  }
  return { error: 'missing probe handler' };
}
