/**
 * The bash functions every run.sh shares: arguments, kubectl on the kind context, time since
 * t=0, the steps, the probes a check polls, and the verdicts. Kept as one block of plain bash so
 * the script reads top to bottom; shellcheck runs over it in the tests with every built-in.
 */
export const SCRIPT_HELPERS: readonly string[] = String.raw`
CREATE=1
REVIEWED=0
for arg in "$@"; do
  case "$arg" in
    --no-create) CREATE=0 ;;
    --reviewed) REVIEWED=1 ;;
    -h|--help) sed -n '2,/^$/s/^# \{0,1\}//p' "$0"; exit 0 ;;
    *) echo "unknown argument: $arg (see --help)" >&2; exit 2 ;;
  esac
done
for tool in kind kubectl docker; do
  command -v "$tool" >/dev/null || { echo "run.sh needs $tool on the PATH" >&2; exit 2; }
done

# The script acts on its own kind cluster only: CLUSTER_NODES are the containers kind made for the
# scenario's nodes, and every docker command goes through in_cluster.
in_cluster() {
  local n
  for n in "@{CLUSTER_NODES[@]}"; do [[ "$n" == "$1" ]] && return 0; done
  echo "refusing to touch $1: not a node of the kind cluster $CLUSTER" >&2
  return 1
}
require_cluster() {
  local real n
  if ! kind get clusters 2>/dev/null | grep -qxF "$CLUSTER"; then
    echo "no kind cluster named $CLUSTER: this script acts only on the cluster it creates (run it without --no-create)" >&2
    exit 2
  fi
  real=$(kind get nodes --name "$CLUSTER" 2>/dev/null)
  for n in "@{CLUSTER_NODES[@]}"; do
    if ! grep -qxF "$n" <<<"$real"; then
      echo "the kind cluster $CLUSTER has no node $n: it is not the cluster this script made" >&2
      exit 2
    fi
  done
}
node_exec() { in_cluster "$1" && docker exec "$@"; }
node_docker() { in_cluster "$2" && docker "$1" "$2"; }
node_cp() { in_cluster "$2" && docker cp "$1" "$2:$3"; }

# kubectl on this cluster only; a request that hangs (API server down) gives up after 20s.
kubectl() { command kubectl --context "$CONTEXT" --request-timeout=20s "$@"; }

T0=$(date +%s)
RESULTS=$(mktemp)
STEP_AT=()
now() { date +%s; }
elapsed() { echo $(( $(now) - T0 )); }
# Seconds as the simulation prints times: 1m20s.
fmt() {
  local s=$1 out=''
  (( s < 0 )) && s=$(( -s ))
  (( s >= 3600 )) && out="$(( s / 3600 ))h"
  (( s % 3600 >= 60 )) && out="$out$(( s % 3600 / 60 ))m"
  if (( s % 60 > 0 )) || [[ -z "$out" ]]; then out="$out$(( s % 60 ))s"; fi
  echo "$out"
}
start_timeline() {
  T0=$(now)
  echo "t=0: $(date -u +%Y-%m-%dT%H:%M:%SZ), every workload Ready; the timeline starts"
}
# Wait until the step's simulated time.
at() {
  local wait=$(( T0 + $1 - $(now) ))
  if (( wait > 0 )); then sleep "$wait"; elif (( wait < -1 )); then echo "   (running $(fmt "$wait") late)"; fi
}
step() {
  STEP_AT[$1]=$(date -u +%Y-%m-%dT%H:%M:%SZ)
  echo
  echo "[$(fmt "$(elapsed)")] \$ $2"
}
# When step N started (UTC), for pods created since; before the first step: t=0.
step_at() {
  if (( $1 < 0 )); then date -u -r "$T0" +%Y-%m-%dT%H:%M:%SZ 2>/dev/null || date -u -d "@$T0" +%Y-%m-%dT%H:%M:%SZ
  else echo "@{STEP_AT[$1]}"; fi
}
skipped() {
  echo
  echo "[$(fmt "$(elapsed)")] \$ $2   (skipped: $3)"
}
note() { echo "   note: $1"; }

# network cut|heal NODE: off kind's docker network, and back with the address it had.
network_cut() {
  in_cluster "$1" || return 1
  docker inspect -f '{{with index .NetworkSettings.Networks "kind"}}{{.IPAddress}}{{end}}' "$1" >"$RESULTS.ip-$1"
  docker network disconnect kind "$1"
}
network_heal() {
  local ip=''
  in_cluster "$1" || return 1
  [[ -f "$RESULTS.ip-$1" ]] && ip=$(cat "$RESULTS.ip-$1")
  if [[ -n "$ip" ]] && docker network connect --ip "$ip" kind "$1" 2>/dev/null; then return; fi
  docker network connect kind "$1"
}

# A pod of the workload with SELECTOR in NAMESPACE, on NODE if there is one there.
pod_like() {
  local name
  name=$(kubectl get pods -n "$1" -l "$2" --field-selector "spec.nodeName=$3" -o jsonpath='{.items[0].metadata.name}' 2>/dev/null)
  [[ -n "$name" ]] || name=$(kubectl get pods -n "$1" -l "$2" -o jsonpath='{.items[0].metadata.name}' 2>/dev/null)
  echo "$name"
}

# Probes: exit 0 when the cluster shows the prediction, non-zero otherwise (or when the API does not answer).
node_ready_is() { kubectl wait --for="condition=Ready=$2" --timeout=2s "node/$1" >/dev/null 2>&1; }
node_exists() { local out; out=$(kubectl get node "$1" --ignore-not-found -o name 2>/dev/null) || return 1; [[ -n "$out" ]]; }
node_gone() { local out; out=$(kubectl get node "$1" --ignore-not-found -o name 2>/dev/null) || return 1; [[ -z "$out" ]]; }
node_taints() { kubectl get node "$1" -o jsonpath='{range .spec.taints[*]}{.key}:{.effect}{"\n"}{end}' 2>/dev/null; }
has_taints() {
  local node=$1 list t
  shift
  list=$(node_taints "$node") || return 1
  for t in "$@"; do grep -qxF "$t" <<<"$list" || return 1; done
}
lacks_taints() {
  local node=$1 list t
  shift
  list=$(node_taints "$node") || return 1
  for t in "$@"; do if grep -qxF "$t" <<<"$list"; then return 1; fi; done
}
# Pods bound to NODE outside kube-system: "namespace deletionTimestamp" per line.
pods_on() {
  kubectl get pods -A --field-selector "spec.nodeName=$1" \
    -o jsonpath='{range .items[*]}{.metadata.namespace} {.metadata.deletionTimestamp}{"\n"}{end}' 2>/dev/null
}
terminating_at_least() {
  local list
  list=$(pods_on "$1") || return 1
  (( $(awk '$1 != "kube-system" && $2 != "" { n++ } END { print n + 0 }' <<<"$list") >= $2 ))
}
pods_at_most() {
  local list
  list=$(pods_on "$1") || return 1
  (( $(awk '$1 != "" && $1 != "kube-system" { n++ } END { print n + 0 }' <<<"$list") <= $2 ))
}
# At least N pods of a workload Ready, not Terminating, created since SINCE (UTC).
new_ready_at_least() {
  local list
  list=$(kubectl get pods -n "$1" -l "$2" -o jsonpath='{range .items[*]}{.metadata.creationTimestamp} {.status.conditions[?(@.type=="Ready")].status} {.metadata.deletionTimestamp}{"\n"}{end}' 2>/dev/null) || return 1
  (( $(awk -v since="$3" '$1 >= since && $2 == "True" && $3 == "" { n++ } END { print n + 0 }' <<<"$list") >= $4 ))
}

# expect PREDICTED TOLERANCE LABEL PROBE [ARGS]: poll the probe in the background from now until
# PREDICTED + TOLERANCE seconds after t=0, then say whether the real cluster agrees.
expect() {
  local predicted=$1 tolerance=$(( $2 + TOLERANCE_EXTRA )) label=$3
  shift 3
  (
    while (( $(elapsed) <= predicted + tolerance )); do
      if "$@"; then verdict "$predicted" "$tolerance" "$label" "$(elapsed)"; exit 0; fi
      sleep 2
    done
    verdict "$predicted" "$tolerance" "$label" ''
  ) &
}
verdict() {
  local predicted=$1 tolerance=$2 label=$3 seen=$4 line
  if [[ -z "$seen" ]]; then
    line="DIFFERS  $label: not seen by $(fmt $(( predicted + tolerance ))) (predicted $(fmt "$predicted") ±$(fmt "$tolerance"))"
  elif (( seen < predicted - tolerance )); then
    line="DIFFERS  $label: at $(fmt "$seen"), $(fmt $(( predicted - seen ))) earlier than predicted ($(fmt "$predicted") ±$(fmt "$tolerance"))"
  else
    line="AGREES   $label: at $(fmt "$seen") (predicted $(fmt "$predicted") ±$(fmt "$tolerance"))"
  fi
  echo "   $line"
  echo "$line" >>"$RESULTS"
}
summary() {
  local agree differ
  agree=$(grep -c '^AGREES' "$RESULTS")
  differ=$(grep -c '^DIFFERS' "$RESULTS")
  echo
  echo "Predictions: $agree agree, $differ differ (tolerances +$TOLERANCE_EXTRA s: TOLERANCE_EXTRA)."
  grep '^DIFFERS' "$RESULTS" | sed 's/^/  /'
  echo "The cluster is kept: kubectl --context $CONTEXT ...; kind delete cluster --name $CLUSTER"
  rm -f "$RESULTS" "$RESULTS".ip-*
  (( differ == 0 ))
}
finish() {
  if [[ -n "@{DRAIN_PID:-}" ]]; then kill "$DRAIN_PID" 2>/dev/null; fi
  echo
  echo "[$(fmt "$(elapsed)")] end of the scenario; waiting for the checks still open"
  wait
  summary
  exit $?
}
trap 'echo; echo "interrupted"; jobs -p | xargs kill 2>/dev/null; summary; exit 130' INT TERM
`
  // `@{` stands for bash's `${` (a template literal would read it).
  .replaceAll('@{', '${')
  .split('\n');
