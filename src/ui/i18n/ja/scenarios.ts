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
};
