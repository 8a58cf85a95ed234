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
  'pdb-drain': {
    drain: {
      text: 'Aos 30s kubectl drain node2 --ignore-daemonsets faz cordon do node2 (SchedulingDisabled) e pede à API de eviction que despeje o pod web que está nele.',
    },
    predict: {
      text: 'O PodDisruptionBudget web quer minAvailable 3, e o web tem 3 pods Ready: kubectl get pdb mostra ALLOWED DISRUPTIONS 0.',
      question: 'O que o drain faz quando o orçamento não permite nenhuma interrupção?',
      choices: [
        'Exclui o pod mesmo assim',
        'Falha na hora com um erro',
        'Pede de novo a cada 5 segundos, pelo tempo que for preciso',
      ],
      explanation:
        "A API de eviction recusa com 429 Too Many Requests: Cannot evict pod as it would violate the pod's disruption budget. O kubectl drain imprime o erro com (will retry after 5s) e tenta de novo. Nada é excluído, e sem --timeout o drain espera para sempre.",
    },
    blocked: {
      text: 'O node2 está em cordon, mas o seu pod web continua rodando. Aos 50s kubectl get pdb ainda mostra ALLOWED DISRUPTIONS 0, e cada nova tentativa é recusada.',
    },
    scale: {
      text: 'Aos 1m30s kubectl scale deployment web --replicas=4: o ReplicaSet cria um 4º pod e o scheduler o põe no node1, não no node2 em cordon. Quando ele fica Ready, são 4 pods saudáveis para 3 desejados: ALLOWED DISRUPTIONS 1.',
    },
    evicted: {
      text: 'Na tentativa seguinte (1m35s) o despejo é permitido e gasta a única interrupção do orçamento: o pod no node2 é excluído e o kubelet dele para o nginx (Killing).',
    },
    replaced: {
      text: 'O ReplicaSet substitui na hora o pod despejado, no node3. Quando o substituto fica Ready, o orçamento volta a permitir 1 interrupção.',
    },
    drained: {
      text: 'O pod antigo some; o kubectl drain, que verifica a cada segundo, imprime pod/… evicted e node/node2 drained aos 1m37s. O node2 fica em cordon até kubectl uncordon node2.',
    },
  },
  'volume-out-of-service': {
    volume: {
      text: 'O db-0, o único pod do StatefulSet db, roda no node1. O seu PVC data-db-0, criado a partir de volumeClaimTemplates, está Bound a um volume ReadWriteOnce, e kubectl get volumeattachments mostra esse volume anexado (attached) ao node1: um disco assim fica anexado a um nó de cada vez.',
    },
    off: {
      text: 'Aos 30s o node1 é desligado: o kubelet, os contêineres e a rede param de uma vez, e ninguém avisa o API server.',
    },
    notready: {
      text: 'Aos 1m19s, 50 segundos sem heartbeat, o controlador node-lifecycle marca o node1 como NotReady (NodeNotReady) e o db-0 como não Ready: kubectl get statefulset db mostra READY 0/1. kubectl get pods ainda mostra o db-0 Running no node1; não sobrou kubelet para dizer o contrário.',
    },
    predict: {
      text: 'O node2 está Ready e tem espaço. O StatefulSet db quer 1 réplica e não tem nenhuma Ready.',
      question: 'O que o controlador do StatefulSet faz com o db-0?',
      choices: [
        'Cria o db-0 de novo no node2 na hora',
        'Cria o db-1 no node2 no lugar dele',
        'Nada, enquanto o objeto do pod db-0 existir',
      ],
      explanation:
        'Os pods de um StatefulSet têm nomes fixos, e existe no máximo um db-0: um novo db-0 exige que o objeto antigo suma, e só o kubelet do node1, que está desligado, o removeria. Aos 6m24s, 300 s depois do taint unreachable:NoExecute, o controlador de taint eviction marcaria o db-0 para exclusão, mas ele ficaria Terminating para sempre. Deployments não esperam: os pods novos deles têm nomes novos.',
    },
    taint: {
      text: 'Aos 2m o administrador, com certeza de que o node1 está mesmo desligado, roda kubectl taint nodes node1 node.kubernetes.io/out-of-service=nodeshutdown:NoExecute. O db-0 não tolera esse taint NoExecute: o controlador de taint eviction cancela a espera de 300 s (Cancelling deletion of Pod default/db-0) e marca o db-0 para exclusão na hora. O db-0 fica Terminating, e o volume dele continua anexado ao node1.',
    },
    'predict-volume': {
      text: 'O taint é uma promessa de que a máquina está desligada: num nó que ainda roda, dois pods poderiam escrever no mesmo disco.',
      question: 'O db-0 está Terminating num nó sem kubelet. O que acontece em seguida?',
      choices: [
        'Fica Terminating até o node1 voltar',
        'Em até 20 segundos ele é excluído à força, e o db-0 sobe no node2 com o seu volume',
        'O db-0 volta no node2, mas espera 6 minutos pelo volume',
      ],
      explanation:
        'O PodGC, a cada 20 s, exclui à força os pods Terminating de um nó NotReady com o taint out-of-service, e o controlador attach/detach desanexa o volume na hora. Sem o taint, uma exclusão forçada sozinha deixa o novo db-0 em ContainerCreating com um Multi-Attach error até o detach ser forçado 6 minutos depois (maxWaitForUnmountDuration).',
    },
    recreated: {
      text: 'Aos 2m9s a passada do PodGC exclui o db-0 à força. O controlador do StatefulSet cria o db-0 de novo e o scheduler o atribui ao node2. O controlador attach/detach desanexa o volume do node1 sem esperar e o anexa ao node2: SuccessfulAttachVolume, sem Multi-Attach error.',
    },
    running: {
      text: 'Aos 2m13s, depois do pull da imagem, o redis roda no node2. kubectl get pvc mostra o mesmo PVC Bound ao mesmo volume: o db-0 voltou com os seus dados. O node1 fica com o taint até ser consertado; depois, kubectl taint nodes node1 node.kubernetes.io/out-of-service- o remove.',
    },
  },
  'graceful-shutdown': {
    cut: {
      text: 'O web tem um pod em cada worker. Aos 30s o node2 cai da rede (network cut node2). Para o control plane isso é igual a uma queda de energia: o kubelet do node2 para de reportar, sem dizer nada sobre os seus pods.',
    },
    unknown: {
      text: 'Aos 1m19s, uns 50s depois do último heartbeat do node2 (node-monitor-grace-period), as condições dele ficam Unknown: NotReady. Aos 1m24s ele recebe o taint node.kubernetes.io/unreachable:NoExecute, que o pod web tolera por 300s: na API o pod continua Running.',
    },
    predict: {
      text: 'Aos 2m o node1 é desligado de forma limpa: ssh node1 poweroff. Todos os kubelets aqui têm shutdownGracePeriod 30s e shutdownGracePeriodCriticalPods 10s.',
      question: 'Qual pod web ganha um substituto primeiro?',
      choices: [
        'O do node2: ele se perdeu 90 segundos antes',
        'O do node1: segundos depois do desligamento',
        'Os dois juntos, quando acabarem os 300s do node2',
      ],
      explanation:
        'O kubelet do node1 segura o desligamento, para os seus pods e os reporta Failed. Um pod Failed não conta mais para o ReplicaSet, que o substitui na hora. O pod do node2 continua Running na API: ninguém pode dizer que ele parou, então ele espera acabar a tolerância de 300s e é despejado aos 6m24s.',
    },
    shutdown: {
      text: 'Aos 2m ssh node1 poweroff. O kubelet do node1 segura um inhibitor lock do systemd-logind, então o desligamento espera: evento Shutdown e, na hora, Ready False, "node is shutting down". Os pods comuns são parados primeiro, com até 20s (30s menos os 10s reservados aos pods críticos): Killing nginx.',
    },
    replaced: {
      text: 'O nginx para em menos de um segundo: o pod termina Failed, reason Terminated, "Pod was terminated in response to imminent node shutdown." (kubectl describe pod). Aos 2m1s o ReplicaSet o substitui no node3. Depois os pods críticos (calico-node, kube-proxy) param e o node1 desliga.',
    },
    compare: {
      text: 'Aos 2m5s kubectl get pods: o web tem de novo 3 pods Running, dois no node3, e o terceiro é o antigo no node2, ainda 1/1 Running, 95s depois de o node2 ficar em silêncio.',
    },
    evicted: {
      text: 'Aos 6m24s, 300s depois do taint NoExecute, o pod do node2 é despejado (TaintManagerEviction) e o ReplicaSet o substitui no node3: quase 6 minutos depois de o node2 se perder, contra 1 segundo para o node1. O pod antigo fica Terminating: só o kubelet do node2 poderia confirmar que ele acabou.',
    },
  },
  'node-delete-cloud': {
    delete: {
      text: 'Aos 30s o objeto Node node2 é excluído. A máquina dele, uma instância na nuvem, continua rodando, e o kubelet também.',
    },
    'predict-node': {
      text: 'O kubelet no node2 está vivo, e o cloud-controller-manager observa todos os Nodes.',
      question: 'Quem cria de novo o objeto Node node2?',
      choices: [
        'O kubelet, na próxima atualização de status',
        'O controlador de nós do cloud-controller-manager',
        'Ninguém',
      ],
      explanation:
        "O kubelet registra o seu Node uma vez, ao iniciar; depois, as atualizações de status falham com 'not found'. O cloud-node-controller só inicializa Nodes que existem, e o cloud-node-lifecycle-controller só os exclui: nenhum dos dois jamais cria um.",
    },
    orphans: {
      text: 'O coletor de lixo de pods exclui os pods ainda ligados ao node2 e o ReplicaSet recria os seus dois. Eles não cabem no node1 nem no node3: Pending.',
    },
    kubelet: {
      text: 'No node2 o kubelet vê que os seus pods sumiram e mata os contêineres deles, inclusive os pods dos DaemonSets kube-proxy e calico-node, enquanto as atualizações de status falham a cada 10s (journalctl aos 2m30s).',
    },
    zombie: {
      text: 'cloud instances: a instância do node2 está running, sem Node. O cloud-node-lifecycle-controller só exclui Nodes cuja instância sumiu, e só olha para Nodes: a máquina do node2 é invisível para ele.',
    },
    'predict-machine': {
      text: 'Não há cluster autoscaler neste cluster.',
      question: 'O que acontece com a máquina do node2?',
      choices: [
        'A nuvem a para depois de um tempo',
        'Ela roda, ociosa e cobrada, até alguém agir',
        'Ela reinicia e se registra de novo',
      ],
      explanation:
        'Nada no Kubernetes nem na nuvem procura uma máquina sem Node. Ela fica ociosa, um zumbi, até alguém reiniciar o kubelet (que registra o node2 de novo) ou encerrar a instância. A próxima aula roda o mesmo cluster com o cluster autoscaler.',
    },
    still: {
      text: 'Nada muda depois disso: aos 19m o cloud instances ainda lista o node2 running sem Node, e os dois pods web continuam Pending. Experimente ssh node2 systemctl restart kubelet, ou cloud terminate node2.',
    },
  },
  'node-delete-autoscaler': {
    delete: {
      text: 'Aos 30s o objeto Node node2 é excluído, como na aula sem autoscaler. A máquina e o kubelet dela continuam rodando.',
    },
    unregistered: {
      text: 'A cada 10s o cluster autoscaler lista as instâncias do grupo de nós e procura um Node com o providerID de cada uma. A do node2 não tem nenhum: o ConfigMap de status a conta como unregistered: 1.',
    },
    pending: {
      text: 'Os pods ligados ao node2 são coletados e recriados. Dois pods web não cabem em nenhum nó: Pending, FailedScheduling.',
    },
    'predict-scale-up': {
      text: 'O grupo de nós pode crescer até 5 máquinas.',
      question: 'O cluster autoscaler adiciona uma máquina para os dois pods Pending?',
      choices: [
        'Sim, dentro de um ciclo de 10s',
        'Ainda não: ele conta a máquina do node2 como um nó a caminho',
        'Nunca: ele só remove máquinas',
      ],
      explanation:
        'No cluster-autoscaler 1.33, uma máquina do grupo sem Node conta como um nó por vir (o tamanho-alvo menos os nós prontos, os não prontos e os não registrados há muito tempo). Na simulação do autoscaler os pods Pending cabem nela, então ele nem faz scale-up nem diz NotTriggerScaleUp.',
    },
    long: {
      text: 'max-node-provision-time (15 minutos) depois de ver a máquina pela primeira vez, o autoscaler desiste dela: DeleteUnregistered encerra a instância do node2, e o mesmo ciclo faz o grupo crescer de novo para os pods Pending (TriggeredScaleUp).',
    },
    'new-node': {
      text: 'A máquina nova inicializa, o kubelet dela se registra, o cloud-node-controller inicializa o Node e os pods web rodam.',
    },
    end: {
      text: 'O zumbi custou 15 minutos de uma máquina e 15 minutos de dois pods Pending. Com tamanho mínimo 3, ele ficaria para sempre: o autoscaler nunca exclui máquinas não registradas abaixo do tamanho mínimo de um grupo.',
    },
  },
  'autoscaler-scale-up': {
    grow: {
      text: 'Aos 1m o web cresce de 3 para 6 pods de 1,5 CPU. Os dois nós de 4 CPUs comportam dois cada: dois pods ficam Pending (FailedScheduling: Insufficient cpu).',
    },
    'predict-when': {
      text: 'O cluster autoscaler roda um ciclo a cada 10 segundos.',
      question: 'Quando uma máquina nova começa?',
      choices: [
        'Em cerca de 10 segundos',
        'Depois de os pods ficarem Pending por 5 minutos',
        'Só se alguém rodar cloud scale',
      ],
      explanation:
        'A cada ciclo o autoscaler simula os pods Pending nos nós que tem e no modelo de cada grupo de nós. Um pod que só cabe num nó novo de um grupo faz o grupo crescer na hora; só os pods com menos de 2 segundos de vida esperam mais um ciclo.',
    },
    triggered: {
      text: 'TriggeredScaleUp: pod triggered scale-up: [{workers 2->3 (max: 4)}]. O ConfigMap de status diz scaleUp: InProgress e conta a máquina nova como unregistered até o kubelet dela se registrar.',
    },
    registered: {
      text: 'Cerca de 90 segundos depois a máquina está running, o kubelet registra um Node com o taint node.cloudprovider.kubernetes.io/uninitialized e o cloud-node-controller o inicializa na hora (Synced).',
    },
    running: {
      text: 'O Node fica Ready e o escalonador vincula a ele os dois pods Pending.',
    },
    more: {
      text: 'Aos 6m o web cresce para 12: seis pods Pending, e o grupo só pode crescer mais uma máquina (máx. 4).',
    },
    max: {
      text: "Uma máquina para dois pods (TriggeredScaleUp) e, para os outros quatro, NotTriggerScaleUp, pod didn't trigger scale-up: 1 max node group size reached. Eles ficam Pending; o evento se repete no máximo a cada 5 minutos.",
    },
  },
  'autoscaler-scale-down': {
    shrink: {
      text: 'Aos 1m o web encolhe de 6 para 4 pods. O node2 e o node3 ficam com um pod de 1,2 CPU cada: 30% da CPU deles.',
    },
    candidates: {
      text: 'No ciclo seguinte o cluster autoscaler os considera desnecessários: no máximo 50% requisitado, e os pods deles cabem em outro lugar. Ele põe neles o taint DeletionCandidateOfClusterAutoscaler:PreferNoSchedule. O node1 não é candidato: o pod debug não tem controlador que o recrie.',
    },
    'predict-when': {
      text: 'scale-down-unneeded-time é 10 minutos.',
      question: 'Quando o node2 é removido?',
      choices: ['Na hora', 'Depois de 10 minutos desnecessário, no ciclo de 10s seguinte', 'Nunca: ainda roda um pod'],
      explanation:
        'Um nó precisa ficar desnecessário por scale-down-unneeded-time (10m). Qualquer ciclo que o ache necessário de novo (o pod dele não cabe em outro lugar) recomeça a espera.',
    },
    marked: {
      text: 'O node2 recebe o taint ToBeDeletedByClusterAutoscaler:NoSchedule e o cordon (Ready,SchedulingDisabled); o ConfigMap de status registra Scale-down: removing node node2.',
    },
    drain: {
      text: '5s depois o pod web dele é despejado (deleting pod for node scale down) e o ReplicaSet o recria no node1: o node3 tem o taint de candidato à exclusão, que o escalonador evita.',
    },
    terminated: {
      text: 'Quando o pod despejado some, o autoscaler exclui a instância do node2 pelo grupo de nós: a máquina é encerrada e o tamanho-alvo do grupo vai de 3 para 2.',
    },
    gone: {
      text: 'O Node sobrevive à máquina até ficar NotReady e o cloud-node-lifecycle-controller excluí-lo: Deleting node node2 because it does not exist in the cloud provider.',
    },
  },
  'autoscaler-zone-outage': {
    cut: {
      text: 'Aos 6m as zonas a e b perdem a rede: seis dos dez nós. As máquinas continuam rodando, então os controladores da nuvem não mexem nos Nodes delas.',
    },
    notready: {
      text: '50s depois os Nodes delas estão NotReady.',
    },
    'predict-health': {
      text: 'O cluster autoscaler conta os nós não prontos a cada ciclo.',
      question: 'O que o autoscaler faz com seis de dez nós não prontos?',
      choices: [
        'Adiciona máquinas na zona c',
        'Remove os nós não prontos',
        'Nada: para de agir até o cluster ficar saudável',
      ],
      explanation:
        'Com mais de 3 nós não prontos (ok-total-unready-count) e mais de 45% de todos os nós não prontos (max-total-unready-percentage), o cluster-autoscaler declara o cluster não saudável: nem scale-up, nem scale-down. Uma queda em massa não é hora de redimensionar.',
    },
    unhealthy: {
      text: 'ClusterUnhealthy, Cluster is unhealthy, no ConfigMap de status (no máximo a cada 5 minutos); o status dele diz clusterWide health: Unhealthy.',
    },
    evicted: {
      text: 'Cinco minutos depois dos taints, os pods das zonas a e b são despejados. Os substitutos só cabem em parte na zona c: Pending, e nenhum TriggeredScaleUp, de propósito.',
    },
    heal: {
      text: 'Aos 18m a zona b volta. Três nós não prontos estão dentro dos limites de novo: o autoscaler age, e os pods Pending encontram espaço nos nós da zona b.',
    },
    end: {
      text: 'Os pods da zona a ficam Terminating enquanto os kubelets de lá não conseguem confirmar que pararam. Não prontos por 20 minutos (scale-down-unready-time), os nós da zona a virariam candidatos a scale-down.',
    },
  },
  'zone-partly-down': {
    cut: {
      text: 'Aos 1m, 60 dos 100 nós da zone-c (c1 a c60) perdem a rede. Os pods continuam rodando, mas nada de lá chega ao API server.',
    },
    'predict-rate': {
      text: 'Quando ficam NotReady, o controlador node-lifecycle aplica neles o taint node.kubernetes.io/unreachable:NoExecute pela fila com limite de taxa da zone-c. 300s depois os pods de cada nó são despejados.',
      question: 'Com que rapidez os 60 nós da zone-c recebem o taint?',
      choices: [
        'Todos de uma vez',
        'Um a cada 10 s (node-eviction-rate 0.1)',
        'Um a cada 100 s (secondary-node-eviction-rate 0.01)',
        'Nenhum',
      ],
      explanation:
        '60 de 100 é mais que o unhealthy-zone-threshold (0.55) da zona, e mais de 2 nós: a zone-c está em PartialDisruption. O Kubernetes suspeita de um problema de rede, não de máquinas mortas, e desacelera: uma zona com mais de large-cluster-size-threshold (50) nós recebe taints no secondary-node-eviction-rate, 0.01 nó por segundo.',
    },
    notready: {
      text: 'Aos 1m49s, 50s depois dos últimos heartbeats (node-monitor-grace-period), 56 nós da zone-c ficam NotReady numa passada do controlador, os outros 4 cinco segundos depois. 56 de 100 é pelo menos 55%: a zone-c está em PartialDisruption, as zonas a e b continuam Normal.',
    },
    'first-taint': {
      text: 'Uma passada depois o c1 recebe o taint node.kubernetes.io/unreachable:NoExecute: a fila da zona ainda tinha um token. Todo nó NotReady também recebe node.kubernetes.io/unreachable:NoSchedule, que nada desacelera.',
    },
    'second-taint': {
      text: '100 segundos depois, aos 3m34s, o segundo: c10. Os nós que esperam voltam à fila a cada passada na ordem em que o controlador os percorre, por nome (c1, c10, c11 … c19, c2, c20 …): um nó a cada 100 s.',
    },
    evicted: {
      text: 'Aos 6m54s acabam os 300s do c1: TaintManagerEviction, seus dois pods web são marcados para exclusão e recriados nas zonas a e b. Os pods dos outros 59 nós não estão Ready, mas ficam onde estão: o web vai de 480/600 para 482/600.',
    },
    'predict-small': {
      text: 'Foram os 100 nós da zone-c que mantiveram os taints andando.',
      question: 'Se a zone-c tivesse só 50 nós, 30 deles isolados, o que o controlador faria?',
      choices: [
        'Um taint a cada 100 s, como aqui',
        'Um taint a cada 10 s',
        'Nenhum taint: os taints NoExecute param nessa zona',
      ],
      explanation:
        'Em PartialDisruption uma zona de 50 nós ou menos (large-cluster-size-threshold, comparado com o tamanho da zona) fica com taxa 0: nenhum taint NoExecute, portanto nenhum despejo; os nós só recebem o taint NoSchedule. Quem decide é o tamanho da zona, não o do cluster.',
    },
    end: {
      text: 'Aos 24m só 14 dos 60 nós têm o taint e o web está em 502/600. A um nó a cada 100 s, o grupo inteiro leva 100 minutos. Em zone-down o mesmo cluster perde a zone-c inteira e volta a 600/600 mais cedo.',
    },
  },
  'zone-down': {
    cut: {
      text: 'Aos 1m todos os 100 nós da zone-c perdem a rede: o cluster e a seed de zone-partly-down, com 40 nós isolados a mais.',
    },
    'predict-rate': {
      text: 'Quando ficam NotReady, o controlador node-lifecycle aplica neles o taint node.kubernetes.io/unreachable:NoExecute pela fila com limite de taxa da zone-c. 300s depois os pods de cada nó são despejados.',
      question: 'Com 60 desses nós fora, um nó recebia o taint a cada 100 s. Com todos os 100 fora?',
      choices: [
        'Mais devagar, ou nunca: ainda mais cautela',
        'Igual: um a cada 100 s',
        'Mais rápido: um a cada 10 s (node-eviction-rate 0.1)',
      ],
      explanation:
        'Sem nenhum nó Ready, a zone-c está em FullDisruption. O controlador a toma por uma queda real da zona, cujas cargas devem ir para as zonas saudáveis, então a zona recebe taints no node-eviction-rate, 0.1 nó por segundo, como se nada fosse especial. Só com todas as zonas em FullDisruption ele pararia.',
    },
    notready: {
      text: 'Aos 1m44s três nós da zone-c ficam NotReady (node-monitor-grace-period, 50s), aos 1m49s mais 89: 92 de 100, PartialDisruption por enquanto. A fila ainda tinha um token: o c64, NotReady desde 1m44s, recebe na hora o taint node.kubernetes.io/unreachable:NoExecute.',
    },
    full: {
      text: 'Aos 1m54s os últimos 8 ficam NotReady. Nenhum nó Ready na zone-c: ela está em FullDisruption, e sua fila volta a um nó a cada 10 s.',
    },
    taints: {
      text: 'c1 aos 2m4s, c10 aos 2m14s: um nó a cada 10 s, na ordem em que o controlador os percorre, por nome (c1, c10, c100, c11 …). Todo nó NotReady também recebe node.kubernetes.io/unreachable:NoSchedule, que nada desacelera.',
    },
    evicted: {
      text: 'Aos 6m49s acabam os 300s do c64: TaintManagerEviction, seus dois pods web são marcados para exclusão e recriados nas zonas a e b. A partir de 7m4s, mais dois a cada 10 s.',
    },
    'predict-all': {
      text: 'As zonas a e b estão Normal: é isso que permite os taints na zone-c na taxa normal.',
      question: 'E se as zonas a e b também perdessem a rede?',
      choices: [
        'Todo nó receberia o taint, um a cada 10 s',
        'Nenhum nó receberia o taint, e os taints NoExecute já aplicados seriam removidos',
        'Os Nodes seriam excluídos',
      ],
      explanation:
        'Com todas as zonas em FullDisruption o controlador entra em master disruption mode ("Controller detected that all Nodes are not-Ready"), remove os taints NoExecute e põe a taxa de toda zona em 0: quando nenhum nó está Ready, ele suspeita da própria conexão com os nós, não dos nós.',
    },
    'last-taint': {
      text: 'Aos 18m24s o 100º nó, c99 (o último por nome), recebe o taint: a zone-c inteira em 16,5 minutos.',
    },
    end: {
      text: 'Aos 23m24s os pods do c99 são despejados: o web está em 600/600 de novo, todo nas zonas a e b. Em zone-partly-down, com 40 nós a menos fora, o web ainda estava em 502/600 aos 24m. Nessa taxa, uma zona de 1.666 nós (5.000 em três zonas) levaria mais de quatro horas e meia.',
    },
  },
  'zone-down-5000': {
    cut: {
      text: 'Aos 1m todos os 1.666 nós da zone-c perdem a rede: um terço do cluster e quase 50.000 pods. Cada bloco é um nó, cada ponto um dos seus pods; a tabela acima os conta por zona.',
    },
    'predict-rate': {
      text: 'Quando ficam NotReady, o controlador node-lifecycle aplica neles o taint node.kubernetes.io/unreachable:NoExecute pela fila com limite de taxa da zone-c, e 300s depois do taint os pods de um nó são despejados e recriados em outro lugar.',
      question: 'Quanto tempo até todos os nós da zone-c terem o taint?',
      choices: [
        'Uns 5 minutos, como num cluster pequeno',
        'Uns 20 minutos: uma zona maior ganha uma fila mais rápida',
        'Mais de 4 horas e meia',
      ],
      explanation:
        'Sem nenhum nó Ready, a zone-c está em FullDisruption e recebe taints na node-eviction-rate, 0,1 nó por segundo, seja qual for o tamanho: 1.666 nós levam 16.660 s, 4 horas e 38 minutos. A taxa limita o estrago que um NotReady errado poderia fazer; aqui ela também limita a recuperação.',
    },
    notready: {
      text: 'A partir de 1m41s, 50s depois dos últimos heartbeats (node-monitor-grace-period), as passagens de 5 s do controlador encontram os nós da zone-c NotReady: 43, depois 56 (a zona ainda está quase toda Ready, então um deles, o c1020, recebe o taint na hora), depois os outros 1.567 aos 1m51s. Seus pods são marcados como não Ready.',
    },
    taints: {
      text: 'Não resta nenhum nó Ready: a zone-c está em FullDisruption. O c1 recebe o taint aos 1m56s, o c10 aos 2m6s: um nó a cada 10 s, na ordem em que o controlador os percorre, por nome (c1, c10, c100, c1000 …). Todo nó NotReady também tem node.kubernetes.io/unreachable:NoSchedule, que nada desacelera. O web caiu para 3.354 de 5.000 pods Ready.',
    },
    evicted: {
      text: 'Aos 6m46s acabam os 300s do c1020: TaintManagerEviction, seus 29 pods de Deployments são marcados para exclusão e recriados nas zonas a e b. O pod do node-agent fica: os pods de um DaemonSet toleram unreachable sem limite de tempo. A partir de 6m56s, mais um nó a cada 10 s.',
    },
    'predict-faster': {
      text: 'Os pods da zone-c voltam a 29 pods a cada 10 s.',
      question: 'A equipe de operação sabe que a zone-c não volta mais. O que traz seus pods de volta mais cedo?',
      choices: [
        'Nada: só esperar a fila',
        'Excluir os objetos Node da zone-c',
        'Reiniciar o controlador node-lifecycle',
      ],
      explanation:
        'Pods ligados a um Node que não existe mais são excluídos pelo coletor de lixo de pods em cerca de um minuto (sua quarentena de 40 s), sem limite de taxa, e seus ReplicaSets os recriam na hora. Um controlador reiniciado recomeça suas filas na mesma taxa.',
    },
    end: {
      text: 'Aos 29m, 164 dos 1.666 nós da zone-c têm o taint e os pods de 134 já saíram: o web tem 3.488 de seus 5.000 pods Ready. O último nó recebe o taint por volta de 4h39m. O Kubernetes é lento aqui de propósito: a mesma fila impede que uma falha passageira de rede despeje um terço do cluster de uma vez.',
    },
  },
};
