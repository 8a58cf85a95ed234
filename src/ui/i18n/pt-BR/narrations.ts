/**
 * Português (Brasil): the built-in lessons' narration, in the voice of the Portuguese seed
 * write-up (nó, plano de controle, contêiner) with kubernetes.io/pt-br's taint, tolerância and
 * despejo; kinds, conditions, reasons and taint keys stay as Kubernetes prints them.
 */
import type { Translation } from '../types';

export const narrations: Translation['narrations'] = {
  'kubelet-stop-control-plane': {
    stop: {
      text: 'Aos 30s o kubelet em test para. Nada mais muda no host: os contêineres continuam rodando.',
    },
    'predict-status': {
      text: 'O kubelet não envia mais o status do nó.',
      question: 'Quanto tempo até o nó ser marcado NotReady?',
      choices: ['Na hora', 'Cerca de 40 segundos (node-monitor-grace-period)', '5 minutos', 'Nunca'],
      explanation:
        'O controlador node-lifecycle espera node-monitor-grace-period (40s na v1.23) sem heartbeat e então põe todas as condições em Unknown, com NodeStatusUnknown.',
    },
    notready: {
      text: 'O nó está NotReady: MemoryPressure, DiskPressure, PIDPressure e Ready estão Unknown; os pods continuam rodando.',
    },
    'no-eviction': {
      text: 'Só um taint NoSchedule: todos os nós do cluster estão NotReady, então o controlador node-lifecycle suspeita de um problema no plano de controle (master disruption mode), não põe taint NoExecute e não despeja nada.',
    },
    start: {
      text: 'Aos 3m o kubelet volta, registra Starting, NodeHasSufficientMemory... e o nó fica Ready.',
    },
  },
  'docker-stop': {
    stop: {
      text: 'Aos 30s o docker para no knode. Sem live-restore, os contêineres param junto.',
    },
    predict: {
      text: 'O próprio kubelet continua rodando e enviando o status do nó.',
      question: 'O que vira a condição Ready do knode?',
      choices: ['Unknown (NodeStatusUnknown)', 'False (KubeletNotReady, container runtime is down)', 'Continua True'],
      explanation:
        'O kubelet está vivo e relata que o agente de execução caiu, então Ready fica False com o motivo KubeletNotReady, não Unknown.',
    },
    notready: {
      text: 'O knode está NotReady; os pods mostram Completed 0/1 e o Deployment 0/3.',
    },
    taint: {
      text: 'Ready é False, não Unknown, então o taint é node.kubernetes.io/not-ready:NoExecute; todo pod o tolera por 300s.',
    },
    evicted: {
      text: '300s depois o controlador de taints marca os pods para exclusão. Os substitutos ficam Pending: o kmaster não recebe cargas de trabalho.',
    },
    start: {
      text: 'Aos 8m o docker volta: o knode fica Ready, os taints saem e o kubelet remove os pods despejados.',
    },
    replaced: {
      text: 'Os substitutos são agendados no knode e rodam: o Deployment e o StatefulSet estão completos de novo.',
    },
  },
  'kubelet-stop-worker': {
    stop: {
      text: 'Aos 30s o kubelet no knode para; os contêineres continuam rodando sob o docker.',
    },
    predict: {
      text: 'Ninguém mais envia o status do knode.',
      question: 'O que os pods no knode mostram dois minutos depois?',
      choices: ['Running, mas não Ready', 'Completed', 'Pending', 'Sumiram'],
      explanation:
        'O controlador node-lifecycle marca os pods com Ready=False quando o nó fica Unknown; a fase continua Running porque só o kubelet a muda.',
    },
    notready: {
      text: 'O knode está NotReady, com todas as condições Unknown.',
    },
    taint: {
      text: '5s depois o controlador node-lifecycle põe o taint node.kubernetes.io/unreachable:NoExecute no knode; os pods o toleram por 300s.',
    },
    evicted: {
      text: 'A tolerância acabou: os pods são marcados para exclusão e ficam Terminating, pois nenhum kubelet confirma. Os substitutos ficam Pending.',
    },
    start: {
      text: 'Aos 8m o kubelet volta: o knode fica Ready de novo, os taints saem e o kubelet para e remove os pods despejados.',
    },
    replaced: {
      text: 'Os substitutos são agendados no knode e rodam.',
    },
  },
  'node-poweroff': {
    off: {
      text: 'Aos 30s o knode desliga: sem kubelet, sem contêineres, sem rede.',
    },
    notready: {
      text: 'Do plano de controle, isso parece igual a um kubelet parado.',
    },
    taint: {
      text: 'O knode recebe o taint node.kubernetes.io/unreachable:NoExecute; os pods, ainda mostrados Running, o toleram por 300s.',
    },
    evicted: {
      text: 'A tolerância acabou: os pods são marcados para exclusão mas ficam Terminating, e os substitutos Pending.',
    },
    on: {
      text: 'Aos 8m o knode liga: o systemd inicia o docker e o kubelet, que não encontra contêineres e relata Ready.',
    },
    replaced: {
      text: 'O kubelet remove os pods despejados; os substitutos são agendados no knode e rodam.',
    },
  },
  'node-delete': {
    delete: {
      text: 'Aos 30s o objeto Node node2 é excluído. A máquina e o seu kubelet continuam rodando.',
    },
    predict: {
      text: 'O kubelet no node2 continua rodando.',
      question: 'O kubelet cria o seu objeto Node de novo?',
      choices: ['Sim, na próxima atualização de status', 'Não, ele só se registra ao iniciar'],
      explanation:
        "O kubelet registra o seu Node uma vez, ao iniciar. Depois, as atualizações de status falham com 'not found' e inundam o log.",
    },
    orphans: {
      text: 'O coletor de lixo exclui os pods ligados ao nó que sumiu e os controladores os recriam no node1.',
    },
    restart: {
      text: 'Aos 4m o kubelet reinicia, registra o node2 de novo e o DaemonSet agenda o seu pod lá.',
    },
  },
  'pod-to-dead-kubelet': {
    stop: {
      text: 'O node1 está com cordon, e aos 10s o kubelet no node2 para.',
    },
    'predict-pending': {
      text: 'Aos 15s, `kubectl run nginx1` cria um pod; o escalonador só pode escolher o node2.',
      question: 'Qual é o status do nginx1 aos 40s?',
      choices: ['Running', 'Pending, agendado no node2', 'Pending, sem agendamento', 'ContainerCreating'],
      explanation: 'O escalonador vincula o pod ao node2, mas só o kubelet cria contêineres, e ele está parado.',
    },
    notready: {
      text: '50s sem heartbeat: o node2 fica NotReady e recebe taints. O nginx1 continua Pending, vinculado ao node2: só o kubelet do node2 pode iniciá-lo.',
    },
    start: {
      text: 'Aos 90s o kubelet volta: o node2 fica Ready de novo e os taints saem, bem antes de acabar a tolerância de 300s de qualquer pod.',
    },
    pull: {
      text: 'O kubelet vê o nginx1 e tenta baixar o nginx: o registry está inacessível (ErrImagePull, depois ImagePullBackOff).',
    },
    static: {
      text: 'nginx-node2 é um pod estático: o kubelet o roda a partir de /etc/kubernetes/manifests/nginx.yaml e o espelha na API.',
    },
    'static-out': {
      text: 'Aos 4m o manifesto sai de /etc/kubernetes/manifests: o kubelet para o pod e exclui o espelho.',
    },
    'static-in': {
      text: 'Aos 5m ele volta: o kubelet inicia o pod de novo e o espelha na API, como faria sem um API server.',
    },
  },
  eviction: {
    stop: {
      text: 'Aos 30s o kubelet no node2 para.',
    },
    unknown: {
      text: '50s sem heartbeat (node-monitor-grace-period): as condições do node2 ficam Unknown e o kubectl mostra NotReady.',
    },
    taint: {
      text: 'Uma passada do controlador node-lifecycle depois (5s), o node2 recebe o taint node.kubernetes.io/unreachable:NoExecute.',
    },
    predict: {
      text: 'Todo pod tolera node.kubernetes.io/unreachable:NoExecute por 300s (DefaultTolerationSeconds).',
      question: 'O que acontece com o pod do StatefulSet no node2 quando a tolerância acaba?',
      choices: ['É recriado em outro nó na hora', 'Fica Terminating: o kubelet não pode confirmar que parou', 'Nada'],
      explanation:
        'O pod é marcado para exclusão, mas o controlador do StatefulSet não cria um substituto com a mesma identidade até o pod antigo sumir, o que exige o kubelet (ou uma exclusão forçada).',
    },
    evicted: {
      text: 'TaintManagerEviction: os pods no node2 são marcados para exclusão. O pod do DaemonSet tolera o taint e fica.',
    },
    replaced: {
      text: 'O ReplicaSet cria na hora um substituto para o pod web, que roda no node1. O db-1 fica Terminating.',
    },
    start: {
      text: 'Aos 9m o kubelet no node2 volta: o node2 fica Ready, os taints saem e o kubelet para e remove os pods despejados.',
    },
    db: {
      text: 'Com o db-1 antigo fora, o controlador do StatefulSet cria o db-1 de novo e ele roda: o StatefulSet está completo.',
    },
  },
  'control-plane-outage': {
    apiserver: {
      text: 'Aos 30s o manifesto do kube-apiserver sai de /etc/kubernetes/manifests: o kubelet o para.',
    },
    predict: {
      text: 'O kubectl não alcança mais o API server.',
      question: 'O que acontece com os pods nginx enquanto o API server está fora?',
      choices: ['Param', 'Continuam rodando', 'São despejados'],
      explanation:
        'Quem roda os contêineres são os kubelets e o agente de execução; nenhum dos dois precisa do API server para mantê-los rodando.',
    },
    kcm: {
      text: 'Aos 4m o kube-controller-manager para; aos 4m30s o kubelet no node1 para. Ninguém observa os heartbeats.',
    },
    back: {
      text: 'Aos 7m o kube-controller-manager volta: dá a cada nó um novo período de tolerância, depois nota o Lease velho do node1 e o marca NotReady.',
    },
    taint: {
      text: 'O node1 recebe o taint node.kubernetes.io/unreachable:NoExecute; seus pods o toleram por 300s.',
    },
    evicted: {
      text: 'A tolerância acabou: os pods web no node1 são marcados para exclusão.',
    },
    replaced: {
      text: 'O ReplicaSet os recria; eles rodam no node2.',
    },
    start: {
      text: 'Aos 14m o kubelet no node1 volta: o node1 fica Ready, os taints saem e os pods despejados são removidos.',
    },
  },
};
