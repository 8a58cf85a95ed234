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
  'pdb-drain': {
    drain: {
      text: '30s에 kubectl drain node2 --ignore-daemonsets가 node2를 cordon하고(SchedulingDisabled), 그 위의 web 파드를 축출해 달라고 eviction API에 요청한다.',
    },
    predict: {
      text: 'PodDisruptionBudget web은 minAvailable 3을 요구하고, web의 Ready 파드는 3개다: kubectl get pdb는 ALLOWED DISRUPTIONS 0을 보여 준다.',
      question: '버짓이 중단을 하나도 허용하지 않으면 drain은 어떻게 할까?',
      choices: ['그래도 파드를 삭제한다', '즉시 오류로 실패한다', '허용될 때까지 5초마다 계속 다시 요청한다'],
      explanation:
        "eviction API가 429 Too Many Requests로 거부한다: Cannot evict pod as it would violate the pod's disruption budget. kubectl drain은 이 오류를 (will retry after 5s)와 함께 출력하고 다시 시도한다. 아무것도 삭제되지 않으며, --timeout이 없으면 drain은 끝없이 기다린다.",
    },
    blocked: {
      text: 'node2는 cordon되었지만 web 파드는 여전히 실행 중이다. 50s에도 kubectl get pdb는 ALLOWED DISRUPTIONS 0이고, 모든 재시도가 거부된다.',
    },
    scale: {
      text: '1m30s에 kubectl scale deployment web --replicas=4: ReplicaSet이 4번째 파드를 만들고, 스케줄러는 그것을 cordon된 node2가 아닌 node1에 배치한다. 그 파드가 Ready가 되면 원하는 3개에 대해 건강한 파드가 4개: ALLOWED DISRUPTIONS 1.',
    },
    evicted: {
      text: '다음 재시도(1m35s)에서 축출이 허용되어 버짓의 단 하나뿐인 중단을 쓴다: node2의 파드가 삭제되고 그 노드의 kubelet이 nginx를 멈춘다(Killing).',
    },
    replaced: {
      text: 'ReplicaSet이 축출된 파드의 대체를 즉시 node3에 만든다. 대체가 Ready가 되면 버짓은 다시 중단 1개를 허용한다.',
    },
    drained: {
      text: '옛 파드가 사라진다. 매초 확인하는 kubectl drain이 1m37s에 pod/… evicted와 node/node2 drained를 출력한다. node2는 kubectl uncordon node2까지 cordon된 채로 남는다.',
    },
  },
  'volume-out-of-service': {
    volume: {
      text: 'StatefulSet db의 유일한 파드 db-0이 node1에서 실행 중이다. volumeClaimTemplates로 만들어진 PVC data-db-0은 ReadWriteOnce 볼륨에 Bound되어 있고, kubectl get volumeattachments는 그 볼륨이 node1에 연결(attach)되어 있음을 보여 준다. 이런 디스크는 한 번에 한 노드에만 연결된다.',
    },
    off: {
      text: '30s에 node1의 전원이 꺼진다. kubelet, 컨테이너, 네트워크가 한꺼번에 멈추고, 아무도 API 서버에 알리지 않는다.',
    },
    notready: {
      text: '1m19s, 하트비트 없이 50초가 지나 node-lifecycle 컨트롤러가 node1을 NotReady로(NodeNotReady), db-0을 Ready가 아닌 것으로 표시한다. kubectl get statefulset db는 READY 0/1. kubectl get pods에서는 db-0이 여전히 node1에서 Running이다. 아니라고 말해 줄 kubelet이 남아 있지 않다.',
    },
    predict: {
      text: 'node2는 Ready이고 여유도 있다. StatefulSet db는 레플리카 1개를 원하지만 Ready인 것은 하나도 없다.',
      question: 'StatefulSet 컨트롤러는 db-0을 어떻게 할까?',
      choices: [
        'node2에 db-0을 즉시 다시 만든다',
        '대신 node2에 db-1을 만든다',
        '파드 오브젝트 db-0이 존재하는 한 아무것도 하지 않는다',
      ],
      explanation:
        'StatefulSet의 파드는 이름이 고정되어 있고, db-0은 동시에 최대 하나뿐이다. 새 db-0을 만들려면 옛 오브젝트가 사라져야 하는데, 그것을 지울 수 있는 것은 전원이 꺼진 node1의 kubelet뿐이다. 6m24s, unreachable:NoExecute 테인트의 300 s 뒤에 taint eviction 컨트롤러가 db-0을 삭제 대상으로 표시하지만, 그 뒤로는 끝없이 Terminating에 머문다. Deployment는 기다리지 않는다: 새 파드는 새 이름을 가지기 때문이다.',
    },
    taint: {
      text: '2m에 node1의 전원이 정말 꺼졌음을 확인한 관리자가 kubectl taint nodes node1 node.kubernetes.io/out-of-service=nodeshutdown:NoExecute를 실행한다. db-0은 이 NoExecute 테인트를 용인하지 않는다: taint eviction 컨트롤러는 300 s 대기를 취소하고(Cancelling deletion of Pod default/db-0) db-0을 즉시 삭제 대상으로 표시한다. db-0은 Terminating이고, 볼륨은 여전히 node1에 연결되어 있다.',
    },
    'predict-volume': {
      text: '이 테인트는 머신이 꺼져 있다는 약속이다. 아직 실행 중인 노드에 붙이면 두 파드가 같은 디스크에 쓸 수 있다.',
      question: 'kubelet이 없는 노드에서 db-0이 Terminating이다. 다음에 무슨 일이 일어날까?',
      choices: [
        'node1이 돌아올 때까지 Terminating으로 남는다',
        '20초 안에 강제 삭제되고, db-0이 볼륨과 함께 node2에서 시작한다',
        'db-0은 node2에 돌아오지만 볼륨을 6분 동안 기다린다',
      ],
      explanation:
        'PodGC는 20 s마다 NotReady이면서 out-of-service 테인트가 붙은 노드의 Terminating 파드를 강제 삭제하고, attach/detach 컨트롤러는 볼륨을 즉시 분리(detach)한다. 테인트 없이 강제 삭제만 하면 새 db-0은 Multi-Attach error와 함께 ContainerCreating에 머물고, 6분 뒤(maxWaitForUnmountDuration) 분리가 강제될 때까지 기다린다.',
    },
    recreated: {
      text: '2m9s, PodGC의 점검이 db-0을 강제 삭제한다. StatefulSet 컨트롤러가 db-0을 다시 만들고 스케줄러는 그것을 node2에 배치한다. attach/detach 컨트롤러는 기다리지 않고 볼륨을 node1에서 분리해 node2에 연결한다: SuccessfulAttachVolume, Multi-Attach error는 없다.',
    },
    running: {
      text: '2m13s, 이미지 pull 후 redis가 node2에서 실행된다. kubectl get pvc는 같은 PVC가 같은 볼륨에 Bound되어 있음을 보여 준다: db-0이 데이터와 함께 돌아왔다. node1은 수리될 때까지 테인트를 유지하고, 그다음 kubectl taint nodes node1 node.kubernetes.io/out-of-service-로 제거한다.',
    },
  },
  'graceful-shutdown': {
    cut: {
      text: 'web은 워커마다 파드가 하나씩 있다. 30s에 node2가 네트워크에서 끊긴다(network cut node2). 컨트롤 플레인이 보기에는 전원 차단과 같다: node2의 kubelet은 파드에 대해 아무 말도 없이 보고를 멈춘다.',
    },
    unknown: {
      text: '1m19s, node2의 마지막 하트비트로부터 약 50s 뒤(node-monitor-grace-period) 컨디션이 Unknown이 된다: NotReady. 1m24s에 node.kubernetes.io/unreachable:NoExecute 테인트가 붙지만, web 파드는 이 테인트를 300s 동안 톨러레이션한다: API에서는 여전히 Running이다.',
    },
    predict: {
      text: '2m에 node1을 정상적으로 종료한다: ssh node1 poweroff. 이 클러스터의 모든 kubelet은 shutdownGracePeriod 30s, shutdownGracePeriodCriticalPods 10s다.',
      question: '어느 web 파드가 먼저 대체될까?',
      choices: [
        'node2의 파드: 90초 먼저 잃었으니까',
        'node1의 파드: 종료 후 몇 초 안에',
        '둘 다 동시에, node2의 300s가 끝날 때',
      ],
      explanation:
        'node1의 kubelet은 전원 차단을 붙잡아 두고 파드를 멈춘 뒤 Failed로 보고한다. Failed 파드는 ReplicaSet이 세지 않으므로 즉시 대체된다. node2의 파드는 API에서 여전히 Running이다: 멈췄다고 말해 줄 수 있는 주체가 없으니, 300s 톨러레이션이 끝나기를 기다렸다가 6m24s에 축출된다.',
    },
    shutdown: {
      text: '2m에 ssh node1 poweroff. node1의 kubelet은 systemd-logind 인히비터 락을 쥐고 있어서 전원 차단이 기다린다: 이벤트 Shutdown, 그리고 즉시 Ready False, "node is shutting down". 먼저 일반 파드를 최대 20s(30s에서 중요 파드 몫 10s를 뺀 시간) 안에 멈춘다: nginx Killing.',
    },
    replaced: {
      text: 'nginx는 1초 안에 멈춘다: 파드는 Failed, reason Terminated, "Pod was terminated in response to imminent node shutdown."으로 끝난다(kubectl describe pod). 2m1s에 ReplicaSet이 node3에 대체 파드를 만든다. 이어서 중요 파드(calico-node, kube-proxy)가 멈추고 node1의 전원이 꺼진다.',
    },
    compare: {
      text: '2m5s의 kubectl get pods: web의 Running 파드는 다시 3개다. 둘은 node3에 있고, 셋째는 node2의 옛 파드로, node2가 조용해진 지 95s가 지났는데도 여전히 1/1 Running이다.',
    },
    evicted: {
      text: '6m24s, NoExecute 테인트로부터 300s 뒤 node2의 파드가 축출되고(TaintManagerEviction) ReplicaSet이 node3에 대체 파드를 만든다: node2를 잃은 지 거의 6분 만이다. node1은 1초였다. 옛 파드는 Terminating으로 남는다: 사라졌음을 확인해 줄 수 있는 것은 node2의 kubelet뿐이다.',
    },
  },
  'node-delete-cloud': {
    delete: {
      text: '30s에 Node 오브젝트 node2가 삭제된다. 그 머신(클라우드의 인스턴스)은 계속 실행되고, kubelet도 마찬가지다.',
    },
    'predict-node': {
      text: 'node2의 kubelet은 살아 있고, cloud-controller-manager는 모든 Node를 지켜본다.',
      question: 'Node 오브젝트 node2를 다시 만드는 것은 누구일까?',
      choices: ['kubelet, 다음 상태 업데이트 때', 'cloud-controller-manager의 노드 컨트롤러', '아무도 없다'],
      explanation:
        "kubelet은 시작할 때 한 번만 Node를 등록하고, 그 뒤의 상태 업데이트는 'not found'로 실패한다. cloud-node-controller는 존재하는 Node를 초기화할 뿐이고 cloud-node-lifecycle-controller는 Node를 삭제할 뿐이다. 어느 쪽도 Node를 만들지 않는다.",
    },
    orphans: {
      text: '파드 가비지 컬렉터가 아직 node2에 묶인 파드를 삭제하고, ReplicaSet이 자기 파드 2개를 다시 만든다. node1과 node3에는 들어가지 않는다: Pending.',
    },
    kubelet: {
      text: 'node2에서는 kubelet이 자기 파드가 사라진 것을 보고 그 컨테이너를 종료한다. kube-proxy와 calico-node DaemonSet 파드도 포함된다. 그동안 상태 업데이트는 10s마다 실패한다 (2m30s의 journalctl).',
    },
    zombie: {
      text: 'cloud instances: node2의 인스턴스는 Node 없이 running. cloud-node-lifecycle-controller는 인스턴스가 사라진 Node만 삭제하고, 살펴보는 것도 Node뿐이다. node2의 머신은 그 눈에 보이지 않는다.',
    },
    'predict-machine': {
      text: '이 클러스터에는 클러스터 오토스케일러가 없다.',
      question: 'node2의 머신은 어떻게 될까?',
      choices: ['얼마 뒤 클라우드가 정지한다', '누군가 조치할 때까지 놀면서 요금이 나간다', '재부팅해서 다시 등록한다'],
      explanation:
        '쿠버네티스에도 클라우드에도 Node 없는 머신을 지켜보는 것은 없다. 누군가 kubelet을 재시작하거나(node2가 다시 등록된다) 인스턴스를 종료할 때까지 좀비로 놀고 있다. 다음 레슨에서는 같은 클러스터를 클러스터 오토스케일러와 함께 실행한다.',
    },
    still: {
      text: '그 뒤로는 아무것도 바뀌지 않는다. 19m에도 cloud instances는 node2를 Node 없이 running으로 보여 주고, web 파드 2개는 여전히 Pending이다. ssh node2 systemctl restart kubelet 또는 cloud terminate node2를 해 보자.',
    },
  },
  'node-delete-autoscaler': {
    delete: {
      text: '30s에 Node 오브젝트 node2가 삭제된다. 오토스케일러가 없는 레슨과 같다. 머신과 kubelet은 계속 실행된다.',
    },
    unregistered: {
      text: '클러스터 오토스케일러는 10s마다 노드 그룹의 인스턴스를 나열하고, 각 인스턴스의 providerID를 가진 Node를 찾는다. node2의 인스턴스에는 그런 Node가 없다. status ConfigMap은 이를 unregistered: 1로 센다.',
    },
    pending: {
      text: 'node2에 묶인 파드가 가비지 컬렉션되고 다시 만들어진다. web 파드 2개는 어느 노드에도 들어가지 않는다: Pending, FailedScheduling.',
    },
    'predict-scale-up': {
      text: '노드 그룹은 머신 5대까지 늘어날 수 있다.',
      question: '클러스터 오토스케일러는 Pending 파드 2개를 위해 머신을 추가할까?',
      choices: [
        '예, 10s 루프 한 번 안에',
        '아직은 아니다: node2의 머신을 오는 중인 노드로 센다',
        '절대 아니다: 머신을 줄이기만 한다',
      ],
      explanation:
        'cluster-autoscaler 1.33에서 Node가 없는 그룹의 머신은 곧 올 노드로 센다(목표 크기에서 준비된 노드, 준비되지 않은 노드, 오래 등록되지 않은 노드를 뺀 수). 오토스케일러의 시뮬레이션에서 Pending 파드가 그 노드에 들어가므로, 스케일 업도 하지 않고 NotTriggerScaleUp도 말하지 않는다.',
    },
    long: {
      text: '처음 머신을 본 뒤 max-node-provision-time(15분)이 지나면 오토스케일러는 그 머신을 포기한다. DeleteUnregistered가 node2의 인스턴스를 종료하고, 같은 루프에서 Pending 파드를 위해 그룹을 다시 늘린다 (TriggeredScaleUp).',
    },
    'new-node': {
      text: '새 머신이 부팅하고, kubelet이 등록하고, cloud-node-controller가 Node를 초기화하면 web 파드가 실행된다.',
    },
    end: {
      text: '좀비의 대가는 머신 15분, 그리고 Pending으로 15분을 보낸 파드 2개. 최소 크기가 3이었다면 영원히 남았을 것이다. 오토스케일러는 그룹의 최소 크기 아래로는 등록되지 않은 머신을 삭제하지 않는다.',
    },
  },
  'autoscaler-scale-up': {
    grow: {
      text: '1m에 web을 1.5 CPU 파드 3개에서 6개로 늘린다. 4 CPU 노드 2대에는 2개씩만 들어가서 파드 2개가 Pending (FailedScheduling: Insufficient cpu).',
    },
    'predict-when': {
      text: '클러스터 오토스케일러는 10초마다 루프를 돈다.',
      question: '새 머신은 언제 시작할까?',
      choices: ['약 10초 안에', '파드가 5분 동안 Pending이었던 뒤에', '누군가 cloud scale을 실행할 때만'],
      explanation:
        '오토스케일러는 루프마다 Pending 파드를 지금 있는 노드와 각 노드 그룹의 템플릿 위에 시뮬레이션한다. 어떤 그룹의 새 노드에만 들어가는 파드가 있으면 그 그룹은 즉시 늘어난다. 생긴 지 2초가 안 된 파드만 루프 한 번을 더 기다린다.',
    },
    triggered: {
      text: 'TriggeredScaleUp: pod triggered scale-up: [{workers 2->3 (max: 4)}]. status ConfigMap은 scaleUp: InProgress라고 하고, 새 머신은 kubelet이 등록할 때까지 unregistered로 센다.',
    },
    registered: {
      text: '약 90초 뒤 머신이 running이 되고, kubelet이 node.cloudprovider.kubernetes.io/uninitialized 테인트가 붙은 Node를 등록하며, cloud-node-controller가 곧바로 초기화한다 (Synced).',
    },
    running: {
      text: 'Node가 Ready가 되고 스케줄러가 Pending 파드 2개를 그 노드에 바인딩한다.',
    },
    more: {
      text: '6m에 web이 12개로 늘어난다. Pending 파드는 6개인데, 그룹은 머신 1대만 더 늘릴 수 있다 (최대 4).',
    },
    max: {
      text: "파드 2개를 위한 머신 1대 (TriggeredScaleUp), 나머지 4개에는 NotTriggerScaleUp, pod didn't trigger scale-up: 1 max node group size reached. 이 파드들은 Pending으로 남고, 이벤트는 많아야 5분에 한 번 반복된다.",
    },
  },
  'autoscaler-scale-down': {
    shrink: {
      text: '1m에 web을 파드 6개에서 4개로 줄인다. node2와 node3에는 1.2 CPU 파드가 하나씩 남는다. CPU의 30%다.',
    },
    candidates: {
      text: '다음 루프에서 클러스터 오토스케일러는 두 노드를 불필요하다고 판단한다. 요청량이 50% 이하이고 파드가 다른 곳에 들어가기 때문이다. 두 노드에 DeletionCandidateOfClusterAutoscaler:PreferNoSchedule 테인트를 붙인다. node1은 후보가 아니다. debug 파드를 다시 만들 컨트롤러가 없기 때문이다.',
    },
    'predict-when': {
      text: 'scale-down-unneeded-time은 10분이다.',
      question: 'node2는 언제 제거될까?',
      choices: [
        '즉시',
        '10분 동안 불필요한 상태가 이어진 뒤, 다음 10s 루프에서',
        '절대 안 된다: 아직 파드가 실행 중이다',
      ],
      explanation:
        '노드는 scale-down-unneeded-time(10m) 동안 계속 불필요해야 한다. 그사이 어떤 루프에서든 다시 필요하다고 판단되면(그 파드가 다른 곳에 들어가지 않으면) 기다림은 처음부터 다시 시작된다.',
    },
    marked: {
      text: 'node2에 ToBeDeletedByClusterAutoscaler:NoSchedule 테인트가 붙고 cordon된다 (Ready,SchedulingDisabled). status ConfigMap에는 Scale-down: removing node node2가 기록된다.',
    },
    drain: {
      text: '5s 뒤 web 파드가 축출되고 (deleting pod for node scale down) ReplicaSet이 node1에 다시 만든다. node3에는 스케줄러가 피하는 삭제 후보 테인트가 붙어 있기 때문이다.',
    },
    terminated: {
      text: '축출된 파드가 사라지면 오토스케일러는 노드 그룹을 통해 node2의 인스턴스를 삭제한다. 머신이 종료되고 그룹의 목표 크기는 3에서 2가 된다.',
    },
    gone: {
      text: 'Node는 머신보다 오래 남아 있다가, NotReady가 된 뒤 cloud-node-lifecycle-controller가 삭제한다: Deleting node node2 because it does not exist in the cloud provider.',
    },
  },
  'autoscaler-zone-outage': {
    cut: {
      text: '6m에 존 a와 b의 네트워크가 끊긴다. 노드 10개 중 6개다. 머신은 계속 실행되므로 클라우드 컨트롤러는 그 Node들을 건드리지 않는다.',
    },
    notready: {
      text: '50s 뒤 그 노드들은 NotReady가 된다.',
    },
    'predict-health': {
      text: '클러스터 오토스케일러는 루프마다 준비되지 않은 노드를 센다.',
      question: '노드 10개 중 6개가 준비되지 않았을 때 오토스케일러는 무엇을 할까?',
      choices: [
        '존 c에 머신을 추가한다',
        '준비되지 않은 노드를 제거한다',
        '아무것도 하지 않는다: 클러스터가 정상이 될 때까지 멈춘다',
      ],
      explanation:
        '준비되지 않은 노드가 3개(ok-total-unready-count)를 넘고 전체 노드의 45%(max-total-unready-percentage)를 넘으면 cluster-autoscaler는 클러스터를 비정상으로 본다. 스케일 업도 스케일 다운도 없다. 대규모 장애 중에는 크기를 바꿀 때가 아니다.',
    },
    unhealthy: {
      text: 'status ConfigMap에 ClusterUnhealthy, Cluster is unhealthy (많아야 5분에 한 번). 그 상태에는 clusterWide health: Unhealthy라고 나온다.',
    },
    evicted: {
      text: '테인트 5분 뒤 존 a와 b의 파드가 축출된다. 대체 파드는 존 c에 일부만 들어간다: Pending. 그리고 설계대로 TriggeredScaleUp은 없다.',
    },
    heal: {
      text: '18m에 존 b가 돌아온다. 준비되지 않은 노드 3개는 다시 한도 안이다. 오토스케일러가 다시 움직이고, Pending 파드는 존 b의 노드에서 자리를 찾는다.',
    },
    end: {
      text: '존 a의 파드는 kubelet이 정지를 확인해 줄 수 없어 Terminating으로 남는다. 준비되지 않은 상태가 20분 이어지면(scale-down-unready-time) 존 a의 노드는 스케일 다운 후보가 된다.',
    },
  },
  'zone-partly-down': {
    cut: {
      text: '1m에 zone-c의 노드 100개 중 60개(c1부터 c60)의 네트워크가 끊긴다. 파드는 계속 실행되지만, 거기서는 아무것도 API 서버에 닿지 않는다.',
    },
    'predict-rate': {
      text: '노드가 NotReady가 되면 node-lifecycle 컨트롤러는 zone-c의 속도 제한 큐를 거쳐 node.kubernetes.io/unreachable:NoExecute 테인트를 붙인다. 그 300s 뒤 각 노드의 파드가 축출된다.',
      question: 'zone-c의 노드 60개는 얼마나 빨리 테인트될까?',
      choices: [
        '한꺼번에 전부',
        '10 s에 하나 (node-eviction-rate 0.1)',
        '100 s에 하나 (secondary-node-eviction-rate 0.01)',
        '전혀 되지 않는다',
      ],
      explanation:
        '100개 중 60개는 존의 unhealthy-zone-threshold(0.55) 이상이고 2개를 넘는다. zone-c는 PartialDisruption이다. Kubernetes는 머신 고장보다 네트워크 문제를 의심해 속도를 늦춘다. large-cluster-size-threshold(50)개를 넘는 존은 secondary-node-eviction-rate, 초당 0.01개로 테인트된다.',
    },
    notready: {
      text: '1m49s, 마지막 하트비트에서 50s(node-monitor-grace-period) 뒤, zone-c의 노드 56개가 컨트롤러의 한 번의 순회에서 NotReady가 되고 나머지 4개는 5초 뒤에 따른다. 100개 중 56개는 55% 이상이다. zone-c는 PartialDisruption이 되고, 존 a와 b는 Normal로 남는다.',
    },
    'first-taint': {
      text: '다음 순회에서 c1에 node.kubernetes.io/unreachable:NoExecute 테인트가 붙는다. 존의 큐에 토큰이 아직 하나 남아 있었다. NotReady 노드에는 모두 node.kubernetes.io/unreachable:NoSchedule도 붙지만, 이것은 아무것도 늦추지 않는다.',
    },
    'second-taint': {
      text: '100초 뒤인 3m34s에 두 번째, c10. 기다리는 노드는 순회마다 컨트롤러가 훑는 순서, 곧 이름순(c1, c10, c11 … c19, c2, c20 …)으로 큐에 다시 들어간다. 100 s에 하나.',
    },
    evicted: {
      text: '6m54s에 c1의 300s가 끝난다. TaintManagerEviction: web 파드 두 개가 삭제 대상이 되고 존 a와 b에 다시 만들어진다. 나머지 노드 59개의 파드는 Ready가 아니지만 그 자리에 남는다. web은 480/600에서 482/600이 된다.',
    },
    'predict-small': {
      text: '테인트가 계속된 것은 zone-c에 노드가 100개 있었기 때문이다.',
      question: 'zone-c에 노드가 50개뿐이고 그중 30개가 끊긴다면 컨트롤러는 무엇을 할까?',
      choices: [
        '여기처럼 100 s에 하나씩 테인트한다',
        '10 s에 하나씩 테인트한다',
        '테인트하지 않는다: 그 존의 NoExecute 테인트가 멈춘다',
      ],
      explanation:
        'PartialDisruption일 때 노드가 50개 이하(large-cluster-size-threshold, 존의 크기와 비교)인 존의 속도는 0이다. NoExecute 테인트가 없으니 축출도 없다. 노드에는 NoSchedule 테인트만 붙는다. 정하는 것은 클러스터가 아니라 존의 크기다.',
    },
    end: {
      text: '24m까지 60개 중 14개만 테인트되었고 web은 502/600이다. 100 s에 하나씩이면 전부 100분이 걸린다. zone-down에서는 같은 클러스터가 zone-c를 통째로 잃고, 더 빨리 600/600으로 돌아온다.',
    },
  },
  'zone-down': {
    cut: {
      text: '1m에 zone-c의 노드 100개 모두의 네트워크가 끊긴다. zone-partly-down과 같은 클러스터와 seed이고, 끊긴 노드가 40개 더 많다.',
    },
    'predict-rate': {
      text: '노드가 NotReady가 되면 node-lifecycle 컨트롤러는 zone-c의 속도 제한 큐를 거쳐 node.kubernetes.io/unreachable:NoExecute 테인트를 붙인다. 그 300s 뒤 각 노드의 파드가 축출된다.',
      question: '이 중 60개가 내려갔을 때는 100 s에 하나씩 테인트되었다. 100개 모두 내려가면?',
      choices: [
        '더 느리거나 전혀: 더욱 조심한다',
        '같다: 100 s에 하나',
        '더 빠르다: 10 s에 하나 (node-eviction-rate 0.1)',
      ],
      explanation:
        'Ready 노드가 하나도 남지 않아 zone-c는 FullDisruption이다. 컨트롤러는 이를 진짜 존 장애로 보고, 그 워크로드는 정상인 존으로 옮겨 가야 한다고 판단한다. 그래서 이 존은 node-eviction-rate, 초당 0.1개로, 아무 일도 없다는 듯이 테인트된다. 멈추는 것은 모든 존이 FullDisruption일 때뿐이다.',
    },
    notready: {
      text: '1m44s에 zone-c의 노드 3개가 NotReady가 되고(node-monitor-grace-period, 50s), 1m49s에 89개가 더. 100개 중 92개로 일단 PartialDisruption. 큐에 토큰이 아직 남아 있었다. 1m44s부터 NotReady인 c64에 곧바로 node.kubernetes.io/unreachable:NoExecute 테인트가 붙는다.',
    },
    full: {
      text: '1m54s에 마지막 8개가 NotReady가 된다. zone-c에 Ready 노드가 없다. FullDisruption이 되고, 큐는 다시 10 s에 하나가 된다.',
    },
    taints: {
      text: '2m4s에 c1, 2m14s에 c10. 10 s에 하나, 컨트롤러가 훑는 순서, 곧 이름순(c1, c10, c100, c11 …)이다. NotReady 노드에는 모두 node.kubernetes.io/unreachable:NoSchedule도 붙지만, 이것은 아무것도 늦추지 않는다.',
    },
    evicted: {
      text: '6m49s에 c64의 300s가 끝난다. TaintManagerEviction: web 파드 두 개가 삭제 대상이 되고 존 a와 b에 다시 만들어진다. 7m4s부터는 10 s마다 두 개씩 더.',
    },
    'predict-all': {
      text: '존 a와 b는 Normal이다. 그래서 zone-c가 보통 속도로 테인트된다.',
      question: '존 a와 b도 네트워크가 끊긴다면?',
      choices: [
        '모든 노드가 10 s에 하나씩 테인트된다',
        '어떤 노드도 테인트되지 않고, 이미 붙은 NoExecute 테인트도 제거된다',
        'Node 오브젝트가 삭제된다',
      ],
      explanation:
        '모든 존이 FullDisruption이면 컨트롤러는 master disruption mode("Controller detected that all Nodes are not-Ready")에 들어가 NoExecute 테인트를 제거하고 모든 존의 속도를 0으로 둔다. Ready 노드가 하나도 없으면 노드가 아니라 자신과 노드 사이의 연결을 의심하는 것이다.',
    },
    'last-taint': {
      text: '18m24s에 100번째 노드, 이름순으로 마지막인 c99가 테인트된다. zone-c 전체에 16.5분.',
    },
    end: {
      text: '23m24s에 c99의 파드가 축출된다. web은 다시 600/600이고 모두 존 a와 b에 있다. 내려간 노드가 40개 적은 zone-partly-down에서는 24m에도 web이 아직 502/600이었다. 이 속도라면 노드 1,666개인 존(존 세 개에 5,000개)은 네 시간 반이 넘게 걸린다.',
    },
  },
  'zone-down-5000': {
    cut: {
      text: '1m에 zone-c의 노드 1,666개 전부의 네트워크가 끊긴다. 클러스터의 3분의 1, 파드 50,000개 가까이. 타일 하나가 노드 하나, 점 하나가 그 노드의 파드 하나다. 위의 표는 존별로 센다.',
    },
    'predict-rate': {
      text: 'NotReady가 되면 node-lifecycle 컨트롤러는 zone-c의 속도 제한 큐를 거쳐 node.kubernetes.io/unreachable:NoExecute 테인트를 붙인다. 테인트 300s 뒤 그 노드의 파드는 축출되어 다른 곳에 다시 만들어진다.',
      question: 'zone-c의 모든 노드가 테인트되기까지 얼마나 걸릴까?',
      choices: ['5분쯤, 작은 클러스터처럼', '20분쯤, 큰 존일수록 큐가 빠르다', '4시간 반 넘게'],
      explanation:
        'Ready 노드가 하나도 남지 않아 zone-c는 FullDisruption이고, 크기와 상관없이 node-eviction-rate, 초당 0.1개로 테인트된다. 1,666개면 16,660 s, 4시간 38분. 이 속도는 잘못된 NotReady가 낼 수 있는 피해를 막으려는 것이지만, 여기서는 회복도 늦춘다.',
    },
    notready: {
      text: '1m41s부터, 마지막 하트비트 50s 뒤(node-monitor-grace-period), 5 s마다 도는 컨트롤러의 점검이 zone-c의 노드를 NotReady로 판정한다. 먼저 43개, 다음 56개(존이 아직 대부분 Ready라서 그중 c1020은 곧바로 테인트된다), 그리고 1m51s에 나머지 1,567개. 그 파드들은 Ready가 아닌 것으로 표시된다.',
    },
    taints: {
      text: 'Ready 노드가 남지 않았다. zone-c는 FullDisruption이다. 1m56s에 c1, 2m6s에 c10: 10 s에 하나, 컨트롤러가 훑는 순서, 즉 이름순(c1, c10, c100, c1000 …)이다. NotReady 노드에는 모두 node.kubernetes.io/unreachable:NoSchedule도 붙는데, 이쪽은 아무것도 늦추지 않는다. web의 Ready 파드는 5,000개 중 3,354개로 줄었다.',
    },
    evicted: {
      text: '6m46s에 c1020의 300s가 다 된다. TaintManagerEviction: 그 노드의 Deployment 파드 29개가 삭제 대상이 되고 존 a와 b에 다시 만들어진다. node-agent 파드는 남는다. DaemonSet의 파드는 unreachable을 시간 제한 없이 용인한다. 6m56s부터 10 s마다 노드 하나씩 더.',
    },
    'predict-faster': {
      text: 'zone-c의 파드는 10 s마다 29개씩만 돌아온다.',
      question: '운영자는 zone-c가 영영 돌아오지 않는다는 걸 안다. 파드를 더 빨리 되돌리려면?',
      choices: [
        '방법이 없다. 큐를 기다릴 뿐',
        'zone-c의 Node 오브젝트를 삭제한다',
        'node-lifecycle 컨트롤러를 재시작한다',
      ],
      explanation:
        '더는 존재하지 않는 Node에 바인딩된 파드는 파드 가비지 컬렉터가 1분쯤 안에(40 s 격리 뒤) 속도 제한 없이 삭제하고, ReplicaSets가 곧바로 다시 만든다. 재시작한 컨트롤러는 같은 속도로 큐를 다시 시작할 뿐이다.',
    },
    end: {
      text: '29m에 zone-c의 노드 1,666개 중 164개가 테인트되었고, 그중 134개 노드의 파드가 옮겨 갔다. web의 Ready 파드는 5,000개 중 3,488개. 마지막 노드는 4h39m쯤 테인트된다. Kubernetes가 여기서 느린 것은 일부러다. 같은 큐가 잠깐의 네트워크 장애로 클러스터의 3분의 1을 한꺼번에 축출하는 일을 막는다.',
    },
  },
};
