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
  'pdb-drain': {
    drain: {
      text: 'At 30s kubectl drain node2 --ignore-daemonsets cordons node2 (SchedulingDisabled) and asks the eviction API to evict the web pod on it.',
    },
    predict: {
      text: 'The PodDisruptionBudget web wants minAvailable 3, and web has 3 Ready pods: kubectl get pdb shows ALLOWED DISRUPTIONS 0.',
      question: 'What does the drain do when the budget allows no disruption?',
      choices: [
        'It deletes the pod anyway',
        'It fails at once with an error',
        'It asks again every 5 seconds, for as long as it takes',
      ],
      explanation:
        "The eviction API refuses with 429 Too Many Requests: Cannot evict pod as it would violate the pod's disruption budget. kubectl drain prints the error with (will retry after 5s) and tries again. Nothing is deleted, and without --timeout the drain waits for ever.",
    },
    blocked: {
      text: 'node2 is cordoned but its web pod still runs. At 50s kubectl get pdb still shows ALLOWED DISRUPTIONS 0, and every retry is refused.',
    },
    scale: {
      text: 'At 1m30s kubectl scale deployment web --replicas=4: the ReplicaSet creates a 4th pod and the scheduler puts it on node1, not on the cordoned node2. Once it is Ready, 4 healthy pods for 3 wanted: ALLOWED DISRUPTIONS 1.',
    },
    evicted: {
      text: "At the next retry (1m35s) the eviction is allowed and spends the budget's one disruption: the pod on node2 is deleted and its kubelet stops nginx (Killing).",
    },
    replaced: {
      text: 'The ReplicaSet replaces the evicted pod at once, on node3. When the replacement is Ready the budget allows 1 disruption again.',
    },
    drained: {
      text: 'The old pod is gone; kubectl drain, which checks every second, prints pod/… evicted and node/node2 drained at 1m37s. node2 stays cordoned until kubectl uncordon node2.',
    },
  },
  'volume-out-of-service': {
    volume: {
      text: 'db-0, the one pod of the StatefulSet db, runs on node1. Its claim data-db-0, made from the volumeClaimTemplates, is Bound to a ReadWriteOnce volume, and kubectl get volumeattachments shows that volume attached to node1: such a disk is attached to one node at a time.',
    },
    off: {
      text: 'At 30s node1 powers off: its kubelet, its containers and its network stop at once, and nothing tells the API server.',
    },
    notready: {
      text: 'At 1m19s, 50 seconds without a heartbeat, the node lifecycle controller marks node1 NotReady (NodeNotReady) and db-0 not ready: kubectl get statefulset db shows READY 0/1. kubectl get pods still shows db-0 Running on node1; no kubelet is left to say otherwise.',
    },
    predict: {
      text: 'node2 is Ready and has room. The StatefulSet db wants 1 replica and has none ready.',
      question: 'What does the StatefulSet controller do about db-0?',
      choices: [
        'It creates db-0 again on node2 at once',
        'It creates db-1 on node2 instead',
        'Nothing, as long as the pod object db-0 exists',
      ],
      explanation:
        "The pods of a StatefulSet have fixed names, and there is at most one db-0: a new db-0 needs the old object gone, and only node1's kubelet, which is off, would remove it. At 6m24s, 300 s after the unreachable:NoExecute taint, the taint eviction controller would mark db-0 for deletion, but it would then stay Terminating for ever. Deployments do not wait: their new pods have new names.",
    },
    taint: {
      text: 'At 2m the administrator, sure that node1 is really off, runs kubectl taint nodes node1 node.kubernetes.io/out-of-service=nodeshutdown:NoExecute. db-0 does not tolerate that NoExecute taint: the taint eviction controller drops the 300 s wait (Cancelling deletion of Pod default/db-0) and marks db-0 for deletion at once. db-0 is Terminating, and its volume is still attached to node1.',
    },
    'predict-volume': {
      text: 'The taint is a promise that the machine is off: on a node that still runs, two pods could write to the same disk.',
      question: 'db-0 is Terminating on a node with no kubelet. What happens next?',
      choices: [
        'It stays Terminating until node1 is back',
        'Within 20 seconds it is force-deleted, and db-0 starts on node2 with its volume',
        'db-0 comes back on node2 but waits 6 minutes for its volume',
      ],
      explanation:
        'PodGC, every 20 s, force-deletes the Terminating pods of a NotReady node tainted out-of-service, and the attach/detach controller detaches the volume at once. Without the taint, a force delete alone leaves the new db-0 in ContainerCreating with a Multi-Attach error until the detach is forced 6 minutes later (maxWaitForUnmountDuration).',
    },
    recreated: {
      text: "At 2m9s PodGC's pass force-deletes db-0. The StatefulSet controller creates db-0 again and the scheduler assigns it to node2. The attach/detach controller detaches the volume from node1 without waiting and attaches it to node2: SuccessfulAttachVolume, no Multi-Attach error.",
    },
    running: {
      text: 'At 2m13s, after the image pull, redis runs on node2. kubectl get pvc shows the same claim bound to the same volume: db-0 is back with its data. node1 keeps its taint until it is repaired; then kubectl taint nodes node1 node.kubernetes.io/out-of-service- removes it.',
    },
  },
  'graceful-shutdown': {
    cut: {
      text: "web has one pod on each worker. At 30s node2 drops off the network (network cut node2). To the control plane this looks the same as a power cut: node2's kubelet stops reporting, without a word about its pods.",
    },
    unknown: {
      text: "At 1m19s, about 50s after node2's last heartbeat (node-monitor-grace-period), its conditions go Unknown: NotReady. At 1m24s it is tainted node.kubernetes.io/unreachable:NoExecute, which web's pod tolerates for 300s: in the API the pod is still Running.",
    },
    predict: {
      text: 'At 2m node1 is shut down cleanly: ssh node1 poweroff. Every kubelet here has shutdownGracePeriod 30s and shutdownGracePeriodCriticalPods 10s.',
      question: 'Which web pod gets its replacement first?',
      choices: [
        "node2's: it was lost 90 seconds earlier",
        "node1's: within seconds of the shutdown",
        "Both at once, when node2's 300s are up",
      ],
      explanation:
        "node1's kubelet holds back the power-off, stops its pods and reports them Failed. A Failed pod no longer counts for its ReplicaSet, which replaces it at once. node2's pod is still Running in the API: nobody can say it stopped, so it waits out its 300s toleration and is evicted at 6m24s.",
    },
    shutdown: {
      text: 'At 2m ssh node1 poweroff. node1\'s kubelet holds a systemd-logind inhibitor lock, so the power-off waits: event Shutdown, and at once Ready False, "node is shutting down". Regular pods are stopped first, with up to 20s (30s minus the 10s kept for critical pods): Killing nginx.',
    },
    replaced: {
      text: 'nginx stops within a second: the pod ends Failed, reason Terminated, "Pod was terminated in response to imminent node shutdown." (kubectl describe pod). At 2m1s the ReplicaSet replaces it on node3. Then the critical pods (calico-node, kube-proxy) stop and node1 powers off.',
    },
    compare: {
      text: 'At 2m5s kubectl get pods: web has 3 Running pods again, two on node3, and the third is the old one on node2, still 1/1 Running, 95s after node2 went silent.',
    },
    evicted: {
      text: "At 6m24s, 300s after the NoExecute taint, node2's pod is evicted (TaintManagerEviction) and the ReplicaSet replaces it on node3: almost 6 minutes after node2 was lost, against 1 second for node1. The old pod stays Terminating: only node2's kubelet could confirm it is gone.",
    },
  },
  'node-delete-cloud': {
    delete: {
      text: 'At 30s the Node object node2 is deleted. Its machine, an instance in the cloud, keeps running, and so does its kubelet.',
    },
    'predict-node': {
      text: 'The kubelet on node2 is alive, and the cloud-controller-manager watches every Node.',
      question: 'Who creates the Node object node2 again?',
      choices: ['The kubelet, at its next status update', "The cloud-controller-manager's node controller", 'Nobody'],
      explanation:
        "The kubelet registers its Node once, when it starts; afterwards its status updates fail with 'not found'. The cloud-node-controller only initializes Nodes that exist, and the cloud-node-lifecycle-controller only deletes them: neither ever creates one.",
    },
    orphans: {
      text: 'The pod garbage collector deletes the pods still bound to node2 and the ReplicaSet recreates its two. They do not fit on node1 and node3: Pending.',
    },
    kubelet: {
      text: 'On node2 the kubelet sees its pods gone and kills their containers, the kube-proxy and calico-node DaemonSet pods included, while its status updates fail every 10s (journalctl at 2m30s).',
    },
    zombie: {
      text: "cloud instances: node2's instance is running, with no Node. The cloud-node-lifecycle-controller deletes only Nodes whose instance is gone, and it only looks at Nodes: node2's machine is invisible to it.",
    },
    'predict-machine': {
      text: 'There is no cluster autoscaler in this cluster.',
      question: "What becomes of node2's machine?",
      choices: [
        'The cloud stops it after a while',
        'It runs, idle and billed, until someone acts',
        'It reboots and registers again',
      ],
      explanation:
        'Nothing in Kubernetes or in the cloud watches for a machine without a Node. It idles, a zombie, until someone restarts its kubelet (which registers node2 again) or terminates the instance. The next lesson runs the same cluster with the cluster autoscaler.',
    },
    still: {
      text: 'Nothing changes after that: at 19m cloud instances still lists node2 running with no Node, and the two web pods are still Pending. Try ssh node2 systemctl restart kubelet, or cloud terminate node2.',
    },
  },
  'node-delete-autoscaler': {
    delete: {
      text: 'At 30s the Node object node2 is deleted, as in the lesson without an autoscaler. Its machine and its kubelet keep running.',
    },
    unregistered: {
      text: "Every 10s the cluster autoscaler lists the node group's instances and looks for a Node with each one's providerID. node2's has none: the status ConfigMap counts it as unregistered: 1.",
    },
    pending: {
      text: 'The pods bound to node2 are garbage collected and recreated. Two web pods fit on no node: Pending, FailedScheduling.',
    },
    'predict-scale-up': {
      text: 'The node group may grow to 5 machines.',
      question: 'Does the cluster autoscaler add a machine for the two Pending pods?',
      choices: [
        'Yes, within one 10s loop',
        "Not yet: it counts node2's machine as a node still on its way",
        'Never: it only removes machines',
      ],
      explanation:
        "In cluster-autoscaler 1.33 a machine of the group without a Node counts as an upcoming node (target size minus ready, unready and long-unregistered nodes). The Pending pods fit on it in the autoscaler's simulation, so it neither scales up nor says NotTriggerScaleUp.",
    },
    long: {
      text: "max-node-provision-time (15 minutes) after it first saw the machine, the autoscaler gives up on it: DeleteUnregistered terminates node2's instance, and the same loop scales the group back up for the Pending pods (TriggeredScaleUp).",
    },
    'new-node': {
      text: 'The new machine boots, its kubelet registers, the cloud-node-controller initializes the Node, and the web pods run.',
    },
    end: {
      text: "The zombie cost 15 minutes of a machine and 15 minutes of two Pending pods. A min size of 3 would have kept it forever: the autoscaler never deletes unregistered machines below a group's min size.",
    },
  },
  'autoscaler-scale-up': {
    grow: {
      text: 'At 1m web grows from 3 to 6 pods of 1.5 CPUs. The two 4-CPU nodes hold two each: two pods are Pending (FailedScheduling: Insufficient cpu).',
    },
    'predict-when': {
      text: 'The cluster autoscaler runs a loop every 10 seconds.',
      question: 'When does a new machine start?',
      choices: [
        'Within about 10 seconds',
        'After the pods have been Pending for 5 minutes',
        'Only if someone runs cloud scale',
      ],
      explanation:
        'Each loop the autoscaler simulates the Pending pods on the nodes it has and on the template of each node group. A pod that fits only a new node of a group makes the group grow at once; only pods less than 2 seconds old wait one more loop.',
    },
    triggered: {
      text: 'TriggeredScaleUp: pod triggered scale-up: [{workers 2->3 (max: 4)}]. The status ConfigMap says scaleUp: InProgress and counts the new machine as unregistered until its kubelet registers.',
    },
    registered: {
      text: 'About 90 seconds later the machine is running, its kubelet registers a Node with the node.cloudprovider.kubernetes.io/uninitialized taint, and the cloud-node-controller initializes it at once (Synced).',
    },
    running: {
      text: 'The Node is Ready and the scheduler binds the two Pending pods to it.',
    },
    more: {
      text: 'At 6m web grows to 12: six Pending pods, and the group can grow by one machine only (max 4).',
    },
    max: {
      text: "One machine for two pods (TriggeredScaleUp), and for the other four: NotTriggerScaleUp, pod didn't trigger scale-up: 1 max node group size reached. They stay Pending; the event repeats at most every 5 minutes.",
    },
  },
  'autoscaler-scale-down': {
    shrink: {
      text: 'At 1m web shrinks from 6 to 4 pods. node2 and node3 are left with one 1.2-CPU pod each: 30% of their CPU.',
    },
    candidates: {
      text: 'In its next loop the cluster autoscaler finds them unneeded: at most 50% requested, and their pods fit elsewhere. It taints them DeletionCandidateOfClusterAutoscaler:PreferNoSchedule. node1 is not a candidate: the debug pod has no controller to recreate it.',
    },
    'predict-when': {
      text: 'scale-down-unneeded-time is 10 minutes.',
      question: 'When is node2 removed?',
      choices: ['At once', 'After 10 minutes unneeded, in the next 10s loop', 'Never: it still runs a pod'],
      explanation:
        'A node must stay unneeded for scale-down-unneeded-time (10m). Any loop that finds it needed again (its pod fits nowhere else) starts the wait over.',
    },
    marked: {
      text: 'node2 is tainted ToBeDeletedByClusterAutoscaler:NoSchedule and cordoned (Ready,SchedulingDisabled); the status ConfigMap records Scale-down: removing node node2.',
    },
    drain: {
      text: '5s later its web pod is evicted (deleting pod for node scale down) and the ReplicaSet recreates it on node1: node3 carries the deletion-candidate taint, which the scheduler avoids.',
    },
    terminated: {
      text: "Once the evicted pod is gone, the autoscaler deletes node2's instance through the node group: the machine is terminated and the group's target goes from 3 to 2.",
    },
    gone: {
      text: 'The Node outlives its machine until it goes NotReady and the cloud-node-lifecycle-controller deletes it: Deleting node node2 because it does not exist in the cloud provider.',
    },
  },
  'autoscaler-zone-outage': {
    cut: {
      text: 'At 6m zones a and b lose their network: six of the ten nodes. Their machines keep running, so the cloud controllers leave their Nodes alone.',
    },
    notready: {
      text: '50s later their Nodes are NotReady.',
    },
    'predict-health': {
      text: 'The cluster autoscaler counts the unready nodes every loop.',
      question: 'What does the autoscaler do with six of ten nodes unready?',
      choices: [
        'It adds machines in zone c',
        'It removes the unready nodes',
        'Nothing: it stops acting until the cluster is healthy',
      ],
      explanation:
        'With more than 3 unready nodes (ok-total-unready-count) and more than 45% of all nodes unready (max-total-unready-percentage), cluster-autoscaler calls the cluster unhealthy: no scale-up, no scale-down. A mass outage is no time to resize.',
    },
    unhealthy: {
      text: 'ClusterUnhealthy, Cluster is unhealthy, on the status ConfigMap (at most every 5 minutes); its status says clusterWide health: Unhealthy.',
    },
    evicted: {
      text: 'Five minutes after the taints, the pods of zones a and b are evicted. Their replacements fit only partly in zone c: Pending, and no TriggeredScaleUp, by design.',
    },
    heal: {
      text: "At 18m zone b is back. Three unready nodes are within the limits again: the autoscaler acts, and the Pending pods find room on zone b's nodes.",
    },
    end: {
      text: "Zone a's pods stay Terminating while its kubelets cannot confirm them stopped. Unready for 20 minutes (scale-down-unready-time), zone a's nodes would become scale-down candidates.",
    },
  },
  'zone-partly-down': {
    cut: {
      text: "At 1m, 60 of zone-c's 100 nodes (c1 to c60) lose their network. Their pods keep running, but nothing reaches the API server from there.",
    },
    'predict-rate': {
      text: "Once they are NotReady, the node-lifecycle controller taints them node.kubernetes.io/unreachable:NoExecute through zone-c's rate-limited queue. 300s later each node's pods are evicted.",
      question: "How fast will zone-c's 60 nodes be tainted?",
      choices: [
        'All at once',
        'One every 10 s (node-eviction-rate 0.1)',
        'One every 100 s (secondary-node-eviction-rate 0.01)',
        'Not at all',
      ],
      explanation:
        '60 of 100 is more than unhealthy-zone-threshold (0.55) of the zone, and more than 2 nodes: zone-c is in PartialDisruption. Kubernetes suspects a network problem rather than dead machines and slows down: a zone of more than large-cluster-size-threshold (50) nodes is tainted at secondary-node-eviction-rate, 0.01 nodes per second.',
    },
    notready: {
      text: "At 1m49s, 50s after the last heartbeats (node-monitor-grace-period), 56 of zone-c's nodes are NotReady in one pass of the controller, the other 4 five seconds later. 56 of 100 is at least 55%: zone-c is in PartialDisruption, zones a and b stay Normal.",
    },
    'first-taint': {
      text: "One pass later c1 is tainted node.kubernetes.io/unreachable:NoExecute: the zone's queue still held a token. Every NotReady node also has node.kubernetes.io/unreachable:NoSchedule, which nothing slows down.",
    },
    'second-taint': {
      text: '100 seconds later, at 3m34s, the second one: c10. Nodes still waiting are queued again at each pass in the order the controller walks them, by name (c1, c10, c11 … c19, c2, c20 …): one node per 100 s.',
    },
    evicted: {
      text: "At 6m54s c1's 300s are up: TaintManagerEviction, its two web pods are marked for deletion and recreated in zones a and b. The pods on the other 59 nodes are not Ready but stay where they are: web goes from 480/600 to 482/600.",
    },
    'predict-small': {
      text: 'The 100 in zone-c is what kept the tainting going.',
      question: 'If zone-c had only 50 nodes, 30 of them cut off, what would the controller do?',
      choices: [
        'Taint one node every 100 s, as here',
        'Taint one node every 10 s',
        'Taint none: NoExecute tainting stops in that zone',
      ],
      explanation:
        "In PartialDisruption a zone of 50 nodes or fewer (large-cluster-size-threshold, compared with the zone's size) gets a rate of 0: no NoExecute taint, so no eviction; its nodes only get the NoSchedule taint. Zone sizes, not the cluster's, decide.",
    },
    end: {
      text: 'At 24m only 14 of the 60 nodes are tainted and web is 502/600. At one node per 100 s the whole group takes 100 minutes. In zone-down the same cluster loses all of zone-c, and is back to 600/600 sooner.',
    },
  },
  'zone-down': {
    cut: {
      text: 'At 1m all 100 nodes of zone-c lose their network: the cluster and seed of zone-partly-down, with 40 more nodes cut off.',
    },
    'predict-rate': {
      text: "Once they are NotReady, the node-lifecycle controller taints them node.kubernetes.io/unreachable:NoExecute through zone-c's rate-limited queue. 300s later each node's pods are evicted.",
      question: 'With 60 of these nodes down, one node was tainted every 100 s. With all 100 down?',
      choices: [
        'Slower, or not at all: even more caution',
        'The same: one every 100 s',
        'Faster: one every 10 s (node-eviction-rate 0.1)',
      ],
      explanation:
        'With no Ready node left, zone-c is in FullDisruption. The controller takes it for a real zone outage, whose workloads should move to the healthy zones, so the zone is tainted at node-eviction-rate, 0.1 nodes per second, as if nothing were special. Only with every zone in FullDisruption would it stop.',
    },
    notready: {
      text: "At 1m44s three of zone-c's nodes are NotReady (node-monitor-grace-period, 50s), at 1m49s 89 more: 92 of 100, PartialDisruption for now. The queue still held a token: c64, NotReady since 1m44s, is tainted node.kubernetes.io/unreachable:NoExecute at once.",
    },
    full: {
      text: 'At 1m54s the last 8 are NotReady. No Ready node in zone-c: it is in FullDisruption, and its queue is back to one node every 10 s.',
    },
    taints: {
      text: 'c1 at 2m4s, c10 at 2m14s: one node every 10 s, in the order the controller walks them, by name (c1, c10, c100, c11 …). Every NotReady node also has node.kubernetes.io/unreachable:NoSchedule, which nothing slows down.',
    },
    evicted: {
      text: "At 6m49s c64's 300s are up: TaintManagerEviction, its two web pods are marked for deletion and recreated in zones a and b. From 7m4s two more every 10 s.",
    },
    'predict-all': {
      text: 'Zones a and b are Normal: that is what lets zone-c be tainted at the normal rate.',
      question: 'What if zones a and b lost their network too?',
      choices: [
        'Every node would be tainted, one every 10 s',
        'No node would be tainted, and the NoExecute taints already added would be removed',
        'The Nodes would be deleted',
      ],
      explanation:
        'With every zone in FullDisruption the controller enters master disruption mode ("Controller detected that all Nodes are not-Ready"), removes the NoExecute taints and sets every zone\'s rate to 0: when no node at all is Ready, it suspects its own connection to the nodes, not the nodes.',
    },
    'last-taint': {
      text: 'At 18m24s the 100th node, c99 (last in name order), is tainted: all of zone-c in 16.5 minutes.',
    },
    end: {
      text: "At 23m24s c99's pods are evicted: web is 600/600 again, all in zones a and b. In zone-partly-down, with 40 fewer nodes down, web was still 502/600 at 24m. At this rate a zone of 1,666 nodes (5,000 in three zones) would take more than four and a half hours.",
    },
  },
  'zone-down-5000': {
    cut: {
      text: 'At 1m all 1,666 nodes of zone-c lose their network: a third of the cluster and nearly 50,000 pods. Each tile is a node, each dot one of its pods; the table above counts them per zone.',
    },
    'predict-rate': {
      text: "Once they are NotReady, the node-lifecycle controller taints them node.kubernetes.io/unreachable:NoExecute through zone-c's rate-limited queue, and 300s after its taint a node's pods are evicted and recreated elsewhere.",
      question: 'How long until every node of zone-c is tainted?',
      choices: [
        'About 5 minutes, as in a small cluster',
        'About 20 minutes: a bigger zone gets a faster queue',
        'Over 4.5 hours',
      ],
      explanation:
        'With no Ready node left, zone-c is in FullDisruption and is tainted at node-eviction-rate, 0.1 nodes per second, whatever its size: 1,666 nodes take 16,660 s, 4 hours 38 minutes. The rate limits the damage a wrong NotReady could do; here it also limits the recovery.',
    },
    notready: {
      text: "From 1m41s, 50s after their last heartbeats (node-monitor-grace-period), the controller's 5 s passes find zone-c's nodes NotReady: 43, then 56 (the zone is still mostly Ready, so one of them, c1020, is tainted at once), then the other 1,567 at 1m51s. Their pods are marked not Ready.",
    },
    taints: {
      text: 'No Ready node is left: zone-c is in FullDisruption. c1 is tainted at 1m56s, c10 at 2m6s: one node every 10 s, in the order the controller walks them, by name (c1, c10, c100, c1000 …). Every NotReady node also has node.kubernetes.io/unreachable:NoSchedule, which nothing slows down. Web is down to 3,354 of 5,000 pods Ready.',
    },
    evicted: {
      text: "At 6m46s c1020's 300s are up: TaintManagerEviction, its 29 Deployment pods are marked for deletion and recreated in zones a and b. Its node-agent pod stays: a DaemonSet's pods tolerate unreachable with no time limit. From 6m56s one more node every 10 s.",
    },
    'predict-faster': {
      text: "Zone-c's pods come back at 29 pods every 10 s.",
      question: 'An operator knows zone-c is gone for good. What brings its pods back sooner?',
      choices: [
        'Nothing: only waiting for the queue',
        "Deleting zone-c's Node objects",
        'Restarting the node-lifecycle controller',
      ],
      explanation:
        'Pods bound to a Node that no longer exists are deleted by the pod garbage collector within about a minute (its 40 s quarantine), with no rate limit, and their ReplicaSets recreate them at once. A restarted controller starts its queues again at the same rate.',
    },
    end: {
      text: "At 29m, 164 of zone-c's 1,666 nodes are tainted and the pods of 134 have moved: web has 3,488 of its 5,000 pods Ready. The last node is tainted at about 4h39m. Kubernetes is slow here on purpose: the same queue keeps a network glitch from evicting a third of the cluster at once.",
    },
  },
} satisfies Record<string, Record<string, Narration>>;

/** Every built-in scenario and step of the English table: what each language must narrate. */
export type NarrationTable = {
  readonly [S in keyof typeof narrations]: { readonly [K in keyof (typeof narrations)[S]]: Narration };
};
