/** Português (Brasil): the simulated cloud (cards, Node groups) and a big cluster's overview. */
import type { Translation } from '../types';

export const cloud: Translation['cloud'] = {
  instanceButton: (node) => `instância de ${node}`,
  instanceTitle: (id, state, group) => `Instância de nuvem ${id}: ${state}${group ? `, grupo de nós ${group}` : ''}`,
  // Os estados de instância do EC2 são valores da nuvem: ficam em inglês.
  states: {
    pending: 'pending',
    running: 'running',
    stopping: 'stopping',
    stopped: 'stopped',
    terminated: 'terminated',
  },
  nodeGroups: 'Grupos de nós',
  processes: 'Static pods no control plane:',
  processButton: (name, running) => `${name} ${running ? '✔ rodando' : '✖ parado'}`,
  groupBounds: (min, target, max) => `min ${min} · target ${target} · max ${max}`,
  groupMachines: (live, ready) => `${live} ${live === 1 ? 'máquina' : 'máquinas'}, ${ready} com um Node Ready`,
  groupSlots: (name, min, target, max, live, ready) =>
    `${name}: ${ready} Ready, ${live - ready} não Ready ou sem Node, target ${target}, de ${min} a ${max}`,
  health: (h) => `health ${h}`,
  scaleUp: (s) => `scale-up ${s}`,
  backoff: (until) => `em back-off até ${until}`,
  autoscaler: 'cluster-autoscaler',
  noAutoscaler: 'Não há cluster autoscaler neste cluster: nada adiciona ou remove máquinas.',
  autoscalerDown: 'Parado (seu processo no control plane não está rodando).',
  clusterHealth: (h) => `Cluster ${h}`,
  unneeded: 'Desnecessários (candidatos a scale-down)',
  removableAt: (node, at) => `${node}, removível em ${at}`,
  unremovable: 'Não removíveis',
  deleting: 'Sendo removidos',
  deletingSince: (node, at, drain) => `${node}, desde ${at}${drain ? ', em drain' : ', vazio'}`,
  decisions: 'Últimas decisões',
  noDecisions: 'Nenhuma ainda.',
  unregistered: (n) => `${n} ${n === 1 ? 'máquina' : 'máquinas'} sem Node`,
};

export const overview: Translation['overview'] = {
  loading: 'Desenhando a visão geral…',
  booting: (at) =>
    `O cluster está iniciando (${at}): as máquinas ligam e se registram, depois os pods são agendados e iniciam. A execução começa em 0s.`,
  preview: (at) =>
    `${at} como a execução registrou: visões do kubectl e comandos seguem quando a reprodução chegar lá.`,
  back: '← Voltar à visão geral',
  showing: (names) => `Cartão de ${names.join(', ')}; o resto do cluster está na visão geral.`,
  zoomIn: '+ Ampliar',
  zoomOut: '− Reduzir',
  whole: 'Cluster inteiro',
  showNode: 'Mostrar nó',
  show: 'Mostrar cartão',
  unknownNode: (name) => (name ? `Nenhuma máquina chamada ${name} neste cluster.` : 'Digite o nome de um nó primeiro.'),
  canvasLabel: (nodes, pods) =>
    `Visão geral de ${nodes.toLocaleString('pt-BR')} máquinas e ${pods.toLocaleString('pt-BR')} pods por zona: a tabela acima traz os mesmos números`,
  zonesCaption: (nodes, pods, unscheduled) =>
    `Zonas: ${nodes.toLocaleString('pt-BR')} máquinas, ${pods.toLocaleString('pt-BR')} pods nelas${unscheduled ? `, ${unscheduled.toLocaleString('pt-BR')} Pending sem nó` : ''}`,
  zone: 'Zona',
  zoneState: 'Estado da zona',
  nodes: 'Nós',
  tainted: 'Taint NoExecute',
  noZone: 'sem zona',
  zoneCounts: (ready, notReady, tainted) => `${ready} Ready · ${notReady} NotReady · ${tainted} com taint NoExecute`,
  noNode: 'sem Node',
  poweredOff: 'desligado',
  taintedNoExecute: 'com taint NoExecute',
  noPods: 'sem pods',
  clickForCard: 'clique para ver o cartão',
  podStates: {
    ready: 'Running',
    notReady: 'não pronto',
    pending: 'Pending',
    terminating: 'Terminating',
    finished: 'encerrado',
  },
  pods: 'Pods',
  podColumns: {
    ready: 'Running',
    notReady: 'não pronto',
    pending: 'Pending',
    terminating: 'Terminating',
    finished: 'encerrado',
  },
  legend: 'Legenda',
  keyReady: 'Ready',
  keyNotReady: 'NotReady',
  keyTainted: 'taint NoExecute (borda âmbar)',
  keyOff: 'desligado (base escura)',
  keyPods: 'Pods: ● Running · ○ não pronto · □ Pending · ✕ Terminating (formas ao ampliar)',
};
