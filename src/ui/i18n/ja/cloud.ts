/** 日本語: the simulated cloud (cards, Node groups) and a big cluster's overview. */
import type { Translation } from '../types';

export const cloud: Translation['cloud'] = {
  instanceButton: (node) => `${node} のインスタンス`,
  instanceTitle: (id, state, group) =>
    `クラウドインスタンス ${id}: ${state}${group ? `、ノードグループ ${group}` : ''}`,
  // EC2 のインスタンス状態はクラウドの値なので英語のまま。
  states: {
    pending: 'pending',
    running: 'running',
    stopping: 'stopping',
    stopped: 'stopped',
    terminated: 'terminated',
  },
  nodeGroups: 'ノードグループ',
  processes: 'コントロールプレーン上の static Pod:',
  processButton: (name, running) => `${name} ${running ? '✔ 稼働中' : '✖ 停止'}`,
  groupBounds: (min, target, max) => `min ${min} · target ${target} · max ${max}`,
  groupMachines: (live, ready) => `マシン ${live} 台、うち Ready な Node ${ready} 台`,
  groupSlots: (name, min, target, max, live, ready) =>
    `${name}: Ready ${ready} 台、Ready でないか Node のないもの ${live - ready} 台、target ${target}、${min} から ${max} まで`,
  health: (h) => `health ${h}`,
  scaleUp: (s) => `scale-up ${s}`,
  backoff: (until) => `${until} までバックオフ中`,
  autoscaler: 'cluster-autoscaler',
  noAutoscaler: 'このクラスターに cluster autoscaler はありません。マシンを追加・削除するものはいません。',
  autoscalerDown: '動いていません (コントロールプレーン上のプロセスが停止しています)。',
  clusterHealth: (h) => `クラスター ${h}`,
  unneeded: '不要 (スケールダウン候補)',
  removableAt: (node, at) => `${node}、${at} に削除可能`,
  unremovable: '削除不可',
  deleting: '削除中',
  deletingSince: (node, at, drain) => `${node}、${at} から${drain ? '、drain 中' : '、空'}`,
  decisions: '最近の判断',
  noDecisions: 'まだありません。',
  unregistered: (n) => `Node のないマシン ${n} 台`,
};

export const overview: Translation['overview'] = {
  loading: '全体図を描いています…',
  booting: (at) =>
    `クラスターを起動しています (${at}): マシンが起動して登録され、Pod がスケジュールされて起動します。実行は 0s に始まります。`,
  preview: (at) => `実行の記録にある ${at} の様子: kubectl の表示とコマンドは再生が追いつくと続きます。`,
  back: '← 全体図に戻る',
  showing: (names) => `${names.join(', ')} のカード。クラスターの残りは全体図にあります。`,
  zoomIn: '+ 拡大',
  zoomOut: '− 縮小',
  whole: 'クラスター全体',
  showNode: 'ノードを表示',
  show: 'カードを表示',
  unknownNode: (name) =>
    name ? `${name} という名前のマシンはこのクラスターにありません。` : '先にノード名を入力してください。',
  canvasLabel: (nodes, pods) =>
    `ゾーンごとのマシン ${nodes.toLocaleString('ja-JP')} 台と Pod ${pods.toLocaleString('ja-JP')} 個の全体図: 上の表に同じ数があります`,
  zonesCaption: (nodes, pods, unscheduled) =>
    `ゾーン: マシン ${nodes.toLocaleString('ja-JP')} 台、その上の Pod ${pods.toLocaleString('ja-JP')} 個${unscheduled ? `、ノード未割り当ての Pending ${unscheduled.toLocaleString('ja-JP')} 個` : ''}`,
  zone: 'ゾーン',
  zoneState: 'ゾーンの状態',
  nodes: 'ノード',
  tainted: 'NoExecute taint',
  noZone: 'ゾーンなし',
  zoneCounts: (ready, notReady, tainted) => `Ready ${ready} · NotReady ${notReady} · NoExecute taint ${tainted}`,
  noNode: 'Node なし',
  poweredOff: '電源オフ',
  taintedNoExecute: 'NoExecute taint あり',
  noPods: 'Pod なし',
  clickForCard: 'クリックでカードを表示',
  podStates: {
    ready: 'Running',
    notReady: '準備未完了',
    pending: 'Pending',
    terminating: 'Terminating',
    finished: '終了',
  },
  pods: 'Pod',
  podColumns: {
    ready: 'Running',
    notReady: '準備未完了',
    pending: 'Pending',
    terminating: 'Terminating',
    finished: '終了',
  },
  legend: '凡例',
  keyReady: 'Ready',
  keyNotReady: 'NotReady',
  keyTainted: 'NoExecute taint (黄色の縁)',
  keyOff: '電源オフ (下部が黒)',
  keyPods: 'Pod: ● Running · ○ 準備未完了 · □ Pending · ✕ Terminating (拡大すると形が見えます)',
};
