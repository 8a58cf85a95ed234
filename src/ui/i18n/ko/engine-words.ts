/**
 * 한국어: the engine's chapter labels, action menus and reasons, rewritten around the same names
 * (see ../rewrite.ts). Node/Pod names, units, taints and Kubernetes values stay as they are.
 */
import { type Rule, rewrite, rewriteNodes } from '../rewrite';

const DONE: Record<string, string> = { stopped: '정지', started: '시작', restarted: '재시작', terminated: '종료' };

const CHAPTERS: Rule[] = [
  // The kubelet's node shutdown manager, the attach/detach controller, a budget's refused eviction.
  [/(\d+) pods of (\S+) terminated by node shutdown/, (c, n) => `${n} 셧다운으로 파드 ${c}개 종료`],
  [/(\S+) terminated by node shutdown/, (p) => `노드 셧다운으로 ${p} 종료`],
  [/(\S+) shutting down/, (n) => `${n} 셧다운 중`],
  [/volume (\S+) force-detached from (\S+)/, (v, n) => `볼륨 ${v}을(를) ${n}에서 강제 분리`],
  [/volume (\S+) detached from (\S+)/, (v, n) => `볼륨 ${v}을(를) ${n}에서 분리`],
  [/volume (\S+) attached to (\S+)/, (v, n) => `볼륨 ${v}을(를) ${n}에 연결`],
  [
    /Multi-Attach error for (\S+) \(volume (\S+) on (\S+)\)/,
    (p, v, n) => `${p} Multi-Attach 오류 (볼륨 ${v}이(가) ${n}에 연결됨)`,
  ],
  [/(\S+) eviction refused by PDB (\S+)/, (p, b) => `PDB ${b}가 ${p} 축출 거부`],
  [/instance (\S+) (stopped|started|terminated)/, (n, d) => `인스턴스 ${n} ${DONE[d]}`],
  [/node group (\S+) scaled to (\d+)/, (g, c) => `노드 그룹 ${g} ${c}대로 조정`],
  [/node group (\S+) (\d+)→(\d+)/, (g, a, b) => `노드 그룹 ${g} ${a}→${b}`],
  [/(\S+) being removed \(scale-down\)/, (n) => `${n} 제거 중 (scale-down)`],
  [/(\S+)'s machine removed \(no Node\)/, (n) => `${n}의 머신 제거 (Node 없음)`],
  [/autoscaler stops \(cluster unhealthy\)/, () => '오토스케일러 멈춤 (클러스터 비정상)'],
  [/autoscaler acts again \(cluster healthy\)/, () => '오토스케일러 재개 (클러스터 정상)'],
  [/network cut to (\S+)/, (n) => `${n} 네트워크 끊김`],
  [/network healed to (\S+)/, (n) => `${n} 네트워크 복구`],
  [/((?:deploy|sts)\/\S+) scaled to (\d+)/, (r, c) => `${r} ${c}개로 스케일`],
  [/static pod (\S+) (started|stopped) on (\S+)/, (p, d, n) => `${n}의 static pod ${p} ${DONE[d]}`],
  [/(\S+) (stopped|started|restarted) on (\S+)/, (u, d, n) => `${n}의 ${u} ${DONE[d]}`],
  [/(\S+) (started|stopped)/, (c, d) => `${c} ${DONE[d]}`],
  [/(\S+) powered off/, (n) => `${n} 전원 꺼짐`],
  [/(\S+) powered on/, (n) => `${n} 전원 켜짐`],
  [/(\S+) rebooted/, (n) => `${n} 재부팅`],
  [/registry down/, () => '레지스트리 중단'],
  [/registry up/, () => '레지스트리 복구'],
  [/(\S+) edited on (\S+)/, (f, n) => `${n}에서 ${f} 편집`],
  [/(\S+) moved on (\S+)/, (f, n) => `${n}에서 ${f} 이동`],
  [/Node (\S+) deleted/, (n) => `Node ${n} 삭제`],
  [/(\S+) cordoned/, (n) => `${n} cordon`],
  [/(\S+) uncordoned/, (n) => `${n} uncordon`],
  [/(\S+) draining/, (n) => `${n} drain 중`],
  [/pod (\S+) created/, (p) => `파드 ${p} 생성`],
  [/(deploy\/\S+) created/, (d) => `${d} 생성`],
  [/(\S+) Node object gone/, (n) => `${n}의 Node 오브젝트 사라짐`],
  [/(\S+) registered/, (n) => `${n} 등록`],
  [/(\S+) tainted (\S+)/, (n, t) => `${n}에 테인트 ${t}`],
  [/(\S+) untainted/, (n) => `${n} 테인트 제거`],
  [/(\d+) pods evicted from (\S+)/, (c, n) => `${n}에서 파드 ${c}개 축출`],
  [/(\S+) evicted/, (p) => `${p} 축출`],
  [/(\d+) pods of (\S+) deleted by PodGC/, (c, n) => `PodGC가 ${n}의 파드 ${c}개 삭제`],
  [/(\S+) deleted by PodGC/, (p) => `PodGC가 ${p} 삭제`],
  [/replacement (\S+) Running on (\S+)/, (p, n) => `대체 파드 ${p}, ${n}에서 Running`],
  [/(\d+) replacements Running on (\S+)/, (c, n) => `대체 파드 ${c}개, ${n}에서 Running`],
  [/(\d+) replacements Running/, (c) => `대체 파드 ${c}개 Running`],
  [/(\S+) force-deleted/, (p) => `${p} 강제 삭제`],
  [/(\S+) deleted/, (p) => `${p} 삭제`],
];

const ACTIONS: Rule[] = [
  [/Stop instance/, () => '인스턴스 정지'],
  [/Start instance/, () => '인스턴스 시작'],
  [/Terminate instance/, () => '인스턴스 종료'],
  [/Stop (\S+)/, (x) => `${x} 정지`],
  [/Start (\S+)/, (x) => `${x} 시작`],
  [/Restart (\S+)/, (x) => `${x} 재시작`],
  [/Power off/, () => '전원 끄기'],
  [/Power on/, () => '전원 켜기'],
  [/Reboot/, () => '재부팅'],
  [/Cut network/, () => '네트워크 끊기'],
  [/Heal network/, () => '네트워크 복구'],
  [/Delete Node object/, () => 'Node 오브젝트 삭제'],
  [/Cordon/, () => 'cordon'],
  [/Uncordon/, () => 'uncordon'],
  [/Drain/, () => 'drain'],
  [/Delete pod/, () => '파드 삭제'],
  [/Force delete pod/, () => '파드 강제 삭제'],
  [/Registry down/, () => '레지스트리 중단'],
  [/Registry up/, () => '레지스트리 복구'],
];

const REASONS: Rule[] = [
  [/instance (\S+) \((\S+)\) is terminated/, (i, n) => `인스턴스 ${i} (${n})은(는) 종료됨`],
  [
    /instance (\S+) \((\S+)\) is (\S+): only a running instance can be stopped/,
    (i, n, st) => `인스턴스 ${i} (${n})은(는) ${st}: running 인스턴스만 정지할 수 있음`,
  ],
  [
    /instance (\S+) \((\S+)\) is (\S+): only a stopped instance can be started/,
    (i, n, st) => `인스턴스 ${i} (${n})은(는) ${st}: stopped 인스턴스만 시작할 수 있음`,
  ],
  [/(\S+) is not a cloud instance/, (x) => `${x}은(는) 클라우드 인스턴스가 아님`],
  [/(\S+) is a cloud instance: start it from its instance/, (x) => `${x}은(는) 클라우드 인스턴스: 인스턴스에서 시작`],
  [/(\S+) is not installed on (\S+)/, (x, n) => `${n}에 ${x}이(가) 설치되어 있지 않음`],
  [/pod (\S+) no longer exists/, (p) => `파드 ${p}은(는) 더 이상 없음`],
  [/(\S+) is already stopped/, (x) => `${x}은(는) 이미 정지됨`],
  [/(\S+) is already running/, (x) => `${x}은(는) 이미 실행 중`],
  [/(\S+) is already powered off/, (x) => `${x}은(는) 이미 전원 꺼짐`],
  [/(\S+) is already powered on/, (x) => `${x}은(는) 이미 전원 켜짐`],
  [/(\S+) is already cordoned/, (x) => `${x}은(는) 이미 cordon됨`],
  [/(\S+) is not cordoned/, (x) => `${x}은(는) cordon되지 않음`],
  [/(\S+) is powered off/, (x) => `${x}은(는) 전원 꺼짐`],
  [/(\S+) is unreachable \(network cut\)/, (x) => `${x}에 닿을 수 없음 (네트워크 끊김)`],
  [/(\S+)'s network is already cut/, (x) => `${x}의 네트워크는 이미 끊김`],
  [/(\S+)'s network is not cut/, (x) => `${x}의 네트워크는 끊기지 않음`],
  [/Node object (\S+) does not exist/, (x) => `Node 오브젝트 ${x} 없음`],
  [/the API server is unavailable/, () => 'API 서버를 사용할 수 없음'],
  [/there is no control-plane node/, () => '컨트롤 플레인 노드가 없음'],
  [/(\S+) does not exist/, (x) => `${x} 없음`],
];

export const chapterLabel = (label: string) => rewriteNodes(label, CHAPTERS, (c) => `Node ${c}개`);
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
