/** 한국어: challenge mode. */
import type { Translation } from '../types';

export const challenge: Translation['challenge'] = {
  challenges: '챌린지',
  challengesIntro:
    '보이지 않는 순간에 한 가지가 고장 나는 클러스터입니다. kubectl로 (관리자처럼 ssh도 써서) 찾아내세요. 그래프는 kubectl이 보여 주는 것만 보여 주고, 풀기 전에는 왜?를 쓸 수 없습니다.',
  challengeN: (n) => `챌린지 ${n}`,
  start: (n) => `챌린지 ${n} 시작`,
  region: '챌린지',
  title: (n) => `챌린지 ${n}: 뭔가 잘못됐다`,
  brief:
    '이 클러스터에서 무언가가 고장 납니다. 재생하고, kubectl을 보고, 명령을 실행하세요. 그다음 고장의 이름을 맞히거나 명령으로 고치세요. 클러스터에 그 고장이 없어지면 챌린지가 끝납니다.',
  lensNote: '그래프는 kubectl이 보여 주는 것만 보여 줍니다.',
  question: '무엇이 잘못됐나요?',
  faults: {
    'kubelet-stopped': '노드의 kubelet이 멈췄다',
    'runtime-stopped': '노드의 컨테이너 런타임이 멈췄다',
    'node-powered-off': '노드의 전원이 꺼졌다',
    'network-cut': '노드와 컨트롤 플레인 사이의 네트워크가 끊겼다',
    'node-object-deleted': 'kubelet이 도는 채로 Node 객체가 삭제됐다',
    'scheduler-stopped': 'kube-scheduler가 멈췄다 (static 파드 매니페스트가 옮겨졌다)',
  },
  check: '정답 확인',
  chooseFirst: '먼저 답을 고르세요.',
  wrong: (fault) => `아닙니다: 지금 클러스터에는 “${fault}” 고장이 없습니다.`,
  commandsUsed: '사용한 명령',
  wrongGuesses: '틀린 횟수',
  leave: '챌린지 그만하기',
  terminal: '내 명령',
  command: '명령',
  run: '실행',
  noCommands: '아직 명령이 없습니다. kubectl get nodes 를 해 보세요.',
  solvedNamed: '해결: 고장을 맞혔습니다.',
  solvedFixed: '해결: 고장을 고쳤습니다.',
  whatHappened: (fault, node, at) => `일어난 일: ${fault} (${node}, ${at}).`,
  oneFix: '고치는 방법 하나',
  score: '점수',
  afterFault: '고장 후 걸린 시간 (시뮬레이션)',
  points: '점수',
  pointsRule:
    '100점에서 틀린 답 하나에 15점, 다섯 번째 이후 명령 하나에 2점, 고장 후 3분을 넘긴 시뮬레이션 시간 1분에 1점을 뺍니다.',
  whyHint: '아래 왜?에서 원인의 사슬을 볼 수 있고, 그래프에는 두 가지 진실이 다시 보입니다.',
  another: '다른 챌린지',
  close: '닫기',
};
