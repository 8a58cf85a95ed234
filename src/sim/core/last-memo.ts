/**
 * `lastMemo(fn)`: `fn`, a pure function of a string, remembering its last argument and result.
 * For a periodic writer that compares what it writes now with what it wrote last time through the
 * same function (the cluster-autoscaler's status ConfigMap every 10 s): the text stored last time
 * is the argument of the previous call, so its result is not computed again. Derived, never state:
 * any other argument is computed as if there were no memo.
 */
export function lastMemo(fn: (s: string) => string): (s: string) => string {
  let lastArg: string | undefined;
  let lastResult = '';
  return (s) => {
    if (s !== lastArg) {
      lastResult = fn(s);
      lastArg = s;
    }
    return lastResult;
  };
}
