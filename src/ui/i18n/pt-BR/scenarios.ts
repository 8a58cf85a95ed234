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
};
