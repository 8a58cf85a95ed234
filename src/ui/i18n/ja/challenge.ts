/** 日本語: challenge mode. */
import type { Translation } from '../types';

export const challenge: Translation['challenge'] = {
  challenges: 'チャレンジ',
  challengesIntro:
    'どこかが、見えない瞬間に1つだけ壊れるクラスターです。kubectl (と、管理者のように ssh) で突き止めましょう。グラフには kubectl で見えるものだけが表示され、解くまで「なぜ?」は使えません。',
  challengeN: (n) => `チャレンジ ${n}`,
  start: (n) => `チャレンジ ${n} を始める`,
  region: 'チャレンジ',
  title: (n) => `チャレンジ ${n}: どこかがおかしい`,
  brief:
    'このクラスターのどこかが壊れます。再生して kubectl を見て、コマンドを実行しましょう。そして障害の名前を答えるか、コマンドで直してください。クラスターからその障害がなくなった時点でクリアです。',
  lensNote: 'グラフには kubectl で見えるものだけが表示されます。',
  question: '何が起きている?',
  faults: {
    'kubelet-stopped': 'ノードの kubelet が停止した',
    'runtime-stopped': 'ノードのコンテナランタイムが停止した',
    'node-powered-off': 'ノードの電源が切れている',
    'network-cut': 'ノードとコントロールプレーンの間のネットワークが切れている',
    'node-object-deleted': 'kubelet が動いたまま Node オブジェクトが削除された',
    'scheduler-stopped': 'kube-scheduler が停止した (static Pod のマニフェストが移動された)',
  },
  check: '答え合わせ',
  chooseFirst: '先に答えを選んでください。',
  wrong: (fault) => `違います: クラスターは今「${fault}」の状態ではありません。`,
  commandsUsed: '使ったコマンド',
  wrongGuesses: '不正解の回数',
  leave: 'チャレンジをやめる',
  terminal: 'あなたのコマンド',
  command: 'コマンド',
  run: '実行',
  noCommands: 'まだコマンドはありません。kubectl get nodes を試してみましょう。',
  solvedNamed: 'クリア: 障害を言い当てました。',
  solvedFixed: 'クリア: 障害を直しました。',
  whatHappened: (fault, node, at) => `起きたこと: ${fault} (${node}、${at})。`,
  oneFix: '直し方の一例',
  score: 'スコア',
  afterFault: '障害からの時間 (シミュレーション)',
  points: '得点',
  pointsRule:
    '100点から、不正解1回につき15点、6個目以降のコマンド1つにつき2点、障害から3分を超えたシミュレーション時間1分につき1点を引きます。',
  whyHint: '下の「なぜ?」で原因の連鎖が見られます。グラフにも両方の真実が再び表示されます。',
  another: '別のチャレンジ',
  close: '閉じる',
};
