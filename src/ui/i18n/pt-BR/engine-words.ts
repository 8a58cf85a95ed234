/**
 * Português (Brasil): the engine's chapter labels, action menus and reasons, rewritten around the
 * same names (see ../rewrite.ts). Node/Pod names, units, taints and Kubernetes values stay as
 * they are; cordon and drain keep kubectl's verbs, as Brazilian docs and classes say them.
 */
import { type Rule, rewrite } from '../rewrite';

const DONE: Record<string, string> = { stopped: 'parado', started: 'iniciado', restarted: 'reiniciado' };

const CHAPTERS: Rule[] = [
  [/static pod (\S+) (started|stopped) on (\S+)/, (p, d, n) => `pod estático ${p} ${DONE[d]} em ${n}`],
  [/(\S+) (stopped|started|restarted) on (\S+)/, (u, d, n) => `${u} ${DONE[d]} em ${n}`],
  [/(\S+) (started|stopped)/, (c, d) => `${c} ${DONE[d]}`],
  [/(\S+) powered off/, (n) => `${n} desligado`],
  [/(\S+) powered on/, (n) => `${n} ligado`],
  [/(\S+) rebooted/, (n) => `${n} reinicializado`],
  [/registry down/, () => 'registry fora do ar'],
  [/registry up/, () => 'registry de volta'],
  [/(\S+) edited on (\S+)/, (f, n) => `${f} editado em ${n}`],
  [/(\S+) moved on (\S+)/, (f, n) => `${f} movido em ${n}`],
  [/Node (\S+) deleted/, (n) => `Node ${n} excluído`],
  [/(\S+) cordoned/, (n) => `cordon em ${n}`],
  [/(\S+) uncordoned/, (n) => `uncordon em ${n}`],
  [/(\S+) draining/, (n) => `drain em ${n}`],
  [/pod (\S+) created/, (p) => `pod ${p} criado`],
  [/(deploy\/\S+) created/, (d) => `${d} criado`],
  [/(\S+) Node object gone/, (n) => `objeto Node de ${n} sumiu`],
  [/(\S+) registered/, (n) => `${n} registrado`],
  [/(\S+) tainted (\S+)/, (n, t) => `taint ${t} em ${n}`],
  [/(\S+) untainted/, (n) => `${n} sem taints`],
  [/(\d+) pods evicted from (\S+)/, (c, n) => `${c} pods despejados de ${n}`],
  [/(\S+) evicted/, (p) => `${p} despejado`],
  [/(\d+) pods of (\S+) deleted by PodGC/, (c, n) => `${c} pods de ${n} excluídos pelo PodGC`],
  [/(\S+) deleted by PodGC/, (p) => `${p} excluído pelo PodGC`],
  [/replacement (\S+) Running on (\S+)/, (p, n) => `substituto ${p} Running em ${n}`],
  [/(\d+) replacements Running on (\S+)/, (c, n) => `${c} substitutos Running em ${n}`],
  [/(\d+) replacements Running/, (c) => `${c} substitutos Running`],
];

const ACTIONS: Rule[] = [
  [/Stop (\S+)/, (x) => `Parar ${x}`],
  [/Start (\S+)/, (x) => `Iniciar ${x}`],
  [/Restart (\S+)/, (x) => `Reiniciar ${x}`],
  [/Power off/, () => 'Desligar'],
  [/Power on/, () => 'Ligar'],
  [/Reboot/, () => 'Reinicializar (reboot)'],
  [/Cut network/, () => 'Cortar a rede'],
  [/Heal network/, () => 'Restaurar a rede'],
  [/Delete Node object/, () => 'Excluir o objeto Node'],
  [/Cordon/, () => 'Aplicar cordon'],
  [/Uncordon/, () => 'Tirar o cordon'],
  [/Drain/, () => 'Fazer drain'],
  [/Delete pod/, () => 'Excluir o pod'],
  [/Force delete pod/, () => 'Forçar a exclusão do pod'],
  [/Registry down/, () => 'Derrubar o registry'],
  [/Registry up/, () => 'Religar o registry'],
];

const REASONS: Rule[] = [
  [/(\S+) is already stopped/, (x) => `${x} já está parado`],
  [/(\S+) is already running/, (x) => `${x} já está rodando`],
  [/(\S+) is already powered off/, (x) => `${x} já está desligado`],
  [/(\S+) is already powered on/, (x) => `${x} já está ligado`],
  [/(\S+) is already cordoned/, (x) => `${x} já está com cordon`],
  [/(\S+) is not cordoned/, (x) => `${x} não está com cordon`],
  [/(\S+) is powered off/, (x) => `${x} está desligado`],
  [/(\S+) is unreachable \(network cut\)/, (x) => `${x} está inacessível (rede cortada)`],
  [/(\S+)'s network is already cut/, (x) => `a rede de ${x} já está cortada`],
  [/(\S+)'s network is not cut/, (x) => `a rede de ${x} não está cortada`],
  [/Node object (\S+) does not exist/, (x) => `o objeto Node ${x} não existe`],
  [/the API server is unavailable/, () => 'o API server está indisponível'],
  [/there is no control-plane node/, () => 'não há nó de plano de controle'],
  [/(\S+) does not exist/, (x) => `${x} não existe`],
];

export const chapterLabel = (label: string) => rewrite(label, CHAPTERS);
export const actionLabel = (label: string) => rewrite(label, ACTIONS);
export const actionReason = (reason: string) => rewrite(reason, REASONS);

/** The builder's failures (`Stop kubelet on node2`, `Cut network of node2`, `Power off node2`). */
export const failureLabel = (label: string) =>
  rewrite(label, [
    [/(Stop|Start|Restart) (\S+) on (\S+)/, (v, x, n) => `${actionLabel(`${v} ${x}`)} em ${n}`],
    [/(Cut|Heal) network of (\S+)/, (v, n) => `${actionLabel(`${v} network`)} de ${n}`],
    [/(Power off|Power on|Reboot|Delete Node object|Cordon|Uncordon|Drain) (\S+)/, (v, n) => `${actionLabel(v)}: ${n}`],
    [/.*/, () => actionLabel(label)],
  ]);
