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
  'pdb-drain': {
    drain: {
      text: '30sに kubectl drain node2 --ignore-daemonsets がnode2をcordonし (SchedulingDisabled)、その上のwebのPodの退避をeviction APIに求める。',
    },
    predict: {
      text: 'PodDisruptionBudget webはminAvailable 3を求め、webのReadyなPodは3つ。kubectl get pdb は ALLOWED DISRUPTIONS 0 を示す。',
      question: 'budgetがdisruptionを1つも許さないとき、drainはどうするか?',
      choices: ['それでもPodを削除する', 'すぐにエラーで失敗する', '許されるまで、5秒ごとに何度でも頼み直す'],
      explanation:
        "eviction APIは429 Too Many Requestsで拒否する: Cannot evict pod as it would violate the pod's disruption budget. kubectl drainはこのエラーを (will retry after 5s) 付きで表示し、再試行する。何も削除されず、--timeoutがなければdrainはいつまでも待つ。",
    },
    blocked: {
      text: 'node2はcordonされたが、webのPodはまだ動いている。50sでも kubectl get pdb は ALLOWED DISRUPTIONS 0 のままで、再試行はすべて拒否される。',
    },
    scale: {
      text: '1m30sに kubectl scale deployment web --replicas=4。ReplicaSetが4つ目のPodを作り、スケジューラーはそれをcordonされたnode2ではなくnode1に置く。それがReadyになると、求める3つに対して健全なPodが4つ: ALLOWED DISRUPTIONS 1。',
    },
    evicted: {
      text: '次の再試行 (1m35s) で退避が許され、budgetの1つだけのdisruptionを使う。node2上のPodが削除され、そのkubeletがnginxを止める (Killing)。',
    },
    replaced: {
      text: 'ReplicaSetは退避されたPodの代わりをすぐにnode3に作る。代わりがReadyになると、budgetは再び1つのdisruptionを許す。',
    },
    drained: {
      text: '古いPodが消える。毎秒確認している kubectl drain は、1m37sに pod/… evicted と node/node2 drained を表示する。node2は kubectl uncordon node2 までcordonされたまま。',
    },
  },
  'volume-out-of-service': {
    volume: {
      text: 'StatefulSet dbの唯一のPod db-0がnode1で動いている。volumeClaimTemplatesから作られたPVC data-db-0はReadWriteOnceのボリュームにBoundで、kubectl get volumeattachments はそのボリュームがnode1にアタッチされていることを示す。このようなディスクは一度に1つのNodeにしかアタッチできない。',
    },
    off: {
      text: '30sにnode1の電源が切れる。kubelet、コンテナ、ネットワークが一斉に止まり、API serverには誰も知らせない。',
    },
    notready: {
      text: '1m19s、ハートビートなしで50秒経ち、node-lifecycleコントローラーがnode1をNotReadyに (NodeNotReady)、db-0をReadyでないとマークする。kubectl get statefulset db は READY 0/1。kubectl get pods ではdb-0はまだnode1でRunningのまま。そうでないと言えるkubeletはもういない。',
    },
    predict: {
      text: 'node2はReadyで余裕もある。StatefulSet dbはレプリカを1つ求めているが、Readyなものは1つもない。',
      question: 'StatefulSetコントローラーはdb-0をどうするか?',
      choices: [
        'すぐにnode2でdb-0を作り直す',
        '代わりにnode2でdb-1を作る',
        'Podオブジェクトdb-0が存在する限り、何もしない',
      ],
      explanation:
        'StatefulSetのPodは名前が固定で、db-0は同時に最大1つしか存在しない。新しいdb-0を作るには古いオブジェクトが消えている必要があり、それを消せるのは電源の切れたnode1のkubeletだけ。6m24s、unreachable:NoExecute taintの300 s後にtaint evictionコントローラーがdb-0を削除対象にするが、その後はいつまでもTerminatingのまま。Deploymentは待たない: 新しいPodは新しい名前を持つからだ。',
    },
    taint: {
      text: '2mに、node1の電源が本当に切れていることを確かめた管理者が kubectl taint nodes node1 node.kubernetes.io/out-of-service=nodeshutdown:NoExecute を実行する。db-0はこのNoExecute taintをtolerateしない。taint evictionコントローラーは300 sの待ちを取り消し (Cancelling deletion of Pod default/db-0)、すぐにdb-0を削除対象にする。db-0はTerminatingになり、そのボリュームはまだnode1にアタッチされている。',
    },
    'predict-volume': {
      text: 'このtaintは「マシンは止まっている」という約束だ。まだ動いているNodeに付けると、2つのPodが同じディスクに書き込みかねない。',
      question: 'kubeletのいないNode上でdb-0はTerminating。次に何が起きるか?',
      choices: [
        'node1が戻るまでTerminatingのまま',
        '20秒以内に強制削除され、db-0がボリュームとともにnode2で起動する',
        'db-0はnode2に戻るが、ボリュームを6分待つ',
      ],
      explanation:
        'PodGCは20 sごとに、NotReadyでout-of-service taintの付いたNode上のTerminatingなPodを強制削除し、attach/detachコントローラーはボリュームをすぐにデタッチする。taintなしの強制削除だけでは、新しいdb-0はMulti-Attach errorでContainerCreatingのまま、6分後 (maxWaitForUnmountDuration) にデタッチが強制されるまで待つ。',
    },
    recreated: {
      text: '2m9s、PodGCの巡回がdb-0を強制削除する。StatefulSetコントローラーがdb-0を作り直し、スケジューラーはそれをnode2に割り当てる。attach/detachコントローラーは待たずにボリュームをnode1からデタッチしてnode2にアタッチする: SuccessfulAttachVolume。Multi-Attach errorは出ない。',
    },
    running: {
      text: '2m13s、イメージのpullの後、redisがnode2で動き出す。kubectl get pvc は同じPVCが同じボリュームにBoundのままだと示す。db-0はデータとともに戻った。node1は修理されるまでtaintを付けたままにし、その後 kubectl taint nodes node1 node.kubernetes.io/out-of-service- で外す。',
    },
  },
  'graceful-shutdown': {
    cut: {
      text: 'webは各ワーカーにPodを1つずつ持つ。30sにnode2がネットワークから切り離される (network cut node2)。コントロールプレーンから見れば、これは電源断と同じ: node2のkubeletは、Podについて何も言わないまま報告をやめる。',
    },
    unknown: {
      text: '1m19s、node2の最後のハートビートから約50s後 (node-monitor-grace-period)、conditionがUnknownになる: NotReady。1m24sに node.kubernetes.io/unreachable:NoExecute のtaintが付くが、webのPodはこれを300s tolerateする: API上ではまだRunning。',
    },
    predict: {
      text: '2mにnode1をきれいにシャットダウンする: ssh node1 poweroff。このクラスターのkubeletはすべて shutdownGracePeriod 30s、shutdownGracePeriodCriticalPods 10s。',
      question: 'どちらのwebのPodが先に置き換えられるか?',
      choices: [
        'node2のPod: 90秒早く失われたから',
        'node1のPod: シャットダウンから数秒以内に',
        '両方同時、node2の300sが過ぎたとき',
      ],
      explanation:
        'node1のkubeletは電源断を待たせ、Podを止めてFailedと報告する。FailedのPodはReplicaSetに数えられないので、すぐに代わりが作られる。node2のPodはAPI上でまだRunning: 止まったと言える者がいないので、300sのtolerationが切れるのを待ち、6m24sに退避される。',
    },
    shutdown: {
      text: '2mに ssh node1 poweroff。node1のkubeletはsystemd-logindのinhibitor lockを持っているので、電源断は待たされる: イベント Shutdown、そしてすぐに Ready False、"node is shutting down"。まず通常のPodを最大20s (30sから重要なPod用の10sを引いた分) で止める: nginxをKilling。',
    },
    replaced: {
      text: 'nginxは1秒以内に止まる: PodはFailed、reason Terminated、"Pod was terminated in response to imminent node shutdown." で終わる (kubectl describe pod)。2m1sにReplicaSetがnode3に代わりを作る。続いて重要なPod (calico-node、kube-proxy) が止まり、node1の電源が切れる。',
    },
    compare: {
      text: '2m5sの kubectl get pods: webのRunningのPodはまた3つ。2つはnode3、3つ目はnode2上の古いPodで、node2が沈黙して95s経ってもまだ 1/1 Running。',
    },
    evicted: {
      text: '6m24s、NoExecuteのtaintから300s後、node2のPodが退避され (TaintManagerEviction)、ReplicaSetがnode3に代わりを作る: node2を失ってから6分近く。node1では1秒だった。古いPodはTerminatingのまま: 消えたことを確認できるのはnode2のkubeletだけ。',
    },
  },
  'node-delete-cloud': {
    delete: {
      text: '30sにNodeオブジェクトnode2が削除される。そのマシン (クラウドのインスタンス) は動き続け、kubeletも動き続ける。',
    },
    'predict-node': {
      text: 'node2のkubeletは生きていて、cloud-controller-managerはすべてのNodeを見ている。',
      question: 'Nodeオブジェクトnode2を作り直すのは誰か?',
      choices: ['kubelet、次のステータス更新で', 'cloud-controller-managerのNodeコントローラー', '誰もいない'],
      explanation:
        'kubeletがNodeを登録するのは起動時の1回だけで、その後のステータス更新は「not found」で失敗する。cloud-node-controllerは存在するNodeを初期化するだけ、cloud-node-lifecycle-controllerはNodeを削除するだけで、どちらもNodeを作ることはない。',
    },
    orphans: {
      text: 'Podのガベージコレクターがまだnode2に紐づいているPodを削除し、ReplicaSetが自分の2つを作り直す。node1にもnode3にも収まらず、Pending。',
    },
    kubelet: {
      text: 'node2ではkubeletが自分のPodが消えたのを見て、そのコンテナを止める。kube-proxyとcalico-nodeのDaemonSetのPodも含めてだ。その間もステータス更新は10sごとに失敗する (2m30sのjournalctl)。',
    },
    zombie: {
      text: 'cloud instances: node2のインスタンスはNodeのないままrunning。cloud-node-lifecycle-controllerが削除するのはインスタンスが消えたNodeだけで、しかも見ているのはNodeだけ。node2のマシンはそこからは見えない。',
    },
    'predict-machine': {
      text: 'このクラスターにはクラスターオートスケーラーがない。',
      question: 'node2のマシンはどうなるか?',
      choices: [
        'しばらくするとクラウドが停止する',
        '誰かが手を打つまで、何もせず課金されながら動き続ける',
        '再起動して再登録する',
      ],
      explanation:
        'NodeのないマシンをKubernetesもクラウドも見張っていない。誰かがkubeletを再起動する (node2が再登録される) か、インスタンスを終了するまで、ゾンビとして何もせず動き続ける。次のレッスンでは同じクラスターをクラスターオートスケーラー付きで動かす。',
    },
    still: {
      text: 'その後は何も変わらない。19mでも cloud instances はnode2をNodeなしのrunningと表示し、webのPod 2つはPendingのまま。ssh node2 systemctl restart kubelet や cloud terminate node2 を試してみよう。',
    },
  },
  'node-delete-autoscaler': {
    delete: {
      text: '30sにNodeオブジェクトnode2が削除される。オートスケーラーなしのレッスンと同じだ。マシンとkubeletは動き続ける。',
    },
    unregistered: {
      text: 'クラスターオートスケーラーは10sごとにNodeグループのインスタンスを一覧し、それぞれのproviderIDを持つNodeを探す。node2のインスタンスにはそれがない。status ConfigMapはこれを unregistered: 1 と数える。',
    },
    pending: {
      text: 'node2に紐づいたPodはガベージコレクションされ、作り直される。webのPod 2つはどのNodeにも収まらない: Pending、FailedScheduling。',
    },
    'predict-scale-up': {
      text: 'Nodeグループはマシン5台まで増やせる。',
      question: 'クラスターオートスケーラーは、PendingのPod 2つのためにマシンを追加するか?',
      choices: [
        'はい、10sのループ1回のうちに',
        'まだしない。node2のマシンを到着途中のNodeと数えている',
        'しない。マシンを減らすだけ',
      ],
      explanation:
        'cluster-autoscaler 1.33では、Nodeのないグループのマシンは到着予定のNodeとして数えられる (目標サイズから、準備完了、準備未完了、長く未登録のNodeを引いた数)。オートスケーラーのシミュレーションではPendingのPodがそこに収まるので、スケールアップもせず、NotTriggerScaleUpとも言わない。',
    },
    long: {
      text: '最初にマシンを見てから max-node-provision-time (15分) 経つと、オートスケーラーはそのマシンを諦める。DeleteUnregisteredがnode2のインスタンスを終了し、同じループでPendingのPodのためにグループを元の台数に戻す (TriggeredScaleUp)。',
    },
    'new-node': {
      text: '新しいマシンが起動し、kubeletが登録し、cloud-node-controllerがNodeを初期化して、webのPodが動き出す。',
    },
    end: {
      text: 'ゾンビの代償は、マシン15分ぶんと、Pendingのまま15分待ったPod 2つ。最小サイズが3なら、ずっと残っていた。オートスケーラーは、グループの最小サイズを割ってまで未登録のマシンを削除しない。',
    },
  },
  'autoscaler-scale-up': {
    grow: {
      text: '1mにwebを1.5 CPUのPod 3個から6個に増やす。4 CPUのNode 2台には2個ずつしか載らず、2個がPending (FailedScheduling: Insufficient cpu)。',
    },
    'predict-when': {
      text: 'クラスターオートスケーラーは10秒ごとにループを回す。',
      question: '新しいマシンが起動するのはいつか?',
      choices: ['約10秒以内', 'PodがPendingのまま5分経ってから', '誰かが cloud scale を実行したときだけ'],
      explanation:
        'オートスケーラーはループごとに、PendingのPodを今あるNodeと各Nodeグループのテンプレートに載せてシミュレーションする。あるグループの新しいNodeにしか収まらないPodがあれば、グループはすぐに増える。作られて2秒未満のPodだけは、もう1ループ待つ。',
    },
    triggered: {
      text: 'TriggeredScaleUp: pod triggered scale-up: [{workers 2->3 (max: 4)}]。status ConfigMapには scaleUp: InProgress とあり、新しいマシンはkubeletが登録するまで unregistered と数えられる。',
    },
    registered: {
      text: '約90秒後、マシンがrunningになり、kubeletが node.cloudprovider.kubernetes.io/uninitialized のtaint付きでNodeを登録し、cloud-node-controllerがすぐに初期化する (Synced)。',
    },
    running: {
      text: 'NodeはReadyになり、スケジューラーがPendingのPod 2つをそこにバインドする。',
    },
    more: {
      text: '6mにwebは12個に増える。Pendingは6個で、グループはあと1台しか増やせない (最大4)。',
    },
    max: {
      text: "Pod 2つのためにマシン1台 (TriggeredScaleUp)。残る4つには NotTriggerScaleUp、pod didn't trigger scale-up: 1 max node group size reached。それらはPendingのまま。このイベントが繰り返されるのは多くても5分に1回。",
    },
  },
  'autoscaler-scale-down': {
    shrink: {
      text: '1mにwebをPod 6個から4個に減らす。node2とnode3には1.2 CPUのPodが1個ずつ残る。CPUの30%だ。',
    },
    candidates: {
      text: '次のループでクラスターオートスケーラーはこの2台を不要と判断する。要求は50%以下で、Podはほかに収まる。2台に DeletionCandidateOfClusterAutoscaler:PreferNoSchedule のtaintを付ける。node1は候補にならない。debug Podには作り直すコントローラーがないからだ。',
    },
    'predict-when': {
      text: 'scale-down-unneeded-time は10分。',
      question: 'node2が取り除かれるのはいつか?',
      choices: ['すぐに', '10分間不要のままなら、次の10sのループで', 'ない。まだPodが動いている'],
      explanation:
        'Nodeは scale-down-unneeded-time (10m) のあいだ不要のままでなければならない。途中のループで再び必要と判断されれば (そのPodがほかに収まらない)、待ちは最初からやり直しになる。',
    },
    marked: {
      text: 'node2に ToBeDeletedByClusterAutoscaler:NoSchedule のtaintが付き、cordonされる (Ready,SchedulingDisabled)。status ConfigMapには Scale-down: removing node node2 と記録される。',
    },
    drain: {
      text: '5s後、webのPodが退避され (deleting pod for node scale down)、ReplicaSetがnode1に作り直す。node3には削除候補のtaintが付いていて、スケジューラーはそこを避けるからだ。',
    },
    terminated: {
      text: '退避されたPodが消えると、オートスケーラーはNodeグループを通じてnode2のインスタンスを削除する。マシンは終了し、グループの目標サイズは3から2になる。',
    },
    gone: {
      text: 'Nodeはマシンより長く残り、NotReadyになってから cloud-node-lifecycle-controller が削除する: Deleting node node2 because it does not exist in the cloud provider。',
    },
  },
  'autoscaler-zone-outage': {
    cut: {
      text: '6mにゾーンaとbがネットワークを失う。10台中6台のNodeだ。マシンは動き続けているので、クラウドのコントローラーはそのNodeに手を出さない。',
    },
    notready: {
      text: '50s後、それらのNodeはNotReadyになる。',
    },
    'predict-health': {
      text: 'クラスターオートスケーラーはループごとに準備未完了のNodeを数える。',
      question: '10台中6台のNodeが準備未完了のとき、オートスケーラーは何をするか?',
      choices: [
        'ゾーンcにマシンを追加する',
        '準備未完了のNodeを取り除く',
        '何もしない。クラスターが健全になるまで動きを止める',
      ],
      explanation:
        '準備未完了のNodeが3台 (ok-total-unready-count) を超え、かつ全Nodeの45% (max-total-unready-percentage) を超えると、cluster-autoscalerはクラスターを異常とみなし、スケールアップもスケールダウンもしない。大規模な障害の最中は、サイズを変えるときではない。',
    },
    unhealthy: {
      text: 'status ConfigMapに ClusterUnhealthy、Cluster is unhealthy (多くても5分に1回)。そのステータスには clusterWide health: Unhealthy とある。',
    },
    evicted: {
      text: 'taintの5分後、ゾーンaとbのPodが退避される。代わりのPodはゾーンcに一部しか収まらない: Pending。そして設計どおり、TriggeredScaleUpはない。',
    },
    heal: {
      text: '18mにゾーンbが戻る。準備未完了のNodeは3台で、再び上限内に収まる。オートスケーラーは動き出し、PendingのPodはゾーンbのNodeに居場所を見つける。',
    },
    end: {
      text: 'ゾーンaのPodは、kubeletが停止を確認できないのでTerminatingのまま。準備未完了が20分続けば (scale-down-unready-time)、ゾーンaのNodeはスケールダウンの候補になる。',
    },
  },
  'zone-partly-down': {
    cut: {
      text: '1mに、zone-cの100台のうち60台のNode (c1からc60) がネットワークを失う。Podは動き続けるが、そこからAPIサーバーには何も届かない。',
    },
    'predict-rate': {
      text: 'NotReadyになると、node-lifecycleコントローラーはzone-cのレート制限付きキューを通して node.kubernetes.io/unreachable:NoExecute のtaintを付ける。その300s後に、各NodeのPodが退避される。',
      question: 'zone-cの60台のNodeは、どのくらいの速さでtaintされるか?',
      choices: [
        '一度に全部',
        '10 sに1台 (node-eviction-rate 0.1)',
        '100 sに1台 (secondary-node-eviction-rate 0.01)',
        'まったくされない',
      ],
      explanation:
        '100台中60台は、ゾーンの unhealthy-zone-threshold (0.55) 以上で、しかも2台を超える。zone-cはPartialDisruptionだ。Kubernetesはマシンの故障よりネットワークの問題を疑い、ペースを落とす。large-cluster-size-threshold (50) 台を超えるゾーンは secondary-node-eviction-rate、毎秒0.01台でtaintされる。',
    },
    notready: {
      text: '1m49s、最後のハートビートから50s (node-monitor-grace-period) で、zone-cの56台がコントローラーの1回の巡回でNotReadyになり、残りの4台は5秒後に続く。100台中56台は55%以上: zone-cはPartialDisruptionになり、ゾーンaとbはNormalのまま。',
    },
    'first-taint': {
      text: '次の巡回で、c1に node.kubernetes.io/unreachable:NoExecute のtaintが付く。ゾーンのキューにはまだトークンが1つ残っていた。NotReadyのNodeにはどれも node.kubernetes.io/unreachable:NoSchedule も付くが、こちらは何にも減速されない。',
    },
    'second-taint': {
      text: '100秒後の3m34sに2台目、c10。待っているNodeは巡回のたびに、コントローラーが見て回る順、つまり名前順 (c1, c10, c11 … c19, c2, c20 …) にキューへ入れ直される。100 sに1台。',
    },
    evicted: {
      text: '6m54sにc1の300sが尽きる。TaintManagerEviction: 2つのwebのPodが削除対象になり、ゾーンaとbで作り直される。残り59台のNodeのPodはReadyではないが、その場に留まる。webは480/600から482/600になる。',
    },
    'predict-small': {
      text: 'taintが続いたのは、zone-cが100台あったからだ。',
      question: 'zone-cが50台しかなく、そのうち30台が切り離されたら、コントローラーはどうするか?',
      choices: [
        'ここと同じく100 sに1台taintする',
        '10 sに1台taintする',
        'taintしない: そのゾーンのNoExecuteのtaintは止まる',
      ],
      explanation:
        'PartialDisruptionのとき、50台以下 (large-cluster-size-threshold、ゾーンの台数と比べる) のゾーンのレートは0になる。NoExecuteのtaintはなく、退避もない。NodeにはNoScheduleのtaintだけが付く。決めるのはクラスターではなくゾーンの大きさだ。',
    },
    end: {
      text: '24mの時点でtaintされたのは60台中14台だけで、webは502/600。100 sに1台のペースでは、全部で100分かかる。zone-downでは同じクラスターがzone-cをまるごと失い、もっと早く600/600に戻る。',
    },
  },
  'zone-down': {
    cut: {
      text: '1mにzone-cの100台すべてがネットワークを失う。zone-partly-downと同じクラスターとseedで、切り離されるNodeが40台多い。',
    },
    'predict-rate': {
      text: 'NotReadyになると、node-lifecycleコントローラーはzone-cのレート制限付きキューを通して node.kubernetes.io/unreachable:NoExecute のtaintを付ける。その300s後に、各NodeのPodが退避される。',
      question: 'このうち60台が落ちたときは、100 sに1台taintされた。100台すべてが落ちたら?',
      choices: [
        'もっと遅いか、まったくされない: さらに慎重になる',
        '同じ: 100 sに1台',
        'もっと速い: 10 sに1台 (node-eviction-rate 0.1)',
      ],
      explanation:
        'ReadyなNodeが1台も残らないので、zone-cはFullDisruptionだ。コントローラーはこれを本当のゾーン障害とみなし、そのワークロードは健全なゾーンへ移るべきだと考える。だからこのゾーンは node-eviction-rate、毎秒0.1台で、特別なことは何もないかのようにtaintされる。止まるのは、すべてのゾーンがFullDisruptionのときだけだ。',
    },
    notready: {
      text: '1m44sにzone-cの3台がNotReadyになり (node-monitor-grace-period、50s)、1m49sにさらに89台。100台中92台で、ひとまずPartialDisruption。キューにはまだトークンが残っていた: 1m44sからNotReadyのc64に、すぐ node.kubernetes.io/unreachable:NoExecute のtaintが付く。',
    },
    full: {
      text: '1m54sに最後の8台がNotReadyになる。zone-cにReadyなNodeはない。FullDisruptionになり、キューは10 sに1台に戻る。',
    },
    taints: {
      text: '2m4sにc1、2m14sにc10。10 sに1台、コントローラーが見て回る順、つまり名前順 (c1, c10, c100, c11 …)。NotReadyのNodeにはどれも node.kubernetes.io/unreachable:NoSchedule も付くが、こちらは何にも減速されない。',
    },
    evicted: {
      text: '6m49sにc64の300sが尽きる。TaintManagerEviction: 2つのwebのPodが削除対象になり、ゾーンaとbで作り直される。7m4sからは10 sごとにさらに2つずつ。',
    },
    'predict-all': {
      text: 'ゾーンaとbはNormal。だからzone-cは通常のレートでtaintされる。',
      question: 'ゾーンaとbもネットワークを失ったら?',
      choices: [
        'すべてのNodeが10 sに1台ずつtaintされる',
        'どのNodeもtaintされず、すでに付いたNoExecuteのtaintも外される',
        'Nodeが削除される',
      ],
      explanation:
        'すべてのゾーンがFullDisruptionになると、コントローラーはmaster disruption mode (「Controller detected that all Nodes are not-Ready」) に入り、NoExecuteのtaintを外し、すべてのゾーンのレートを0にする。ReadyなNodeが1台もないときは、Nodeではなく自分とNodeのあいだの接続を疑うのだ。',
    },
    'last-taint': {
      text: '18m24sに100台目、名前順で最後のc99がtaintされる。zone-cの全台に16.5分。',
    },
    end: {
      text: '23m24sにc99のPodが退避される。webは再び600/600で、すべてゾーンaとbにある。落ちたNodeが40台少ないzone-partly-downでは、24mでもwebはまだ502/600だった。このレートでは、1,666台のゾーン (3つのゾーンに5,000台) なら4時間半以上かかる。',
    },
  },
  'zone-down-5000': {
    cut: {
      text: '1mにzone-cの1,666台すべてがネットワークを失う。クラスターの3分の1、50,000個近いPod。タイル1枚がNode 1台、点1つがそのPod 1つ。上の表はゾーンごとに数えている。',
    },
    'predict-rate': {
      text: 'NotReadyになると、node-lifecycleコントローラーはzone-cのレート制限付きキューを通して node.kubernetes.io/unreachable:NoExecute のtaintを付けていく。taintから300s後、そのNodeのPodは退避させられ、別の場所で作り直される。',
      question: 'zone-cのNodeすべてにtaintが付くまで、どれくらいかかる?',
      choices: ['約5分。小さなクラスターと同じ', '約20分。大きなゾーンほどキューが速い', '4時間半以上'],
      explanation:
        'ReadyなNodeが1台も残らないので、zone-cはFullDisruptionで、サイズに関係なくnode-eviction-rate、毎秒0.1台でtaintされる。1,666台で16,660 s、4時間38分。このレートは誤ったNotReadyが起こしうる被害を抑えるためのものだが、ここでは回復も遅らせる。',
    },
    notready: {
      text: '1m41sから、最後のハートビートの50s後 (node-monitor-grace-period)、コントローラーの5 sごとの見回りがzone-cのNodeをNotReadyと判定していく: まず43台、次に56台 (ゾーンはまだほとんどReadyなので、そのうちの1台c1020にはすぐtaintが付く)、そして1m51sに残りの1,567台。それらのPodはReadyでないとマークされる。',
    },
    taints: {
      text: 'ReadyなNodeは残っていない。zone-cはFullDisruption。1m56sにc1、2m6sにc10: 10 sに1台、コントローラーが見て回る順、つまり名前順 (c1, c10, c100, c1000 …)。NotReadyのNodeにはどれも node.kubernetes.io/unreachable:NoSchedule も付くが、こちらは何にも減速されない。webのReadyなPodは5,000中3,354まで減った。',
    },
    evicted: {
      text: '6m46sにc1020の300sが尽きる。TaintManagerEviction: そのNodeのDeploymentのPod 29個が削除対象になり、ゾーンaとbで作り直される。node-agentのPodは残る: DaemonSetのPodはunreachableを時間制限なしで許容する。6m56sからは10 sごとにさらに1台ずつ。',
    },
    'predict-faster': {
      text: 'zone-cのPodは10 sごとに29個ずつしか戻ってこない。',
      question: 'zone-cはもう戻らないと運用者にはわかっている。Podを早く戻すには?',
      choices: [
        '何もない。キューを待つだけ',
        'zone-cのNodeオブジェクトを削除する',
        'node-lifecycleコントローラーを再起動する',
      ],
      explanation:
        'もう存在しないNodeに割り当てられたPodは、Podのガベージコレクターが1分ほどで (40 sの隔離期間のあと) レート制限なしに削除し、ReplicaSetsがすぐに作り直す。再起動したコントローラーは、同じレートでキューをやり直すだけ。',
    },
    end: {
      text: '29mの時点で、zone-cの1,666台のうちtaintされたのは164台、Podが移ったのは134台分: webのReadyなPodは5,000中3,488。最後のNodeにtaintが付くのは4h39mごろ。Kubernetesがここで遅いのはわざと: 同じキューが、ネットワークの一時的な不調でクラスターの3分の1を一度に退避させてしまうのを防いでいる。',
    },
  },
};
