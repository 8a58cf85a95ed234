/**
 * Português (Brasil): the engine's chapter labels, action menus and reasons, rewritten around the
 * same names (see ../rewrite.ts). Node/Pod names, units, taints and Kubernetes values stay as
 * they are; cordon and drain keep kubectl's verbs, as Brazilian docs and classes say them.
 */
import { type Rule, rewrite, rewriteNodes } from '../rewrite';

const DONE: Record<string, string> = { stopped: 'parado', started: 'iniciado', restarted: 'reiniciado' };
/** An instance is feminine: `instância node2 parada`. */
const DONE_F: Record<string, string> = { stopped: 'parada', started: 'iniciada', terminated: 'encerrada' };

const CHAPTERS: Rule[] = [
  // The kubelet's node shutdown manager, the attach/detach controller, a budget's refused eviction.
  [/(\d+) pods of (\S+) terminated by node shutdown/, (c, n) => `${c} pods de ${n} encerrados pelo desligamento do nó`],
  [/(\S+) terminated by node shutdown/, (p) => `${p} encerrado pelo desligamento do nó`],
  [/(\S+) shutting down/, (n) => `${n} desligando`],
  [/volume (\S+) force-detached from (\S+)/, (v, n) => `volume ${v} desanexado à força de ${n}`],
  [/volume (\S+) detached from (\S+)/, (v, n) => `volume ${v} desanexado de ${n}`],
  [/volume (\S+) attached to (\S+)/, (v, n) => `volume ${v} anexado a ${n}`],
  [
    /Multi-Attach error for (\S+) \(volume (\S+) on (\S+)\)/,
    (p, v, n) => `erro Multi-Attach em ${p} (volume ${v} em ${n})`,
  ],
  [/(\S+) eviction refused by PDB (\S+)/, (p, b) => `despejo de ${p} recusado pelo PDB ${b}`],
  [/instance (\S+) (stopped|started|terminated)/, (n, d) => `instância ${n} ${DONE_F[d]}`],
  [/node group (\S+) scaled to (\d+)/, (g, c) => `grupo de nós ${g} ajustado para ${c}`],
  [/node group (\S+) (\d+)→(\d+)/, (g, a, b) => `grupo de nós ${g} ${a}→${b}`],
  [/(\S+) being removed \(scale-down\)/, (n) => `${n} sendo removido (scale-down)`],
  [/(\S+)'s machine removed \(no Node\)/, (n) => `máquina de ${n} removida (sem Node)`],
  [/autoscaler stops \(cluster unhealthy\)/, () => 'autoscaler para (cluster não saudável)'],
  [/autoscaler acts again \(cluster healthy\)/, () => 'autoscaler volta a agir (cluster saudável)'],
  [/network cut to (\S+)/, (n) => `rede de ${n} cortada`],
  [/network healed to (\S+)/, (n) => `rede de ${n} restaurada`],
  [/((?:deploy|sts)\/\S+) scaled to (\d+)/, (r, c) => `${r} escalado para ${c}`],
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
  [/(\S+) force-deleted/, (p) => `${p} excluído à força`],
  [/(\S+) deleted/, (p) => `${p} excluído`],
];

const ACTIONS: Rule[] = [
  [/Stop instance/, () => 'Parar a instância'],
  [/Start instance/, () => 'Iniciar a instância'],
  [/Terminate instance/, () => 'Encerrar a instância'],
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
  [/instance (\S+) \((\S+)\) is terminated/, (i, n) => `a instância ${i} (${n}) está encerrada`],
  [
    /instance (\S+) \((\S+)\) is (\S+): only a running instance can be stopped/,
    (i, n, st) => `a instância ${i} (${n}) está ${st}: só uma instância running pode ser parada`,
  ],
  [
    /instance (\S+) \((\S+)\) is (\S+): only a stopped instance can be started/,
    (i, n, st) => `a instância ${i} (${n}) está ${st}: só uma instância stopped pode ser iniciada`,
  ],
  [/(\S+) is not a cloud instance/, (x) => `${x} não é uma instância na nuvem`],
  [
    /(\S+) is a cloud instance: start it from its instance/,
    (x) => `${x} é uma instância na nuvem: inicie pela instância`,
  ],
  [/(\S+) is not installed on (\S+)/, (x, n) => `${x} não está instalado em ${n}`],
  [/pod (\S+) no longer exists/, (p) => `o pod ${p} não existe mais`],
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

export const chapterLabel = (label: string) => rewriteNodes(label, CHAPTERS, (c) => `${c} nós`);
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
