/**
 * 日本語: the engine's chapter labels, action menus and reasons, rewritten around the same names
 * (see ../rewrite.ts). Node/Pod names, units, taints and Kubernetes values stay as they are.
 */
import { type Rule, rewrite, rewriteNodes } from '../rewrite';

const DONE: Record<string, string> = { stopped: '停止', started: '起動', restarted: '再起動', terminated: '終了' };

const CHAPTERS: Rule[] = [
  // The kubelet's node shutdown manager, the attach/detach controller, a budget's refused eviction.
  [/(\d+) pods of (\S+) terminated by node shutdown/, (c, n) => `${n}のシャットダウンでPod ${c}個が終了`],
  [/(\S+) terminated by node shutdown/, (p) => `Nodeのシャットダウンで${p}が終了`],
  [/(\S+) shutting down/, (n) => `${n}がシャットダウン中`],
  [/volume (\S+) force-detached from (\S+)/, (v, n) => `ボリューム ${v}を${n}から強制デタッチ`],
  [/volume (\S+) detached from (\S+)/, (v, n) => `ボリューム ${v}を${n}からデタッチ`],
  [/volume (\S+) attached to (\S+)/, (v, n) => `ボリューム ${v}を${n}にアタッチ`],
  [
    /Multi-Attach error for (\S+) \(volume (\S+) on (\S+)\)/,
    (p, v, n) => `${p}のMulti-Attachエラー (ボリューム ${v}は${n}にアタッチ済み)`,
  ],
  [/(\S+) eviction refused by PDB (\S+)/, (p, b) => `PDB ${b}が${p}の退避を拒否`],
  [/instance (\S+) (stopped|started|terminated)/, (n, d) => `インスタンス ${n} が${DONE[d]}`],
  [/node group (\S+) scaled to (\d+)/, (g, c) => `Nodeグループ ${g} を${c}台に`],
  [/node group (\S+) (\d+)→(\d+)/, (g, a, b) => `Nodeグループ ${g} ${a}→${b}`],
  [/(\S+) being removed \(scale-down\)/, (n) => `${n}を削除中 (scale-down)`],
  [/(\S+)'s machine removed \(no Node\)/, (n) => `${n}のマシンを削除 (Nodeなし)`],
  [/autoscaler stops \(cluster unhealthy\)/, () => 'オートスケーラー停止 (クラスター異常)'],
  [/autoscaler acts again \(cluster healthy\)/, () => 'オートスケーラー再開 (クラスター正常)'],
  [/network cut to (\S+)/, (n) => `${n}のネットワーク切断`],
  [/network healed to (\S+)/, (n) => `${n}のネットワーク復旧`],
  [/((?:deploy|sts)\/\S+) scaled to (\d+)/, (r, c) => `${r}を${c}にスケール`],
  [/static pod (\S+) (started|stopped) on (\S+)/, (p, d, n) => `${n}のstatic Pod ${p}が${DONE[d]}`],
  [/(\S+) (stopped|started|restarted) on (\S+)/, (u, d, n) => `${n}の${u}が${DONE[d]}`],
  [/(\S+) (started|stopped)/, (c, d) => `${c}が${DONE[d]}`],
  [/(\S+) powered off/, (n) => `${n}の電源オフ`],
  [/(\S+) powered on/, (n) => `${n}の電源オン`],
  [/(\S+) rebooted/, (n) => `${n}が再起動`],
  [/registry down/, () => 'レジストリ停止'],
  [/registry up/, () => 'レジストリ復旧'],
  [/(\S+) edited on (\S+)/, (f, n) => `${n}で${f}を編集`],
  [/(\S+) moved on (\S+)/, (f, n) => `${n}で${f}を移動`],
  [/Node (\S+) deleted/, (n) => `Node ${n}を削除`],
  [/(\S+) cordoned/, (n) => `${n}をcordon`],
  [/(\S+) uncordoned/, (n) => `${n}をuncordon`],
  [/(\S+) draining/, (n) => `${n}をdrain中`],
  [/pod (\S+) created/, (p) => `Pod ${p}を作成`],
  [/(deploy\/\S+) created/, (d) => `${d}を作成`],
  [/(\S+) Node object gone/, (n) => `${n}のNodeオブジェクトが消滅`],
  [/(\S+) registered/, (n) => `${n}が登録`],
  [/(\S+) tainted (\S+)/, (n, t) => `${n}にtaint ${t}`],
  [/(\S+) untainted/, (n) => `${n}のtaintが外れる`],
  [/(\d+) pods evicted from (\S+)/, (c, n) => `${n}からPod ${c}個を退避`],
  [/(\S+) evicted/, (p) => `${p}を退避`],
  [/(\d+) pods of (\S+) deleted by PodGC/, (c, n) => `PodGCが${n}のPod ${c}個を削除`],
  [/(\S+) deleted by PodGC/, (p) => `PodGCが${p}を削除`],
  [/replacement (\S+) Running on (\S+)/, (p, n) => `代わりの${p}が${n}でRunning`],
  [/(\d+) replacements Running on (\S+)/, (c, n) => `代わりのPod ${c}個が${n}でRunning`],
  [/(\d+) replacements Running/, (c) => `代わりのPod ${c}個がRunning`],
  [/(\S+) force-deleted/, (p) => `${p}を強制削除`],
  [/(\S+) deleted/, (p) => `${p}を削除`],
];

const ACTIONS: Rule[] = [
  [/Stop instance/, () => 'インスタンスを停止'],
  [/Start instance/, () => 'インスタンスを起動'],
  [/Terminate instance/, () => 'インスタンスを終了'],
  [/Stop (\S+)/, (x) => `${x}を停止`],
  [/Start (\S+)/, (x) => `${x}を起動`],
  [/Restart (\S+)/, (x) => `${x}を再起動`],
  [/Power off/, () => '電源オフ'],
  [/Power on/, () => '電源オン'],
  [/Reboot/, () => '再起動 (reboot)'],
  [/Cut network/, () => 'ネットワークを切断'],
  [/Heal network/, () => 'ネットワークを復旧'],
  [/Delete Node object/, () => 'Nodeオブジェクトを削除'],
  [/Cordon/, () => 'cordon'],
  [/Uncordon/, () => 'uncordon'],
  [/Drain/, () => 'drain'],
  [/Delete pod/, () => 'Podを削除'],
  [/Force delete pod/, () => 'Podを強制削除'],
  [/Registry down/, () => 'レジストリを停止'],
  [/Registry up/, () => 'レジストリを復旧'],
];

const REASONS: Rule[] = [
  [/instance (\S+) \((\S+)\) is terminated/, (i, n) => `インスタンス ${i} (${n}) は終了済み`],
  [
    /instance (\S+) \((\S+)\) is (\S+): only a running instance can be stopped/,
    (i, n, st) => `インスタンス ${i} (${n}) は${st}: 停止できるのはrunningのインスタンスだけ`,
  ],
  [
    /instance (\S+) \((\S+)\) is (\S+): only a stopped instance can be started/,
    (i, n, st) => `インスタンス ${i} (${n}) は${st}: 起動できるのはstoppedのインスタンスだけ`,
  ],
  [/(\S+) is not a cloud instance/, (x) => `${x}はクラウドのインスタンスではない`],
  [
    /(\S+) is a cloud instance: start it from its instance/,
    (x) => `${x}はクラウドのインスタンス: インスタンスから起動する`,
  ],
  [/(\S+) is not installed on (\S+)/, (x, n) => `${n}に${x}はインストールされていない`],
  [/pod (\S+) no longer exists/, (p) => `Pod ${p}はもう存在しない`],
  [/(\S+) is already stopped/, (x) => `${x}はすでに停止している`],
  [/(\S+) is already running/, (x) => `${x}はすでに稼働中`],
  [/(\S+) is already powered off/, (x) => `${x}はすでに電源オフ`],
  [/(\S+) is already powered on/, (x) => `${x}はすでに電源オン`],
  [/(\S+) is already cordoned/, (x) => `${x}はすでにcordon済み`],
  [/(\S+) is not cordoned/, (x) => `${x}はcordonされていない`],
  [/(\S+) is powered off/, (x) => `${x}は電源オフ`],
  [/(\S+) is unreachable \(network cut\)/, (x) => `${x}に届かない (ネットワーク切断)`],
  [/(\S+)'s network is already cut/, (x) => `${x}のネットワークはすでに切断されている`],
  [/(\S+)'s network is not cut/, (x) => `${x}のネットワークは切断されていない`],
  [/Node object (\S+) does not exist/, (x) => `Nodeオブジェクト${x}は存在しない`],
  [/the API server is unavailable/, () => 'API serverが使えない'],
  [/there is no control-plane node/, () => 'コントロールプレーンのNodeがない'],
  [/(\S+) does not exist/, (x) => `${x}は存在しない`],
];

export const chapterLabel = (label: string) => rewriteNodes(label, CHAPTERS, (c) => `${c}台のNode`);
export const actionLabel = (label: string) => rewrite(label, ACTIONS);
export const actionReason = (reason: string) => rewrite(reason, REASONS);

/** The builder's failures (`Stop kubelet on node2`, `Cut network of node2`, `Power off node2`). */
export const failureLabel = (label: string) =>
  rewrite(label, [
    [/(Stop|Start|Restart) (\S+) on (\S+)/, (v, x, n) => `${n}: ${actionLabel(`${v} ${x}`)}`],
    [/(Cut|Heal) network of (\S+)/, (v, n) => `${n}: ${actionLabel(`${v} network`)}`],
    [/(Power off|Power on|Reboot|Delete Node object|Cordon|Uncordon|Drain) (\S+)/, (v, n) => `${n}: ${actionLabel(v)}`],
    [/.*/, () => actionLabel(label)],
  ]);
