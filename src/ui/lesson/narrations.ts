/**
 * The built-in lessons' narration, by scenario and step id: part of the message catalog, kept in
 * its own file so that it loads with the lesson panel (a chunk of its own), not with the page.
 */
/** Narration of one lesson step. */
export interface Narration {
  text: string;
  question?: string;
  choices?: readonly string[];
  explanation?: string;
}

/** The built-in lessons' narration, by scenario name and step id. */
export const narrations = {
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
} satisfies Record<string, Record<string, Narration>>;

/** Every built-in scenario and step of the English table: what each language must narrate. */
export type NarrationTable = {
  readonly [S in keyof typeof narrations]: { readonly [K in keyof (typeof narrations)[S]]: Narration };
};
