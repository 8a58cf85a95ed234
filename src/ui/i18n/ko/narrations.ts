/**
 * 한국어: the built-in lessons' narration, in the plain declarative style of the Korean seed
 * write-ups and kubernetes.io/ko (노드, 파드, 테인트, 톨러레이션, 축출).
 */
import type { Translation } from '../types';

export const narrations: Translation['narrations'] = {
  'kubelet-stop-control-plane': {
    stop: {
      text: '30s에 test의 kubelet이 정지한다. 호스트에서는 그 밖에 아무것도 바뀌지 않고 컨테이너는 계속 실행된다.',
    },
    'predict-status': {
      text: 'kubelet은 더 이상 노드 상태를 보내지 않는다.',
      question: '노드가 NotReady로 표시되기까지 얼마나 걸릴까?',
      choices: ['즉시', '약 40초 (node-monitor-grace-period)', '5분', '표시되지 않는다'],
      explanation:
        'node-lifecycle 컨트롤러는 하트비트 없이 node-monitor-grace-period(v1.23에서 40s)를 기다린 뒤, 모든 컨디션을 NodeStatusUnknown과 함께 Unknown으로 바꾼다.',
    },
    notready: {
      text: '노드는 NotReady. MemoryPressure, DiskPressure, PIDPressure, Ready가 Unknown이지만 파드는 계속 실행된다.',
    },
    'no-eviction': {
      text: 'NoSchedule 테인트만 붙는다. 클러스터의 모든 노드가 NotReady라서 node-lifecycle 컨트롤러는 컨트롤 플레인 쪽 문제를 의심하고(master disruption mode), NoExecute 테인트를 붙이지 않으며 아무것도 축출하지 않는다.',
    },
    start: {
      text: '3m에 kubelet이 다시 시작해 Starting, NodeHasSufficientMemory… 를 기록하고, 노드는 Ready가 된다.',
    },
  },
  'docker-stop': {
    stop: {
      text: '30s에 knode의 docker가 정지한다. live-restore가 없으므로 컨테이너도 함께 멈춘다.',
    },
    predict: {
      text: 'kubelet 자체는 실행 중이고 노드 상태도 계속 보낸다.',
      question: 'knode의 Ready 컨디션은 어떻게 될까?',
      choices: ['Unknown (NodeStatusUnknown)', 'False (KubeletNotReady, container runtime is down)', 'True 그대로'],
      explanation:
        'kubelet이 살아 있고 런타임이 멈췄다고 보고하므로, Ready는 Unknown이 아니라 이유 KubeletNotReady와 함께 False가 된다.',
    },
    notready: {
      text: 'knode는 NotReady. 파드는 Completed 0/1, Deployment는 0/3으로 보인다.',
    },
    taint: {
      text: 'Ready가 Unknown이 아니라 False이므로 테인트는 node.kubernetes.io/not-ready:NoExecute. 모든 파드가 300s 동안 이를 용인한다.',
    },
    evicted: {
      text: '300s 뒤 테인트 컨트롤러가 파드를 삭제 대상으로 표시한다. 대체 파드는 Pending에 머문다. kmaster는 워크로드를 받지 않는다.',
    },
    start: {
      text: '8m에 docker가 다시 시작한다. knode는 Ready가 되고 테인트가 사라지며, kubelet이 축출된 파드를 정리한다.',
    },
    replaced: {
      text: '대체 파드가 knode에 스케줄되어 실행된다. Deployment와 StatefulSet이 다시 온전해진다.',
    },
  },
  'kubelet-stop-worker': {
    stop: {
      text: '30s에 knode의 kubelet이 정지한다. 컨테이너는 docker 아래에서 계속 실행된다.',
    },
    predict: {
      text: '이제 knode의 상태를 보내는 주체가 없다.',
      question: '2분 뒤 knode의 파드는 어떻게 보일까?',
      choices: ['Running이지만 Ready는 아님', 'Completed', 'Pending', '사라짐'],
      explanation:
        '노드가 Unknown이 되면 node-lifecycle 컨트롤러가 파드를 Ready=False로 표시한다. phase는 kubelet만 바꾸므로 Running 그대로다.',
    },
    notready: {
      text: 'knode는 NotReady이고 모든 컨디션이 Unknown이다.',
    },
    taint: {
      text: '5s 뒤 node-lifecycle 컨트롤러가 knode에 node.kubernetes.io/unreachable:NoExecute 테인트를 붙인다. 파드는 300s 동안 이를 용인한다.',
    },
    evicted: {
      text: '톨러레이션이 끝났다. 파드는 삭제 대상이 되지만 확인해 줄 kubelet이 없어 Terminating에 머문다. 대체 파드는 Pending에 머문다.',
    },
    start: {
      text: '8m에 kubelet이 시작한다. knode는 다시 Ready가 되고 테인트가 사라지며, kubelet이 축출된 파드를 멈추고 정리한다.',
    },
    replaced: {
      text: '대체 파드가 knode에 스케줄되어 실행된다.',
    },
  },
  'node-poweroff': {
    off: {
      text: '30s에 knode의 전원이 꺼진다. kubelet도, 컨테이너도, 네트워크도 없다.',
    },
    notready: {
      text: '컨트롤 플레인에서 보면 kubelet이 멈춘 경우와 똑같다.',
    },
    taint: {
      text: 'knode에 node.kubernetes.io/unreachable:NoExecute 테인트가 붙는다. 여전히 Running으로 보이는 파드는 300s 동안 이를 용인한다.',
    },
    evicted: {
      text: '톨러레이션이 끝났다. 파드는 삭제 대상이 되지만 Terminating에 머물고, 대체 파드는 Pending에 머문다.',
    },
    on: {
      text: '8m에 knode가 부팅한다. systemd가 docker와 kubelet을 시작하고, kubelet은 컨테이너가 없음을 확인하고 Ready를 보고한다.',
    },
    replaced: {
      text: 'kubelet이 축출된 파드를 정리하고, 대체 파드가 knode에 스케줄되어 실행된다.',
    },
  },
  'node-delete': {
    delete: {
      text: '30s에 Node 오브젝트 node2가 삭제된다. 머신과 그 kubelet은 계속 실행된다.',
    },
    predict: {
      text: 'node2의 kubelet은 아직 실행 중이다.',
      question: 'kubelet이 자신의 Node 오브젝트를 다시 만들까?',
      choices: ['예, 다음 상태 업데이트 때', '아니요, 등록은 시작할 때만 한다'],
      explanation:
        "kubelet은 시작할 때 한 번만 Node를 등록한다. 그 뒤의 상태 업데이트는 'not found'로 실패하며 로그를 가득 채운다.",
    },
    orphans: {
      text: '가비지 컬렉터가 사라진 노드에 묶인 파드를 삭제하고, 컨트롤러들이 node1에 다시 만든다.',
    },
    restart: {
      text: '4m에 kubelet이 재시작해 node2를 다시 등록하고, DaemonSet이 그곳에 파드를 스케줄한다.',
    },
  },
  'pod-to-dead-kubelet': {
    stop: {
      text: 'node1은 cordon 상태이고, 10s에 node2의 kubelet이 정지한다.',
    },
    'predict-pending': {
      text: '15s에 `kubectl run nginx1`이 파드를 만든다. 스케줄러가 고를 수 있는 것은 node2뿐이다.',
      question: '40s 시점 nginx1의 상태는?',
      choices: ['Running', 'Pending, node2에 스케줄됨', 'Pending, 스케줄 불가', 'ContainerCreating'],
      explanation: '스케줄러는 파드를 node2에 바인딩하지만, 컨테이너를 만드는 것은 kubelet뿐이고 그것이 멈춰 있다.',
    },
    notready: {
      text: '하트비트 없이 50s. node2는 NotReady가 되고 테인트가 붙는다. nginx1은 node2에 바인딩된 채 Pending. 시작할 수 있는 것은 node2의 kubelet뿐이다.',
    },
    start: {
      text: '90s에 kubelet이 시작한다. node2는 다시 Ready가 되고 테인트가 사라진다. 어떤 파드의 300s 톨러레이션보다도 훨씬 전이다.',
    },
    pull: {
      text: 'kubelet이 nginx1을 보고 nginx를 풀하려 하지만 레지스트리에 닿지 않는다 (ErrImagePull, 이어서 ImagePullBackOff).',
    },
    static: {
      text: 'nginx-node2는 static pod다. kubelet이 /etc/kubernetes/manifests/nginx.yaml로 실행하고 API에 미러링한다.',
    },
    'static-out': {
      text: '4m에 매니페스트가 /etc/kubernetes/manifests에서 빠진다. kubelet은 파드를 멈추고 미러를 삭제한다.',
    },
    'static-in': {
      text: '5m에 매니페스트가 돌아온다. kubelet은 파드를 다시 시작하고 API에 미러링한다. API 서버가 없어도 똑같이 동작한다.',
    },
  },
  eviction: {
    stop: {
      text: '30s에 node2의 kubelet이 정지한다.',
    },
    unknown: {
      text: '하트비트 없이 50s(node-monitor-grace-period). node2의 컨디션이 Unknown이 되고 kubectl은 NotReady로 보여 준다.',
    },
    taint: {
      text: 'node-lifecycle 컨트롤러의 다음 순회(5s) 후, node2에 node.kubernetes.io/unreachable:NoExecute 테인트가 붙는다.',
    },
    predict: {
      text: '모든 파드는 node.kubernetes.io/unreachable:NoExecute를 300s 동안 용인한다 (DefaultTolerationSeconds).',
      question: '톨러레이션이 끝나면 node2의 StatefulSet 파드는 어떻게 될까?',
      choices: [
        '즉시 다른 노드에 다시 만들어진다',
        'Terminating에 머문다: kubelet이 정지를 확인할 수 없다',
        '아무 일도 없다',
      ],
      explanation:
        '파드는 삭제 대상이 되지만, StatefulSet 컨트롤러는 옛 파드가 사라질 때까지 같은 ID의 대체를 만들지 않는다. 그러려면 kubelet(또는 강제 삭제)이 필요하다.',
    },
    evicted: {
      text: 'TaintManagerEviction: node2의 파드가 삭제 대상이 된다. DaemonSet의 파드는 테인트를 용인하므로 남는다.',
    },
    replaced: {
      text: 'ReplicaSet이 web 파드의 대체를 즉시 만들고, node1에서 실행된다. db-1은 Terminating에 머문다.',
    },
    start: {
      text: '9m에 node2의 kubelet이 시작한다. node2는 Ready가 되고 테인트가 사라지며, kubelet이 축출된 파드를 멈추고 정리한다.',
    },
    db: {
      text: '옛 db-1이 사라지자 StatefulSet 컨트롤러가 db-1을 다시 만들고 실행된다. StatefulSet이 온전해진다.',
    },
  },
  'control-plane-outage': {
    apiserver: {
      text: '30s에 kube-apiserver의 매니페스트가 /etc/kubernetes/manifests에서 빠지고, kubelet이 그것을 멈춘다.',
    },
    predict: {
      text: '이제 kubectl은 API 서버에 닿지 못한다.',
      question: 'API 서버가 멈춘 동안 nginx 파드는 어떻게 될까?',
      choices: ['멈춘다', '계속 실행된다', '축출된다'],
      explanation:
        '컨테이너를 실행하는 것은 kubelet과 런타임이며, 둘 다 컨테이너를 계속 실행하는 데 API 서버가 필요 없다.',
    },
    kcm: {
      text: '4m에 kube-controller-manager가 멈추고, 4m30s에 node1의 kubelet이 멈춘다. 하트비트를 지켜보는 주체가 없다.',
    },
    back: {
      text: '7m에 kube-controller-manager가 돌아온다. 모든 노드에 새 유예 기간을 준 뒤, node1의 오래된 Lease를 알아채고 NotReady로 표시한다.',
    },
    taint: {
      text: 'node1에 node.kubernetes.io/unreachable:NoExecute 테인트가 붙는다. 파드는 300s 동안 이를 용인한다.',
    },
    evicted: {
      text: '톨러레이션이 끝났다. node1의 web 파드가 삭제 대상이 된다.',
    },
    replaced: {
      text: 'ReplicaSet이 그 파드들을 다시 만들고, node2에서 실행된다.',
    },
    start: {
      text: '14m에 node1의 kubelet이 시작한다. node1은 Ready가 되고 테인트가 사라지며, 축출된 파드는 정리된다.',
    },
  },
};
