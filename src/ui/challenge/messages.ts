/**
 * Challenge mode's strings (English, the source of src/ui/i18n/<lang>/challenge.ts). They load
 * with the challenge's chunk. Commands stay as typed; Kubernetes' words are not translated.
 */
export const challengeMessages = {
  challenges: 'Challenges',
  challengesIntro:
    'A cluster where one thing breaks at a moment you do not see. Find it from kubectl (and ssh, as an administrator would): the graph shows only what kubectl shows, with no Why? until you solve it.',
  challengeN: (n: number) => `Challenge ${n}`,
  start: (n: number) => `Start challenge ${n}`,
  region: 'Challenge',
  title: (n: number) => `Challenge ${n}: something is wrong`,
  brief:
    'Something will break in this cluster. Play, watch kubectl, run commands. Then name the fault, or fix it with a command: the challenge ends when the cluster no longer has it.',
  lensNote: 'The graph shows only what kubectl shows.',
  question: 'What is wrong?',
  faults: {
    'kubelet-stopped': 'The kubelet stopped on a node',
    'runtime-stopped': 'The container runtime stopped on a node',
    'node-powered-off': 'A node is powered off',
    'network-cut': 'A node’s network link to the control plane is cut',
    'node-object-deleted': 'A Node object was deleted while its kubelet runs',
    'scheduler-stopped': 'kube-scheduler stopped (its static pod manifest was moved)',
  },
  check: 'Check answer',
  chooseFirst: 'Choose an answer first.',
  wrong: (fault: string) => `Not that: the cluster does not have “${fault}” now.`,
  commandsUsed: 'Commands used',
  wrongGuesses: 'Wrong guesses',
  leave: 'Leave challenge',
  terminal: 'Your commands',
  command: 'Command',
  run: 'Run',
  noCommands: 'No commands yet. Try kubectl get nodes.',
  solvedNamed: 'Solved: you named the fault.',
  solvedFixed: 'Solved: you fixed the fault.',
  whatHappened: (fault: string, node: string, at: string) => `What happened: ${fault} (${node}, at ${at}).`,
  oneFix: 'One fix',
  score: 'Score',
  afterFault: 'Time after the fault (simulated)',
  points: 'Points',
  pointsRule: '100, less 15 a wrong guess, 2 a command past the first 5, 1 a simulated minute past the first 3.',
  whyHint: 'Why? below shows the chain of causes, and the graph shows both truths again.',
  another: 'Another challenge',
  close: 'Close',
} as const;
