/**
 * 日本語: the built-in lessons' narration. Written in the plain, explanatory style of the Japanese
 * seed write-up (Node, Pod and kubelet in Latin letters, as it and kubernetes.io/ja write them).
 */
import type { Translation } from '../types';

export const narrations: Translation['narrations'] = {
  'kubelet-stop-control-plane': {
    stop: {
      text: '30sにtestのkubeletが停止する。ホスト上はそれ以外何も変わらず、コンテナは動き続ける。',
    },
    'predict-status': {
      text: 'kubeletはもうNodeのステータスを送らない。',
      question: 'NodeがNotReadyになるまで、どのくらいかかるか?',
      choices: ['すぐに', '約40秒 (node-monitor-grace-period)', '5分', 'ならない'],
      explanation:
        'node-lifecycleコントローラーはハートビートがないまま node-monitor-grace-period (v1.23では40s) 待ち、すべてのConditionを NodeStatusUnknown でUnknownにする。',
    },
    notready: {
      text: 'NodeはNotReady。MemoryPressure、DiskPressure、PIDPressure、ReadyはUnknownだが、Podは動き続けている。',
    },
    'no-eviction': {
      text: 'taintはNoScheduleだけ。クラスターの全NodeがNotReadyなので、node-lifecycleコントローラーはコントロールプレーン側の問題を疑い (master disruption mode)、NoExecuteのtaintを付けず、何も退避させない。',
    },
    start: {
      text: '3mにkubeletが再び起動し、Starting、NodeHasSufficientMemory… を記録して、NodeはReadyになる。',
    },
  },
  'docker-stop': {
    stop: {
      text: '30sにknodeのdockerが停止する。live-restoreがないので、コンテナも一緒に止まる。',
    },
    predict: {
      text: 'kubelet自体は動いていて、Nodeのステータスを送り続けている。',
      question: 'knodeのReady Conditionはどうなるか?',
      choices: ['Unknown (NodeStatusUnknown)', 'False (KubeletNotReady、container runtime is down)', 'Trueのまま'],
      explanation:
        'kubeletは生きていてランタイムの停止を報告するので、ReadyはUnknownではなく、理由KubeletNotReadyでFalseになる。',
    },
    notready: {
      text: 'knodeはNotReady。PodはCompleted 0/1、Deploymentは0/3と表示される。',
    },
    taint: {
      text: 'ReadyはUnknownではなくFalseなので、taintは node.kubernetes.io/not-ready:NoExecute。どのPodも300sはこれをtolerateする。',
    },
    evicted: {
      text: '300s後、taintコントローラーがPodを削除対象にする。代わりのPodはPendingのまま。kmasterはワークロードを受け付けない。',
    },
    start: {
      text: '8mにdockerが再び起動する。knodeはReadyになり、taintが外れ、kubeletは退避されたPodを片付ける。',
    },
    replaced: {
      text: '代わりのPodがknodeにスケジュールされて動き出し、DeploymentもStatefulSetも元どおりになる。',
    },
  },
  'kubelet-stop-worker': {
    stop: {
      text: '30sにknodeのkubeletが停止する。コンテナはdockerの下で動き続ける。',
    },
    predict: {
      text: 'knodeのステータスを送る者はもういない。',
      question: '2分後、knode上のPodはどう表示されるか?',
      choices: ['Runningだが、Readyではない', 'Completed', 'Pending', '消えている'],
      explanation:
        'NodeがUnknownになると、node-lifecycleコントローラーはPodをReady=Falseにする。phaseを変えられるのはkubeletだけなので、Runningのまま。',
    },
    notready: {
      text: 'knodeはNotReadyで、すべてのConditionがUnknown。',
    },
    taint: {
      text: '5s後、node-lifecycleコントローラーがknodeに node.kubernetes.io/unreachable:NoExecute のtaintを付ける。Podは300sこれをtolerateする。',
    },
    evicted: {
      text: 'tolerationの期限切れ。Podは削除対象になるが、確認するkubeletがいないのでTerminatingのまま。代わりのPodはPendingのまま。',
    },
    start: {
      text: '8mにkubeletが起動する。knodeは再びReadyになり、taintが外れ、kubeletは退避されたPodを止めて片付ける。',
    },
    replaced: {
      text: '代わりのPodがknodeにスケジュールされて動き出す。',
    },
  },
  'node-poweroff': {
    off: {
      text: '30sにknodeの電源が切れる。kubeletもコンテナもネットワークもない。',
    },
    notready: {
      text: 'コントロールプレーンからは、kubeletが止まった場合と同じに見える。',
    },
    taint: {
      text: 'knodeに node.kubernetes.io/unreachable:NoExecute のtaintが付く。PodはRunningと表示されたまま、300sこれをtolerateする。',
    },
    evicted: {
      text: 'tolerationの期限切れ。Podは削除対象になるがTerminatingのまま、代わりのPodはPendingのまま。',
    },
    on: {
      text: '8mにknodeが起動する。systemdがdockerとkubeletを起動し、kubeletはコンテナがないことを確認してReadyを報告する。',
    },
    replaced: {
      text: 'kubeletが退避されたPodを片付け、代わりのPodがknodeにスケジュールされて動き出す。',
    },
  },
  'node-delete': {
    delete: {
      text: '30sにNodeオブジェクトnode2が削除される。マシンとそのkubeletは動き続けている。',
    },
    predict: {
      text: 'node2のkubeletはまだ動いている。',
      question: 'kubeletは自分のNodeオブジェクトを作り直すか?',
      choices: ['はい、次のステータス更新で', 'いいえ、登録するのは起動時だけ'],
      explanation:
        'kubeletがNodeを登録するのは起動時の1回だけ。その後のステータス更新は「not found」で失敗し、ログを埋め尽くす。',
    },
    orphans: {
      text: 'ガベージコレクターが存在しないNodeに紐づくPodを削除し、コントローラーがnode1に作り直す。',
    },
    restart: {
      text: '4mにkubeletが再起動してnode2を再登録し、DaemonSetがそこへPodをスケジュールする。',
    },
  },
  'pod-to-dead-kubelet': {
    stop: {
      text: 'node1はcordon済み。その後10sにnode2のkubeletが停止する。',
    },
    'predict-pending': {
      text: '15sに `kubectl run nginx1` がPodを作る。スケジューラーが選べるのはnode2だけ。',
      question: '40s時点のnginx1のステータスは?',
      choices: ['Running', 'Pending (node2にスケジュール済み)', 'Pending (スケジュール不可)', 'ContainerCreating'],
      explanation: 'スケジューラーはPodをnode2に割り当てるが、コンテナを作るのはkubeletだけで、それが止まっている。',
    },
    notready: {
      text: 'ハートビートなしで50s。node2はNotReadyになりtaintが付く。nginx1はnode2に割り当てられたままPending。起動できるのはnode2のkubeletだけ。',
    },
    start: {
      text: '90sにkubeletが起動する。node2は再びReadyになりtaintが外れる。どのPodの300sのtolerationよりずっと前だ。',
    },
    pull: {
      text: 'kubeletはnginx1に気づきnginxをプルしようとするが、レジストリに届かない (ErrImagePull、次にImagePullBackOff)。',
    },
    static: {
      text: 'nginx-node2はstatic Pod。kubeletが /etc/kubernetes/manifests/nginx.yaml から動かし、APIにミラーする。',
    },
    'static-out': {
      text: '4mにマニフェストが /etc/kubernetes/manifests から消える。kubeletはPodを止め、ミラーを削除する。',
    },
    'static-in': {
      text: '5mにマニフェストが戻る。kubeletはPodを再び起動してAPIにミラーする。API serverがなくても同じように動く。',
    },
  },
  eviction: {
    stop: {
      text: '30sにnode2のkubeletが停止する。',
    },
    unknown: {
      text: 'ハートビートなしで50s (node-monitor-grace-period)。node2のConditionはUnknownになり、kubectlはNotReadyと表示する。',
    },
    taint: {
      text: 'node-lifecycleコントローラーの次の巡回 (5s) で、node2に node.kubernetes.io/unreachable:NoExecute のtaintが付く。',
    },
    predict: {
      text: 'どのPodも node.kubernetes.io/unreachable:NoExecute を300sはtolerateする (DefaultTolerationSeconds)。',
      question: 'tolerationが切れたとき、node2上のStatefulSetのPodはどうなるか?',
      choices: ['すぐに別のNodeで作り直される', 'Terminatingのまま: 停止をkubeletが確認できない', '何も起きない'],
      explanation:
        'Podは削除対象になるが、StatefulSetコントローラーは古いPodが消えるまで同じIDの代わりを作らない。それにはkubelet (か強制削除) が必要。',
    },
    evicted: {
      text: 'TaintManagerEviction: node2上のPodが削除対象になる。DaemonSetのPodはtaintをtolerateするので残る。',
    },
    replaced: {
      text: 'ReplicaSetはwebのPodの代わりをすぐに作り、node1で動き出す。db-1はTerminatingのまま。',
    },
    start: {
      text: '9mにnode2のkubeletが起動する。node2はReadyになり、taintが外れ、kubeletは退避されたPodを止めて片付ける。',
    },
    db: {
      text: '古いdb-1が消えたので、StatefulSetコントローラーがdb-1を作り直し、動き出す。StatefulSetは元どおり。',
    },
  },
  'control-plane-outage': {
    apiserver: {
      text: '30sにkube-apiserverのマニフェストが /etc/kubernetes/manifests から消え、kubeletがそれを止める。',
    },
    predict: {
      text: 'kubectlはもうAPI serverに届かない。',
      question: 'API serverが止まっている間、nginxのPodはどうなるか?',
      choices: ['止まる', '動き続ける', '退避される'],
      explanation: 'コンテナを動かしているのはkubeletとランタイムで、どちらも動き続けるのにAPI serverを必要としない。',
    },
    kcm: {
      text: '4mにkube-controller-managerが止まり、4m30sにnode1のkubeletが止まる。ハートビートを見張る者はいない。',
    },
    back: {
      text: '7mにkube-controller-managerが戻る。まず全Nodeに新しい猶予期間を与え、その後node1の古いLeaseに気づいてNotReadyにする。',
    },
    taint: {
      text: 'node1に node.kubernetes.io/unreachable:NoExecute のtaintが付く。Podは300sこれをtolerateする。',
    },
    evicted: {
      text: 'tolerationの期限切れ。node1上のwebのPodが削除対象になる。',
    },
    replaced: {
      text: 'ReplicaSetがそれらを作り直し、node2で動き出す。',
    },
    start: {
      text: '14mにnode1のkubeletが起動する。node1はReadyになり、taintが外れ、退避されたPodは片付けられる。',
    },
  },
};
