/** 日本語: the built-in scenarios' titles and descriptions (the gallery, the header). */
import type { Translation } from '../types';

export const scenarios: Translation['scenarios'] = {
  'kubelet-stop-control-plane': {
    title: '1台構成のコントロールプレーンでkubeletを停止',
    description:
      '唯一のNode (「test」、v1.23) のkubeletを2分半止める。ConditionがUnknownになりNodeがNotReadyになっても、Podは動き続け、やがて復旧する様子を見る。',
  },
  'docker-stop': {
    title: 'ワーカーのdockerを停止',
    description:
      '唯一のワーカーknodeでdockerを止める。コンテナも一緒に止まり、kubeletがランタイムの停止を報告し、Node・Pod・Deployment・StatefulSetのすべてに表れる。5分後にPodは退避され、8mにdockerが戻るとknodeで再び動く。',
  },
  'kubelet-stop-worker': {
    title: 'ワーカーのkubeletを停止',
    description:
      'knodeのkubeletを止める。コンテナは動き続けるが、報告する者がいない。NodeのConditionはUnknownになり、5分後にPodは退避対象になる。8mにkubeletが戻り、Podは再び動く。',
  },
  'node-poweroff': {
    title: 'ワーカーの電源を切る',
    description:
      'knodeが停止する。APIからはkubeletが止まった場合とまったく同じに見える。NodeはConditionがUnknownのNotReadyになり、5分後にPodは退避される。8mに電源が戻る。',
  },
  'node-delete': {
    title: '動いているマシンのNodeを削除',
    description:
      'kubeletが動いたまま `kubectl delete node node2`。kubeletを再起動してNodeを再登録するまで、ホストは何もしないゾンビになる。',
  },
  'pod-to-dead-kubelet': {
    title: 'kubeletが止まったNodeにスケジュールされたPod',
    description:
      'node2のkubeletを止め、NodeがNotReadyになる前にPodをそこへスケジュールする。kubeletが戻るまで誰も起動しない。続いてstatic Pod: kubeletは /etc/kubernetes/manifests にあるものを、API serverの有無にかかわらず動かす。',
  },
  eviction: {
    title: 'kubelet障害の後のtaintによる退避',
    description:
      'node2のkubeletが止まる。タイムラインで退避までを追う: 50s後にUnknown、unreachableのtaint、300sのtoleration、TaintManagerEviction、各ワークロードの動き。9mにkubeletが戻り、StatefulSetはPodを取り戻す。',
  },
  'control-plane-outage': {
    title: 'API serverを止め、次にcontroller managerを止める',
    description:
      'kube-apiserverを90秒止め、その後ワーカーのkubeletが落ちる間にkube-controller-managerを止める。controller managerが戻るまで誰もNodeをNotReadyにしない。その後はいつもの流れ: taint、退避、代わりのPod、14mにkubeletが戻る。',
  },
  'pdb-drain': {
    title: 'PodDisruptionBudgetに止められるdrain',
    description:
      'webは3つのPodで動き、そのPodDisruptionBudgetは3つすべてが利用可能であることを求めるので、disruptionを1つも許さない。kubectl drain node2はNodeをcordonし、その後の退避はすべて拒否されて5秒ごとに再試行される。1m30sに4つのPodへスケールすると、budgetは1つを許す。次の再試行でnode2上のPodが退避され、drainが終わる。',
  },
  'volume-out-of-service': {
    title: 'ダウンしたNode上のStatefulSetのボリュームとout-of-service taint',
    description:
      'db-0はnode1で動き、ReadWriteOnceのボリュームがnode1にアタッチされている。30sにnode1の電源が切れ、1m19sにNotReadyになるが、StatefulSetはdb-0の代わりを作らない。その名前がまだ使われているからだ。2mにnode1にnode.kubernetes.io/out-of-service taintを付けると、db-0は強制削除され、node2で作り直されてすぐにボリュームを得る。普段ならデタッチが待つ6分を待たずに。',
  },
  'graceful-shutdown': {
    title: 'ノードのグレースフルシャットダウンと、突然消えるノード',
    description:
      'kubeletはshutdownGracePeriod 30s。node2は30sにネットワークから切り離される (電源断と同じ): そのwebのPodはAPI上でRunningのまま残り、6m24sにtaintによる退避でやっと置き換えられる。node1は2mに ssh node1 poweroff できれいにシャットダウンされる: kubeletが先にPodを止めてFailedと報告するので、ReplicaSetは1秒以内に代わりを作る。',
  },
  'node-delete-cloud': {
    title: 'クラウドのマシンのNodeを削除',
    description:
      'マシンがクラウドのインスタンスで、クラスターオートスケーラーのないクラスターで `kubectl delete node node2`。Nodeは二度と戻らず、Podは収まる場所に作り直され、マシンはNodeのないまま動き続ける。クラウドの課金だけが続く、何もしないゾンビだ。',
  },
  'node-delete-autoscaler': {
    title: 'クラウドのマシンのNodeを削除 (クラスターオートスケーラーあり)',
    description:
      '同じ削除を、クラスターオートスケーラーが動いている状態で行う。オートスケーラーはNodeのないnode2のマシンに気づき、登録を max-node-provision-time (15分) 待ったあと、そのマシンを削除し、ずっと待っていたPendingのPod 2つのために新しいマシンを追加する。',
  },
  'autoscaler-scale-up': {
    title: '収まらないDeployment',
    description:
      'webを1.5 CPUのPod 3個から6個に増やす。Nodeは4 CPUが2台。クラスターオートスケーラーは数秒でNodeグループにマシンを追加し、約2分後にPodが動き出す。12個に増やすとグループは上限の4台に達し、最後のPodはオートスケーラーの理由付きでPendingのまま残る。',
  },
  'autoscaler-scale-down': {
    title: 'ワークロードを移すスケールダウン',
    description:
      'webを1.2 CPUのPod 6個から4個に減らす。Nodeは4 CPUが3台。10分後、クラスターオートスケーラーは半分空いたNodeを1台drainし、そのマシンを終了させ、Nodeは削除される。コントローラーのないdebug Podが載ったNodeは残る。そのPodを作り直すものが何もないからだ。',
  },
  'autoscaler-zone-outage': {
    title: 'オートスケーラーが動きを止めるゾーン障害',
    description:
      '6mにゾーンaとbが切り離される。そのPodはtaintの5分後に退避され、代わりのPodはPendingのまま。クラスターオートスケーラーは10台中6台のNodeが準備未完了なのを見てクラスターを異常とみなし、意図して何もしない。18mにゾーンbが戻ると、再び動き出す。',
  },
  'zone-partly-down': {
    title: '一部が落ちた大きなゾーン、ゆっくりtaintされる',
    description:
      '3つのゾーンに100台ずつ、300台のワーカー。1mにzone-cの60台がネットワークを失う。50台を超えるゾーンの55%以上がNotReadyなので、node-lifecycleコントローラーはそのゾーンをPartialDisruptionとみなし、10秒ごとではなく100秒ごとに1台taintする。25mになっても60台中14台しかtaintされず、webはまだPodが98個足りない。',
  },
  'zone-down': {
    title: 'まるごと落ちた大きなゾーン、通常のレートでtaintされる',
    description:
      '同じ300台のワーカー。1mにzone-c全体がネットワークを失う。ReadyなNodeが残らないので、そのゾーンはFullDisruption。node-lifecycleコントローラーはこれを本当のゾーン障害とみなし、10秒ごとに1台taintする。Podはゾーンaとbへ移り、webは24mまでに元どおりになる。60台しか落ちなかったときは、そうならなかった。',
  },
  'zone-down-5000': {
    title: '5,000ノード、150,000 Pod、ゾーンが1つ落ちる',
    description:
      'Kubernetes自身の上限: 3つのゾーンに5,000ノード、150,000 Pod。1mにzone-cの1,666ノードがネットワークを失う。node-lifecycleコントローラーは小さなクラスターと同じく10秒ごとに1台taintするので、そのゾーンのDeploymentのPod 48,000個が移り終わるまで4時間半以上かかる。',
  },
};
