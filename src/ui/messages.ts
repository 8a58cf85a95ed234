/**
 * Every UI string, in one catalog so that ja, ko and pt can follow. kubectl output is never
 * translated (it stays as kubectl prints it); accessible names that are a contract (DESIGN
 * section 7) are built here too, so tests and screen readers find the same words.
 */
import type { Settings } from '../sim';

export const messages = {
  appTitle: 'NotReady',
  tagline: 'Break a simulated Kubernetes cluster and watch what it really does next.',
  loading: 'Starting the cluster…',
  scenario: 'Scenario',
  scenarios: 'Scenarios…',
  ownScenario: 'Your own scenario (imported or built)',
  dismiss: 'Dismiss',
  cancel: 'Cancel',
  skipToGraph: 'Skip to the cluster graph',
  openInApp: 'Open in NotReady',
  // Transport
  play: 'Play',
  pause: 'Pause',
  step: 'Step',
  stepHint: 'Step to the next change (.)',
  speed: 'Speed',
  skipQuiet: 'Skip quiet time',
  skipQuietHint: 'While playing, jump over stretches where nothing changes, to 2 seconds before the next change',
  simulationTime: 'Simulation time',
  ofLength: (end: string) => `of ${end}`,
  atEnd: 'end · free play',
  timeline: 'Timeline',
  jumpBack: 'Back 30s',
  jumpForward: 'Forward 30s',
  jumpBackShort: '−30s',
  jumpForwardShort: '+30s',
  jumpBackLabel: 'Jump back 30 seconds',
  jumpForwardLabel: 'Jump forward 30 seconds',
  scenarioEnd: 'The scenario’s end',
  endAt: (t: string) => `${t} end`,
  dropLater: (n: number) => (n === 1 ? 'Drop 1 later command' : `Drop ${n} later commands`),
  chapterAt: (label: string, at: string) => `${label} at ${at}`,
  speedValue: (x: number) => `${x < 10 ? x.toFixed(1).replace(/\.0$/, '') : Math.round(x)}×`,
  // Run controls
  reset: 'Reset',
  resetHint: 'Back to the start of the scenario, without your commands',
  resetTitle: 'Reset to the start?',
  openTitle: 'Start this scenario?',
  dropsCommands: (n: number) =>
    `${n === 1 ? 'Your command in this run is' : `Your ${n} commands in this run are`} dropped. Copy link first to keep ${n === 1 ? 'it' : 'them'}.`,
  presenterMode: 'Presenter mode',
  presenterHint: 'Big type for a projector: the graph takes the screen (P)',
  textSize: 'Text size',
  smallerText: 'Smaller text',
  largerText: 'Larger text',
  highContrast: 'High contrast',
  besideGraph: 'Beside the graph',
  presenterOptions: 'Options',
  presenterViewName: (v: string) =>
    v === 'none'
      ? 'Nothing'
      : v === 'chapters'
        ? 'Chapters'
        : v === 'kubectl describe node'
          ? 'kubectl describe node (selected)'
          : v,
  pauseAtChapters: 'Pause at each chapter',
  // Chapters
  chapters: 'Chapters',
  chaptersEmpty: 'Nothing has happened yet. Press Play, or break something.',
  later: 'later',
  // Gallery
  galleryTitle: 'Scenarios',
  welcome: 'Welcome to NotReady',
  welcomeText:
    'Each scenario is a small cluster and a failure from a real write-up. Start one, or close this and explore the cluster already running.',
  galleryExplore: 'Explore this one',
  galleryLength: 'Length',
  galleryProfile: 'Profile',
  galleryNodes: 'Nodes',
  galleryLesson: 'Lesson',
  galleryHasLesson: 'guided lesson',
  galleryNoLesson: 'none',
  galleryStart: 'Start',
  galleryRestart: 'Start again',
  // Engine worker
  crashRestarting: (m: string) =>
    `The simulation stopped unexpectedly (${m}). Restarting it from your scenario and commands…`,
  crashRecovered: (m: string, at: string) =>
    `The simulation stopped unexpectedly${m ? ` (${m})` : ''}. It was restarted from your scenario and commands; nothing was lost. The clock is back at ${at}.`,
  crashGaveUp: (m: string, at: string) =>
    `The simulation keeps stopping (${m}), so it was not restarted again. Your scenario and commands are kept: restart it from ${at} when you are ready.`,
  hung: (at: string) =>
    `The simulation stopped answering, so it was stopped. Your scenario and commands are kept: restart it from ${at}.`,
  restartEngine: (at: string) => `Restart from ${at}`,
  // Graph
  graphRegion: 'Cluster',
  nodeGroup: (name: string) => `node ${name}`,
  serviceButton: (svc: string, node: string) => `${svc} on ${node}`,
  podButton: (name: string) => `pod ${name}`,
  controlPlaneRole: 'control plane',
  workerRole: 'worker',
  powerOff: 'powered off',
  networkCut: 'network cut',
  servicesStopped: (names: string[]) => `${names.join(', ')} stopped`,
  noNodeObject: 'no Node object in the API',
  noNode: 'no Node',
  nodeHealthy: 'conditions OK, no taints',
  moreProblems: (n: number) => `+${n} more (see describe node)`,
  moreConditions: (n: number) => `${n} more`,
  heartbeat: 'Heartbeat age',
  heartbeatShort: 'Heartbeat',
  heartbeatValue: (age: string, grace: string) => `${age} / ${grace}`,
  noHeartbeat: 'no Lease',
  apiDown: 'API unavailable',
  apiUp: 'API available',
  svcActive: 'active',
  svcInactive: 'stopped',
  hostRuns: 'runs on the host',
  hostNotRunning: 'nothing runs on the host',
  ghostShort: 'GHOST',
  notInApi: 'not in API',
  zombieShort: 'ZOMBIE',
  notReadyTag: 'not ready',
  evictionIn: (t: string) => `evicted in ${t}`,
  evictionDue: 'due',
  replacesFrom: (node: string) => `replaces a pod from ${node}`,
  staticPod: 'static',
  noPods: 'no pods',
  restarts: (n: number) => `${n} restarts`,
  edgeLabel: (node: string) => `heartbeat from ${node} to kube-apiserver`,
  edgeCut: 'cut',
  zoomIn: 'Zoom in',
  zoomOut: 'Zoom out',
  wholeCluster: 'Whole cluster',
  followStory: 'Follow the story',
  // Menus
  menuLoading: 'Loading actions…',
  menuEmpty: 'No actions available here.',
  whyMenuItem: 'Why? (explain this state)',
  // Panels
  kubectlPanel: 'kubectl',
  eventsPanel: 'Events',
  hostView: (view: 'journal' | 'status', node: string) =>
    view === 'journal' ? `journalctl -u kubelet on ${node}` : `systemctl status kubelet on ${node}`,
  hostLogsNone: 'Select a node to see its kubelet log.',
  noOutput: '(no output yet)',
  // Long kubectl outputs: only part is drawn, and the page says which part.
  kubectlShowingNewest: (shown: number, total: number, unit: string) =>
    `Showing the newest ${shown.toLocaleString('en-US')} of ${total.toLocaleString('en-US')} ${unit}.`,
  kubectlShowingFirst: (shown: number, total: number, unit: string) =>
    `Showing the first ${shown.toLocaleString('en-US')} of ${total.toLocaleString('en-US')} ${unit}.`,
  kubectlShowingAll: (total: number, unit: string) => `Showing all ${total.toLocaleString('en-US')} ${unit}.`,
  kubectlShowAll: 'Show all',
  kubectlShowFewer: 'Show fewer',
  kubectlRows: 'rows',
  kubectlLines: 'lines',
  kubectlEvents: 'events',
  terminal: 'Terminal',
  commandInput: 'Command',
  commandPlaceholder: (node: string) => `e.g. ssh ${node} systemctl stop kubelet   or   kubectl get pods -o wide`,
  run: 'Run',
  terminalEmpty: (node: string) =>
    `Click a component in the graph (for example kubelet on ${node}) and choose an action, or type a command below. Press Play to let time run.`,
  byYou: 'you',
  byScenario: 'the scenario',
  willReplay: 'will replay',
  scheduled: 'to come',
  laterInRun: 'Later in this run',
  nowMarker: (t: string) => `now: ${t}`,
  why: 'Why?',
  whyFor: (ref: string) => `Why? ${ref}`,
  whyNone: 'Select a pod or a node to see the chain of causes behind its state.',
  whySteps: 'How it came to this, newest first',
  whyRule: 'rule',
  whyConstant: 'constant',
  whileStarting: 'while the cluster started',
  ran: 'ran',
  // Legend and help
  legend: 'Legend',
  legendItems: [
    ['✔ Ready', 'The API says the node is Ready.'],
    ['✖ NotReady', 'The API says it is not ready (the Ready condition is False or Unknown).'],
    ['not ready', 'A pod the API no longer counts as ready (it gets no traffic).'],
    ['▶', 'A container of this pod really runs on the machine.'],
    ['■', 'Nothing of this pod runs on the machine.'],
    ['GHOST (dashed outline)', 'Runs on a machine, but the API has no such pod.'],
    ['ZOMBIE (double outline)', 'The API says Running, but nothing runs on the machine.'],
    ['◷ 4m12s', 'Time left until the taint-eviction controller deletes the pod.'],
    ['↪ node2', 'A replacement for a pod that ran on node2.'],
    ['solid / dashed, struck', 'A service or component is running / stopped (the card also says “stopped”).'],
    ['heartbeat bar', 'Time since the last Lease renewal, filling toward the grace period.'],
    ['⊘ taint', 'A taint on the node (NoSchedule: no new pods; NoExecute: pods are evicted).'],
    ['✂ cut line', 'The node cannot reach the control plane.'],
  ] as const,
  shortcuts: 'Keyboard shortcuts',
  shortcutsHint: 'Press ? for keyboard shortcuts',
  shortcutList: [
    ['Space', 'Play or pause (anywhere but a text field)'],
    ['.', 'Step to the next change'],
    ['/', 'Focus the terminal'],
    ['[ and ]', 'Jump back / forward 30 seconds'],
    ['← →', 'On the timeline: 5 seconds back / forward'],
    ['+ and -', 'Faster / slower'],
    ['P', 'Presenter mode on or off'],
    ['Enter', 'Open the menu of the focused component'],
    ['Escape', 'Close a menu or this overlay'],
    ['?', 'Show or hide this overlay'],
  ] as const,
  close: 'Close',
  invalidScenario: (m: string) => `This scenario cannot run: ${m}`,
  forked: 'You acted in the past: the old future was dropped and a new one starts here.',
} as const;

export type Messages = typeof messages;

// Lessons, sharing, scenario files and the builder (issue 4). Kept as their own objects so each
// feature's components import only their part.

/** Lesson panel strings. */
export const lessonMessages = {
  lesson: 'Lesson',
  stepOf: (n: number, total: number) => `Step ${n} of ${total}`,
  steps: 'Lesson steps',
  goToStep: (n: number, text: string) => `Step ${n}: ${text}`,
  next: 'Next',
  back: 'Back',
  skipAhead: 'Skip ahead',
  skipAheadHint: 'Play at full speed until this step’s event happens',
  restart: 'Restart lesson',
  waitingFor: 'Waiting for',
  waitingHint: 'Press Play (Space) and watch, or Skip ahead.',
  offScript:
    'You changed the cluster yourself, so the lesson no longer stops the clock. Restart it or pick a step to follow it again.',
  happenedAt: (t: string) => `Happened at ${t}`,
  notFound: 'This did not happen within an hour of simulated time. Try Back, or change something.',
  predict: 'Predict',
  reveal: 'Reveal',
  chooseFirst: 'Choose an answer first.',
  correct: 'Correct.',
  incorrect: (answer: string) => `Not quite. The answer: ${answer}`,
  freePlay: 'Free play',
  recap: 'Recap',
  freePlayText:
    'That was the last step. Here is what happened, who did it and which setting decided it. The cluster is yours now: break something else, or go Back.',
  recapCaption: 'What happened when',
  recapEmpty: 'Nothing happened in this run yet.',
  recapWhen: 'When',
  recapWhat: 'What happened',
  recapWho: 'Who did it',
  recapConstant: 'What decided it',
  you: 'you',
  theScenario: 'the scenario',
  copyStepLink: 'Copy link to this step',
  stepLinkCopied: 'Link to this step copied.',
} as const;

/** Share links, scenario files, the last run and "About this run". */
export const shareMessages = {
  copyLink: 'Copy link',
  copied: 'Link copied to the clipboard.',
  copyByHand: 'Copy this link (it is selected):',
  shareLink: 'Share link',
  importScenario: 'Import scenario',
  importHint: 'YAML or JSON: a NotReady scenario, or kubectl get … -o yaml output',
  exportScenario: 'Export scenario',
  openBuilder: 'Build a scenario',
  builder: 'Scenario builder',
  dropHere: 'Drop a scenario file to import it',
  imported: (file: string) => `Imported ${file}.`,
  importRefused: (file: string) => `${file} cannot be imported:`,
  importLeftOut: 'Left out:',
  badLink: 'This link cannot be opened:',
  badLinkFallback: 'The default scenario is shown instead.',
  restoreLastRun: 'Restore last run',
  lastRunSaved: 'Your last run is saved in this browser.',
  dismiss: 'Dismiss',
  about: 'About this run',
  aboutScenario: 'Scenario',
  aboutBuiltin: (name: string) => `built-in: ${name}`,
  aboutInline: (chars: number) => `own scenario (${chars.toLocaleString('en')} characters, carried in the link)`,
  aboutCommands: 'Commands run',
  aboutTraceHash: 'Trace hash',
  aboutTraceHashHint: 'Same scenario, seed and commands give the same hash: compare it with a shared run.',
  aboutEngine: 'Engine',
  aboutLinkLength: 'Link length',
  aboutLinkLengthValue: (n: number) => `${n.toLocaleString('en')} characters`,
  notCopiedYet: 'not copied yet',
} as const;

/** Scenario builder strings. */
export const builderMessages = {
  title: 'Scenario builder',
  intro: 'Describe a cluster, then Start. Everything here can also be written as a scenario file.',
  general: 'Scenario',
  name: 'Title',
  profile: 'Profile',
  profiles: {
    'v1.33': 'v1.33 (containerd)',
    'v1.23-docker': 'v1.23 with docker (dockershim)',
  },
  seed: 'Seed',
  nodes: 'Nodes',
  nodeCount: 'Number of nodes',
  nodeCountHint: 'including the control plane',
  timeline: 'Failures',
  timelineHint: 'What happens, and when. Each step is one command from the components’ menus.',
  stepAt: (i: number) => `Time of step ${i + 1}`,
  stepRun: (i: number) => `What happens in step ${i + 1}`,
  removeStep: (i: number) => `Remove step ${i + 1}`,
  chooseFailure: 'Choose…',
  addStep: 'Add a failure',
  duration: 'Length of the scenario',
  durationDefault: '10 min after the last step',
  nodeName: (i: number) => `Name of node ${i + 1}`,
  nodeRole: (i: number) => `Role of node ${i + 1}`,
  nodeZone: (i: number) => `Zone of node ${i + 1}`,
  roleControlPlane: 'control plane',
  roleWorker: 'worker',
  removeNode: (name: string) => `Remove node ${name}`,
  workloads: 'Workloads',
  kind: (i: number) => `Kind of workload ${i + 1}`,
  workloadName: (i: number) => `Name of workload ${i + 1}`,
  replicas: (i: number) => `Replicas of workload ${i + 1}`,
  image: (i: number) => `Image of workload ${i + 1}`,
  onePerNode: 'one per node',
  addWorkload: 'Add workload',
  removeWorkload: (name: string) => `Remove workload ${name}`,
  columns: {
    name: 'Name',
    role: 'Role',
    zone: 'Zone',
    kind: 'Kind',
    replicas: 'Replicas',
    image: 'Image',
    at: 'At',
    run: 'What happens',
  },
  settings: 'Profile settings',
  settingsHint: 'Durations like 40s, 5m or 1m30s. Empty fields keep the profile’s default.',
  defaultValue: (v: string) => `default ${v}`,
  start: 'Start',
  cancel: 'Cancel',
  problems: (n: number) =>
    n === 1 ? '1 choice needs fixing (see the field).' : `${n} choices need fixing (see the fields).`,
  checking: 'Checking…',
} as const;

/** Label and the upstream flag or field name for each setting. */
export const SETTING_LABELS: Record<keyof Settings, [label: string, upstream: string]> = {
  nodeMonitorGracePeriod: ['Node monitor grace period', '--node-monitor-grace-period'],
  defaultTolerationSeconds: ['Default toleration (not-ready, unreachable)', 'DefaultTolerationSeconds admission'],
  nodeStartupGracePeriod: ['Node startup grace period', '--node-startup-grace-period'],
  nodeMonitorPeriod: ['Node monitor period', '--node-monitor-period'],
  nodeLeaseDurationSeconds: ['Node lease duration', 'nodeLeaseDurationSeconds'],
  nodeStatusUpdateFrequency: ['Node status update frequency', 'nodeStatusUpdateFrequency'],
  nodeStatusReportFrequency: ['Node status report frequency', 'nodeStatusReportFrequency'],
  podGCPeriod: ['Pod GC period', 'gcCheckPeriod'],
  podGCQuarantine: ['Pod GC quarantine', 'quarantineTime'],
  nodeEvictionRate: ['Node eviction rate (nodes/s)', '--node-eviction-rate'],
  secondaryNodeEvictionRate: ['Secondary node eviction rate', '--secondary-node-eviction-rate'],
  unhealthyZoneThreshold: ['Unhealthy zone threshold', '--unhealthy-zone-threshold'],
  largeClusterSizeThreshold: ['Large cluster size threshold', '--large-cluster-size-threshold'],
  maxWaitForContainerRuntime: ['Max wait for container runtime', 'maxWaitForContainerRuntime'],
  plegRelistThreshold: ['PLEG relist threshold', 'relistThreshold'],
  watchLatency: ['Watch delivery latency', 'watch latency'],
  imagePullMin: ['Image pull, shortest', 'image pull time'],
  imagePullMax: ['Image pull, longest', 'image pull time'],
};

/** Narration of one lesson step. */
export interface Narration {
  text: string;
  question?: string;
  choices?: readonly string[];
  explanation?: string;
}

/** The built-in lessons' narration, by scenario name and step id. */
export const narrations: Record<string, Record<string, Narration>> = {
  'kubelet-stop-control-plane': {
    stop: {
      text: 'At 30s the kubelet on test stops. Nothing else changes on the host: the containers keep running.',
    },
    'predict-status': {
      text: 'The kubelet no longer posts the node status.',
      question: 'How long until the node is marked NotReady?',
      choices: ['At once', 'About 40 seconds (node-monitor-grace-period)', '5 minutes', 'Never'],
      explanation:
        'The node-lifecycle controller waits node-monitor-grace-period (40s in v1.23) without a heartbeat, then sets every condition to Unknown with NodeStatusUnknown.',
    },
    notready: {
      text: 'The node is NotReady: MemoryPressure, DiskPressure, PIDPressure and Ready are Unknown; the pods still run.',
    },
    'no-eviction': {
      text: 'Only a NoSchedule taint: every node of the cluster is NotReady, so the node-lifecycle controller suspects a control-plane problem (master disruption mode), adds no NoExecute taint and evicts nothing.',
    },
    start: {
      text: 'At 3m the kubelet starts again and records Starting, NodeHasSufficientMemory... then the node becomes Ready.',
    },
  },
  'docker-stop': {
    stop: {
      text: 'At 30s docker stops on knode. Without live-restore its containers stop with it.',
    },
    predict: {
      text: 'The kubelet itself still runs and still posts the node status.',
      question: 'What does the Ready condition of knode become?',
      choices: ['Unknown (NodeStatusUnknown)', 'False (KubeletNotReady, container runtime is down)', 'It stays True'],
      explanation:
        'The kubelet is alive and reports the runtime as down, so Ready is False with reason KubeletNotReady, not Unknown.',
    },
    notready: {
      text: 'knode is NotReady; the pods show Completed 0/1 and the Deployment 0/3.',
    },
    taint: {
      text: 'Ready is False, not Unknown, so the taint is node.kubernetes.io/not-ready:NoExecute; every pod tolerates it for 300s.',
    },
    evicted: {
      text: '300s later the taint controller marks the pods for deletion. Their replacements stay Pending: kmaster does not take workloads.',
    },
    start: {
      text: 'At 8m docker starts again: knode is Ready, its taints go, and the kubelet removes the evicted pods.',
    },
    replaced: {
      text: 'The replacements are scheduled to knode and run: the Deployment and the StatefulSet are whole again.',
    },
  },
  'kubelet-stop-worker': {
    stop: {
      text: 'At 30s the kubelet on knode stops; the containers keep running under docker.',
    },
    predict: {
      text: "Nobody posts knode's status any more.",
      question: 'What do the pods on knode show two minutes later?',
      choices: ['Running, but not Ready', 'Completed', 'Pending', 'They are gone'],
      explanation:
        'The node-lifecycle controller marks the pods Ready=False when the node goes Unknown; their phase stays Running because only the kubelet changes it.',
    },
    notready: {
      text: 'knode is NotReady with every condition Unknown.',
    },
    taint: {
      text: '5s later the node-lifecycle controller taints knode node.kubernetes.io/unreachable:NoExecute; the pods tolerate it for 300s.',
    },
    evicted: {
      text: 'The toleration ran out: the pods are marked for deletion and stay Terminating, since no kubelet confirms it. Their replacements stay Pending.',
    },
    start: {
      text: 'At 8m the kubelet starts: knode is Ready again, its taints go, and the kubelet stops and removes the evicted pods.',
    },
    replaced: {
      text: 'The replacements are scheduled to knode and run.',
    },
  },
  'node-poweroff': {
    off: {
      text: 'At 30s knode powers off: no kubelet, no containers, no network.',
    },
    notready: {
      text: 'From the control plane this looks the same as a stopped kubelet.',
    },
    taint: {
      text: 'knode is tainted node.kubernetes.io/unreachable:NoExecute; the pods, still shown Running, tolerate it for 300s.',
    },
    evicted: {
      text: 'The toleration ran out: the pods are marked for deletion but stay Terminating, and their replacements Pending.',
    },
    on: {
      text: 'At 8m knode boots: systemd starts docker and the kubelet, which finds no containers and reports Ready.',
    },
    replaced: {
      text: 'The kubelet removes the evicted pods; their replacements are scheduled to knode and run.',
    },
  },
  'node-delete': {
    delete: {
      text: 'At 30s the Node object node2 is deleted. The machine and its kubelet keep running.',
    },
    predict: {
      text: 'The kubelet on node2 is still running.',
      question: 'Does the kubelet create its Node object again?',
      choices: ['Yes, at its next status update', 'No, it registers only when it starts'],
      explanation:
        "The kubelet registers its Node once, at start. Afterwards its status updates fail with 'not found' and flood the log.",
    },
    orphans: {
      text: 'The garbage collector deletes the pods bound to the missing node and the controllers recreate them on node1.',
    },
    restart: {
      text: 'At 4m the kubelet restarts, registers node2 again, and the DaemonSet schedules its pod there.',
    },
  },
  'pod-to-dead-kubelet': {
    stop: {
      text: 'node1 is cordoned, then the kubelet on node2 stops at 10s.',
    },
    'predict-pending': {
      text: 'At 15s `kubectl run nginx1` creates a pod; the scheduler can only pick node2.',
      question: 'What is the status of nginx1 at 40s?',
      choices: ['Running', 'Pending, scheduled to node2', 'Pending, unschedulable', 'ContainerCreating'],
      explanation: 'The scheduler binds the pod to node2, but only the kubelet creates containers, and it is stopped.',
    },
    notready: {
      text: "50s without a heartbeat: node2 is NotReady and tainted. nginx1 stays Pending, bound to node2: only node2's kubelet can start it.",
    },
    start: {
      text: "At 90s the kubelet starts: node2 is Ready again and its taints go, long before any pod's 300s toleration ran out.",
    },
    pull: {
      text: 'The kubelet sees nginx1 and tries to pull nginx: the registry is unreachable (ErrImagePull, then ImagePullBackOff).',
    },
    static: {
      text: 'nginx-node2 is a static pod: the kubelet runs it from /etc/kubernetes/manifests/nginx.yaml and mirrors it to the API.',
    },
    'static-out': {
      text: 'At 4m the manifest leaves /etc/kubernetes/manifests: the kubelet stops the pod and deletes its mirror.',
    },
    'static-in': {
      text: 'At 5m it is back: the kubelet starts the pod again and mirrors it to the API, as it would without an API server.',
    },
  },
  eviction: {
    stop: {
      text: 'At 30s the kubelet on node2 stops.',
    },
    unknown: {
      text: "50s without a heartbeat (node-monitor-grace-period): node2's conditions go Unknown and kubectl shows NotReady.",
    },
    taint: {
      text: 'One pass of the node-lifecycle controller later (5s), node2 is tainted node.kubernetes.io/unreachable:NoExecute.',
    },
    predict: {
      text: 'Every pod tolerates node.kubernetes.io/unreachable:NoExecute for 300s (DefaultTolerationSeconds).',
      question: 'What happens to the StatefulSet pod on node2 when its toleration runs out?',
      choices: [
        'It is recreated on another node at once',
        'It stays Terminating: the kubelet cannot confirm it stopped',
        'Nothing',
      ],
      explanation:
        'The pod is marked for deletion, but the StatefulSet controller will not create a replacement with the same identity until the old pod is gone, which needs the kubelet (or a force delete).',
    },
    evicted: {
      text: "TaintManagerEviction: the pods on node2 are marked for deletion. The DaemonSet's pod tolerates the taint and stays.",
    },
    replaced: {
      text: 'The ReplicaSet creates a replacement for the web pod at once, and it runs on node1. db-1 stays Terminating.',
    },
    start: {
      text: 'At 9m the kubelet on node2 starts: node2 is Ready, its taints go, and the kubelet stops and removes the evicted pods.',
    },
    db: {
      text: 'With the old db-1 gone, the StatefulSet controller creates db-1 again and it runs: the StatefulSet is whole.',
    },
  },
  'control-plane-outage': {
    apiserver: {
      text: "At 30s kube-apiserver's manifest leaves /etc/kubernetes/manifests: the kubelet stops it.",
    },
    predict: {
      text: 'kubectl cannot reach the API server now.',
      question: 'What happens to the nginx pods while the API server is down?',
      choices: ['They stop', 'They keep running', 'They are evicted'],
      explanation:
        'Containers are run by the kubelets and the runtime; neither needs the API server to keep them running.',
    },
    kcm: {
      text: 'At 4m kube-controller-manager stops; at 4m30s the kubelet on node1 stops. Nobody watches the heartbeats.',
    },
    back: {
      text: "At 7m kube-controller-manager is back: it gives every node a fresh grace period, then notices node1's stale lease and marks it NotReady.",
    },
    taint: {
      text: 'node1 is tainted node.kubernetes.io/unreachable:NoExecute; its pods tolerate that for 300s.',
    },
    evicted: {
      text: 'The toleration ran out: the web pods on node1 are marked for deletion.',
    },
    replaced: {
      text: 'The ReplicaSet recreates them; they run on node2.',
    },
    start: {
      text: 'At 14m the kubelet on node1 starts: node1 is Ready, its taints go, and the evicted pods are removed.',
    },
  },
};
