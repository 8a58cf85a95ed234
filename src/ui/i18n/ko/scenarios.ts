/** 한국어: the built-in scenarios' titles and descriptions (the gallery, the header). */
import type { Translation } from '../types';

export const scenarios: Translation['scenarios'] = {
  'kubelet-stop-control-plane': {
    title: '단일 노드 컨트롤 플레인에서 kubelet 정지',
    description:
      '유일한 노드("test", v1.23)의 kubelet을 2분 30초 동안 정지한다. 컨디션이 Unknown이 되며 노드가 NotReady가 되어도 파드는 계속 실행되다가 복구되는 과정을 본다.',
  },
  'docker-stop': {
    title: '워커의 docker 정지',
    description:
      '유일한 워커 knode에서 docker를 정지한다. 컨테이너도 함께 멈추고, kubelet이 런타임 중단을 보고하며, 노드·파드·Deployment·StatefulSet 모두에 드러난다. 5분 뒤 파드가 축출되고, 8m에 docker가 돌아오면 knode에서 다시 실행된다.',
  },
  'kubelet-stop-worker': {
    title: '워커의 kubelet 정지',
    description:
      'knode의 kubelet을 정지한다. 컨테이너는 계속 실행되지만 아무도 보고하지 않는다. 노드 컨디션이 Unknown이 되고 5분 뒤 파드가 축출 대상이 된다. 8m에 kubelet이 돌아오고 파드가 다시 실행된다.',
  },
  'node-poweroff': {
    title: '워커 전원 끄기',
    description:
      'knode가 꺼진다. API에서 보면 kubelet이 멈춘 것과 똑같다. 노드는 컨디션이 Unknown인 NotReady가 되고, 5분 뒤 파드가 축출된다. 8m에 전원이 다시 켜진다.',
  },
  'node-delete': {
    title: '실행 중인 머신의 Node 삭제',
    description:
      'kubelet이 실행 중인데 `kubectl delete node node2`. kubelet을 재시작해 노드를 다시 등록할 때까지 호스트는 일하지 않는 좀비가 된다.',
  },
  'pod-to-dead-kubelet': {
    title: 'kubelet이 멈춘 노드에 스케줄된 파드',
    description:
      'node2의 kubelet을 정지하고, 노드가 NotReady가 되기 전에 파드를 그곳에 스케줄한다. kubelet이 돌아올 때까지 아무도 시작하지 않는다. 이어서 static pod: kubelet은 API 서버가 있든 없든 /etc/kubernetes/manifests에 있는 것을 실행한다.',
  },
  eviction: {
    title: 'kubelet 장애 후 테인트 기반 축출',
    description:
      'node2의 kubelet이 멈춘다. 타임라인을 따라 축출까지: 50s 후 Unknown, unreachable 테인트, 300s 톨러레이션, TaintManagerEviction, 각 워크로드의 반응. 9m에 kubelet이 돌아오고 StatefulSet은 파드를 되찾는다.',
  },
  'control-plane-outage': {
    title: 'API 서버를 멈추고, 이어서 컨트롤러 매니저를 멈춘다',
    description:
      'kube-apiserver를 90초 정지하고, 워커의 kubelet이 죽는 동안 kube-controller-manager를 정지한다. 컨트롤러 매니저가 돌아올 때까지 아무도 노드를 NotReady로 표시하지 않는다. 그다음은 늘 같은 흐름: 테인트, 축출, 대체 파드, 14m에 kubelet 복귀.',
  },
  'pdb-drain': {
    title: 'PodDisruptionBudget에 막힌 drain',
    description:
      'web은 파드 3개로 실행되고, 그 PodDisruptionBudget은 3개 모두가 가용하기를 요구하므로 중단을 하나도 허용하지 않는다. kubectl drain node2는 노드를 cordon하고, 이후 모든 축출이 거부되어 5초마다 재시도된다. 1m30s에 파드 4개로 스케일하면 버짓이 하나를 허용한다: 다음 재시도가 node2의 파드를 축출하고 drain이 끝난다.',
  },
  'volume-out-of-service': {
    title: '죽은 노드에 남은 StatefulSet의 볼륨과 out-of-service 테인트',
    description:
      'db-0은 node1에서 실행되고 ReadWriteOnce 볼륨이 그 노드에 연결되어 있다. 30s에 node1의 전원이 꺼지고 1m19s에 NotReady가 되지만, StatefulSet은 db-0을 대체하지 않는다. 그 이름이 아직 쓰이고 있기 때문이다. 2m에 node1에 node.kubernetes.io/out-of-service 테인트를 붙이면 db-0이 강제 삭제되고, node2에 다시 만들어져 볼륨을 곧바로 받는다. 평소라면 분리(detach)가 기다리는 6분 없이.',
  },
  'graceful-shutdown': {
    title: '그레이스풀 노드 셧다운, 그리고 사라지는 노드',
    description:
      'kubelet은 shutdownGracePeriod 30s로 설정되어 있다. node2는 30s에 네트워크에서 끊긴다(전원 차단과 같다): 그 web 파드는 API에서 Running으로 남아 있다가 6m24s에야 테인트 축출로 대체된다. node1은 2m에 ssh node1 poweroff로 정상 종료된다: kubelet이 먼저 파드를 멈추고 Failed로 보고하므로, ReplicaSet이 1초 안에 대체 파드를 만든다.',
  },
  'node-delete-cloud': {
    title: '클라우드 머신의 Node 삭제',
    description:
      '머신이 클라우드 인스턴스이고 클러스터 오토스케일러가 없는 클러스터에서 `kubectl delete node node2`. Node는 다시 돌아오지 않고, 파드는 들어갈 수 있는 곳에 다시 만들어지며, 머신은 Node 없이 계속 돌아간다. 클라우드 요금만 계속 나가는, 일하지 않는 좀비다.',
  },
  'node-delete-autoscaler': {
    title: '클라우드 머신의 Node 삭제, 클러스터 오토스케일러와 함께',
    description:
      '같은 삭제를 클러스터 오토스케일러가 실행 중일 때 한다. 오토스케일러는 Node가 없는 node2의 머신을 보고 등록되기를 max-node-provision-time(15분) 동안 기다린 뒤, 그 머신을 삭제하고 내내 기다리던 Pending 파드 2개를 위해 새 머신을 추가한다.',
  },
  'autoscaler-scale-up': {
    title: '자리가 모자란 Deployment',
    description:
      'web을 1.5 CPU 파드 3개에서 6개로 늘린다. 노드는 4 CPU짜리 2대. 클러스터 오토스케일러가 몇 초 안에 노드 그룹에 머신을 추가하고, 약 2분 뒤 파드가 실행된다. 12개로 늘리면 그룹은 최대치인 4대에 이르고, 마지막 파드들은 오토스케일러의 이유와 함께 Pending으로 남는다.',
  },
  'autoscaler-scale-down': {
    title: '워크로드를 옮기는 스케일 다운',
    description:
      'web을 1.2 CPU 파드 6개에서 4개로 줄인다. 노드는 4 CPU짜리 3대. 10분 뒤 클러스터 오토스케일러가 반쯤 빈 노드 하나를 drain하고 그 머신을 종료하며, Node가 삭제된다. 컨트롤러 없는 debug 파드가 있는 노드는 남는다. 그 파드를 다시 만들어 줄 것이 없기 때문이다.',
  },
  'autoscaler-zone-outage': {
    title: '오토스케일러가 손을 놓는 존 장애',
    description:
      '6m에 존 a와 b가 끊긴다. 그 파드들은 테인트 5분 뒤 축출되고 대체 파드는 Pending에 머문다. 클러스터 오토스케일러는 노드 10개 중 6개가 준비되지 않은 것을 보고 클러스터가 비정상이라 판단해, 일부러 아무것도 하지 않는다. 18m에 존 b가 돌아오면 다시 움직인다.',
  },
  'zone-partly-down': {
    title: '일부가 내려간 큰 존, 천천히 테인트된다',
    description:
      '존 세 개에 100개씩, 워커 300개. 1m에 zone-c의 노드 60개의 네트워크가 끊긴다. 노드가 50개를 넘는 존의 55% 이상이 NotReady이므로 node-lifecycle 컨트롤러는 그 존을 PartialDisruption으로 보고 10초가 아니라 100초마다 노드 하나를 테인트한다. 25m까지 60개 중 14개만 테인트되고 web은 아직 파드 98개가 모자란다.',
  },
  'zone-down': {
    title: '통째로 내려간 큰 존, 보통 속도로 테인트된다',
    description:
      '같은 워커 300개. 1m에 zone-c 전체의 네트워크가 끊긴다. Ready 노드가 남지 않아 그 존은 FullDisruption이다. node-lifecycle 컨트롤러는 이를 진짜 존 장애로 보고 10초마다 노드 하나를 테인트한다. 파드는 존 a와 b로 옮겨 가고 web은 24m까지 다시 온전해진다. 60개만 내려갔을 때는 그렇지 않았다.',
  },
  'zone-down-5000': {
    title: '노드 5,000개, 파드 150,000개, 존 하나가 꺼진다',
    description:
      'Kubernetes 자신의 한계: 세 존에 노드 5,000개, 파드 150,000개. 1m에 zone-c의 노드 1,666개의 네트워크가 끊긴다. node-lifecycle 컨트롤러는 작은 클러스터에서처럼 10초마다 노드 하나를 테인트하므로, 그 존의 Deployment 파드 48,000개가 옮겨 가는 데 4시간 반이 넘게 걸린다.',
  },
};
