/** Português (Brasil): the built-in scenarios' titles and descriptions (the gallery, the header). */
import type { Translation } from '../types';

export const scenarios: Translation['scenarios'] = {
  'kubelet-stop-control-plane': {
    title: 'Parar o kubelet de um plano de controle de um nó só',
    description:
      'O kubelet do único nó ("test", v1.23) fica parado por dois minutos e meio. Veja o nó ficar NotReady com as condições Unknown enquanto os pods continuam rodando, e depois se recuperar.',
  },
  'docker-stop': {
    title: 'Parar o docker de um worker',
    description:
      'O docker para no knode, o único worker. Os contêineres morrem junto, o kubelet relata o agente de execução fora do ar e o nó, os pods, o Deployment e o StatefulSet mostram isso. Cinco minutos depois os pods são despejados; quando o docker volta aos 8m, eles rodam de novo no knode.',
  },
  'kubelet-stop-worker': {
    title: 'Parar o kubelet de um worker',
    description:
      'O kubelet no knode para. Os contêineres continuam rodando, mas ninguém informa sobre eles: as condições do nó ficam Unknown e, após cinco minutos, os pods são marcados para despejo. Aos 8m o kubelet volta e os pods rodam de novo.',
  },
  'node-poweroff': {
    title: 'Desligar um worker',
    description:
      'O knode desliga. Visto pela API, é igual a um kubelet parado: o nó fica NotReady com as condições Unknown e os pods são despejados cinco minutos depois. Aos 8m ele é ligado de novo.',
  },
  'node-delete': {
    title: 'Excluir o Node de uma máquina em execução',
    description:
      '`kubectl delete node node2` com o kubelet rodando. O host vira um zumbi ocioso até o kubelet reiniciar e registrar o nó de novo.',
  },
  'pod-to-dead-kubelet': {
    title: 'Um pod agendado num nó com o kubelet parado',
    description:
      'O kubelet no node2 para e um pod é agendado lá antes de o nó ficar NotReady. Ninguém o inicia até o kubelet voltar. Depois, pods estáticos: o kubelet roda o que encontra em /etc/kubernetes/manifests, com ou sem API server.',
  },
  eviction: {
    title: 'Despejo por taint após uma falha do kubelet',
    description:
      'O kubelet no node2 para. Siga a linha do tempo até o despejo: Unknown após 50s, o taint unreachable, a tolerância de 300s, TaintManagerEviction e o que cada carga de trabalho faz; aos 9m o kubelet volta e o StatefulSet recupera o seu pod.',
  },
  'control-plane-outage': {
    title: 'Parar o API server e depois o controller manager',
    description:
      'O kube-apiserver fica parado por 90 segundos; depois o kube-controller-manager para enquanto o kubelet de um worker morre: ninguém marca o nó NotReady até o controller manager voltar. Então o arco de sempre: taint, despejo, substituição e a volta do kubelet aos 14m.',
  },
  'pdb-drain': {
    title: 'Um drain bloqueado por um PodDisruptionBudget',
    description:
      'O web roda 3 pods e o seu PodDisruptionBudget quer os 3 disponíveis, então não permite nenhuma interrupção. kubectl drain node2 faz cordon do nó, e depois cada despejo é recusado e tentado de novo a cada 5 segundos. Escalado para 4 pods aos 1m30s, o orçamento permite uma: a próxima tentativa despeja o pod no node2 e o drain termina.',
  },
  'volume-out-of-service': {
    title: 'O volume de um StatefulSet num nó morto, e o taint out-of-service',
    description:
      'O db-0 roda no node1 com um volume ReadWriteOnce anexado a ele. O node1 é desligado aos 30s: fica NotReady aos 1m19s, e o StatefulSet não substitui o db-0, cujo nome ainda está ocupado. Aos 2m o node1 recebe o taint node.kubernetes.io/out-of-service: o db-0 é excluído à força, volta no node2 e recebe o volume na hora, sem os 6 minutos que o detach esperaria.',
  },
  'graceful-shutdown': {
    title: 'Desligamento gracioso do nó, e um nó que some',
    description:
      'Os kubelets têm shutdownGracePeriod 30s. O node2 cai da rede aos 30s, como numa queda de energia: o pod web dele continua Running na API e só é substituído aos 6m24s, pelo despejo por taint. O node1 é desligado de forma limpa com ssh node1 poweroff aos 2m: o kubelet para o pod antes e o reporta Failed, e o ReplicaSet o substitui em menos de um segundo.',
  },
  'node-delete-cloud': {
    title: 'Excluir o Node de uma máquina na nuvem',
    description:
      '`kubectl delete node node2` num cluster cujas máquinas são instâncias na nuvem, sem cluster autoscaler. O Node nunca volta, os pods são recriados onde cabem e a máquina segue rodando sem Node: um zumbi ocioso que a nuvem continua cobrando.',
  },
  'node-delete-autoscaler': {
    title: 'Excluir o Node de uma máquina na nuvem, com o cluster autoscaler',
    description:
      'A mesma exclusão com o cluster autoscaler rodando. Ele vê a máquina do node2 sem Node, espera max-node-provision-time (15 minutos) que ela se registre, então a exclui e adiciona uma máquina nova para os dois pods Pending, que esperaram o tempo todo.',
  },
  'autoscaler-scale-up': {
    title: 'Um Deployment que não cabe',
    description:
      'O web cresce de 3 para 6 pods de 1,5 CPU em dois nós de 4 CPUs. O cluster autoscaler adiciona uma máquina ao grupo de nós em segundos, e os pods rodam cerca de dois minutos depois. Com 12, o grupo chega ao máximo de 4 e os últimos pods ficam Pending, com o motivo do autoscaler.',
  },
  'autoscaler-scale-down': {
    title: 'Um scale-down que move uma carga de trabalho',
    description:
      'O web encolhe de 6 para 4 pods de 1,2 CPU em três nós de 4 CPUs. Dez minutos depois o cluster autoscaler faz drain de um nó meio vazio, encerra a máquina dele e o Node é excluído; o nó com um pod debug avulso fica, porque nada recriaria esse pod.',
  },
  'autoscaler-zone-outage': {
    title: 'Uma queda de zona em que o autoscaler para de agir',
    description:
      'As zonas a e b ficam isoladas aos 6m. Os pods delas são despejados cinco minutos depois dos taints e os substitutos ficam Pending: o cluster autoscaler vê 6 de 10 nós não prontos, declara o cluster não saudável e não faz nada, de propósito. Quando a zona b volta aos 18m, ele volta a agir.',
  },
  'zone-partly-down': {
    title: 'Uma zona grande parcialmente fora, com taints lentos',
    description:
      '300 workers em três zonas de 100. Aos 1m, 60 nós da zone-c perdem a rede. Com mais de 55% de uma zona de mais de 50 nós NotReady, o controlador node-lifecycle declara a zona em PartialDisruption e aplica o taint em um nó a cada 100 segundos em vez de a cada 10: aos 25m só 14 dos 60 têm o taint e ainda faltam 98 pods ao web.',
  },
  'zone-down': {
    title: 'Uma zona grande inteira fora, com taints na taxa normal',
    description:
      'Os mesmos 300 workers. Aos 1m a zone-c inteira perde a rede. Sem nenhum nó Ready, a zona está em FullDisruption: o controlador node-lifecycle a toma por uma queda real da zona e aplica o taint em um nó a cada 10 segundos, então os pods vão para as zonas a e b e o web está completo de novo aos 24m, o que não acontecia com só 60 nós fora.',
  },
  'zone-down-5000': {
    title: '5.000 nós, 150.000 pods, uma zona se apaga',
    description:
      'O próprio limite do Kubernetes: 5.000 nós em três zonas, 150.000 pods. Aos 1m os 1.666 nós da zone-c perdem a rede. O controlador node-lifecycle aplica o taint em um nó a cada 10 segundos, como num cluster pequeno, então os 48.000 pods de Deployments da zona levam mais de quatro horas e meia para sair.',
  },
};
