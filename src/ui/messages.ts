/**
 * The main bundle's UI strings, in English: the source and the type every translation follows
 * (src/ui/i18n; components read them through `useMessages()`, so a language switch re-renders).
 * kubectl output is never translated (it stays as kubectl prints it); accessible names that are
 * a contract (DESIGN section 7) are built here too, so tests and screen readers find the same
 * words in English, the default.
 */
export const messages = {
  appTitle: 'NotReady',
  loading: 'Starting the cluster…',
  updateAvailable: 'A new version of NotReady is available. Your run is kept in the address.',
  updateReload: 'Reload now',
  updateLater: 'Later',
  loadingAt: (at: string, target: string) => `Replaying the run… ${at} of ${target}`,
  seekingTo: (target: string, at: string) => `Going to ${target}… now at ${at}`,
  seekLeft: (left: string) => `about ${left} left`,
  stopSeek: 'Stop here',
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
  starting: 'starting',
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
          : v === 'node groups'
            ? 'Node groups (cloud)'
            : v,
  pauseAtChapters: 'Pause at each chapter',
  blackScreen: 'Black screen: press B or Escape to return',
  // Chapters
  /** A chapter's label as the engine writes it (`node2 NotReady`, `kubelet stopped on node2`). */
  chapterLabel: (label: string) => label,
  chapters: 'Chapters',
  chaptersEmpty: 'Nothing has happened yet. Press Play, or break something.',
  later: 'later',
  // Gallery
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
  stageShow: 'Show',
  stageCluster: 'Cluster',
  stageChart: 'Space-time chart',
  stageHint: 'The cluster as it is now, or the whole run as a space-time chart (C)',
  chartRegion: 'Space-time chart',
  loadingChart: 'Drawing the chart…',
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
  heartbeatValue: (age: string, grace: string) => `${age} / ${grace}`,
  noHeartbeat: 'no Lease',
  apiDown: 'API unavailable',
  apiUp: 'API available',
  svcActive: 'active',
  svcInactive: 'stopped',
  hostRuns: 'runs on the host',
  hostNotRunning: 'nothing runs on the host',
  ghostShort: 'GHOST',
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
  /** An action's label as the engine writes it (`Stop kubelet`); translations rewrite it (i18n/rewrite.ts). */
  actionLabel: (label: string) => label,
  /** Why an action cannot apply now, as the engine writes it (`node2 is already powered off`). */
  actionReason: (reason: string) => reason,
  menuLoading: 'Loading actions…',
  menuEmpty: 'No actions available here.',
  // Panels
  kubectlPanel: 'kubectl',
  eventsPanel: 'Events',
  hostView: (view: 'journal' | 'status', node: string) =>
    view === 'journal' ? `journalctl -u kubelet on ${node}` : `systemctl status kubelet on ${node}`,
  hostLogsNone: 'Select a node to see its kubelet log.',
  noOutput: '(no output yet)',
  // Long kubectl outputs: only part is drawn, and the page says which part.
  // kubectl get events lists Events by name (namespace/object.id), not by time: the end of the list.
  kubectlShowingLast: (shown: number, total: number, unit: string) =>
    `Showing the last ${shown.toLocaleString('en-US')} of ${total.toLocaleString('en-US')} ${unit} (kubectl lists them by name, not by time).`,
  kubectlShowingFirst: (shown: number, total: number, unit: string) =>
    `Showing the first ${shown.toLocaleString('en-US')} of ${total.toLocaleString('en-US')} ${unit}.`,
  kubectlShowingAll: (total: number, unit: string) => `Showing all ${total.toLocaleString('en-US')} ${unit}.`,
  // "Show all" of a listing too long for a tab (a million events at 5,000 nodes): the first or last 100,000.
  kubectlShowingMost: (shown: number, total: number, unit: string, last: boolean) =>
    `Showing the ${last ? 'last' : 'first'} ${shown.toLocaleString('en-US')} of ${total.toLocaleString('en-US')} ${unit}: kubectl would print them all, more than a browser tab holds.`,
  // While a long seek replays, the views still show the time before it.
  kubectlAsOf: (at: string) => `as of ${at}, until the seek lands`,
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
  commandCount: (n: number) => `${n.toLocaleString('en-US')} commands`,
  byScenario: 'the scenario',
  willReplay: 'will replay',
  stillRunning: 'running… (Ctrl+C stops it)',
  stopCommand: (line: string) => `Stop ${line} (Ctrl+C)`,
  stop: 'Stop',
  scheduled: 'to come',
  laterInRunCount: (n: number) => `Later in this run: ${n.toLocaleString('en-US')} ${n === 1 ? 'command' : 'commands'}`,
  terminalHeight: 'Terminal height',
  fontMissing:
    'This machine has no font for this language: its letters show as boxes. Install one (for example Noto Sans CJK) or choose another language.',
  fontMissingDismiss: 'OK',
  terminalHeightHint: 'Drag, or focus and press ↑ ↓, to resize the terminal (T: taller, or back)',
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
  close: 'Close',
  invalidScenario: (m: string) => `This scenario cannot run: ${m}`,
} as const;

export type Messages = typeof messages;

// Sharing and scenario files: used by the header (the main bundle). The lesson's strings are in
// lesson/messages.ts, the builder's in builder/labels.ts, the chart's in chart/messages.ts: each
// loads with its own chunk.

/** Share links, scenario files, the last run and "About this run". */
export const shareMessages = {
  copyLink: 'Copy link',
  copied: 'Link copied to the clipboard.',
  copyByHand: 'Copy this link (it is selected):',
  shareLink: 'Share link',
  importScenario: 'Import scenario',
  importHint: 'YAML or JSON: a NotReady scenario, or kubectl get … -o yaml output',
  exportMenu: 'Export',
  exportScenario: 'Scenario file (.yaml)',
  exportKind: 'kind cluster and script (.zip)',
  exportChaosMesh: 'Chaos Mesh resources (.zip)',
  exportLitmus: 'Litmus ChaosEngines (.zip)',
  openBuilder: 'Build a scenario',
  builder: 'Scenario builder',
  dropHere: 'Drop a scenario file to import it',
  imported: (file: string) => `Imported ${file}.`,
  importRefused: (file: string) => `${file} cannot be imported:`,
  importLeftOut: 'Left out:',
  exportedReview: (file: string) => `${file}: review it before you run its script on a machine of yours.`,
  exportedFromLink: 'This run came from a link: its scenario and commands are someone else’s.',
  exportedHazards:
    'It asks the real cluster for what reaches past a container (run.sh stops until started with --reviewed):',
  badLink: 'This link cannot be opened:',
  badLinkFallback: 'The default scenario is shown instead.',
  badLinkKept: 'The run you had stays as it was.',
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
