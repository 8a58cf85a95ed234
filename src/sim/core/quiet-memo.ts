/**
 * Notes that a periodic pass over one entity (a node) changed nothing and would change nothing
 * again while its inputs are the very same objects and the simulated time is before `until`: the
 * next pass may then be skipped. Inputs are compared by identity, which is sound for stored API
 * objects (never mutated, core/engine.ts) and for state records a pass replaces rather than
 * mutates. Notes hang off an `owner` object of the state (a restore brings new owners, hence no
 * notes). Derived, not state: a snapshot never carries them. A note may carry what the pass
 * found (`value`), for a pass that also counts.
 */
export class QuietMemo<V = undefined> {
  private readonly notes = new WeakMap<
    object,
    Map<string, { inputs: readonly unknown[]; until: number; value: V | undefined; own?: boolean }>
  >();

  /** The note of the last pass over `key` if it was quiet with these same inputs and `now` is before its end. */
  recall(owner: object, key: string, inputs: readonly unknown[], now: number): { value: V | undefined } | undefined {
    const n = this.notes.get(owner)?.get(key);
    if (!n || now >= n.until || n.inputs.length !== inputs.length) return undefined;
    for (let i = 0; i < inputs.length; i++) if (n.inputs[i] !== inputs[i]) return undefined;
    return n;
  }

  /** The last pass over `key` was noted quiet with these same inputs, and `now` is before its end. */
  isQuiet(owner: object, key: string, inputs: readonly unknown[], now: number): boolean {
    return this.recall(owner, key, inputs, now) !== undefined;
  }

  /** A pass over `key` left it in a state that the same inputs leave unchanged until `until`. */
  note(owner: object, key: string, inputs: readonly unknown[], until: number, value?: V): void {
    let m = this.notes.get(owner);
    if (!m) {
      m = new Map();
      this.notes.set(owner, m);
    }
    m.set(key, { inputs, until, value });
  }

  /**
   * `recall` with four inputs passed one by one: a pass over every node every 5 s (the
   * node-lifecycle controller's) made an array per node and pass only to compare it.
   */
  recall4(
    owner: object,
    key: string,
    a: unknown,
    b: unknown,
    c: unknown,
    d: unknown,
    now: number,
  ): { value: V | undefined } | undefined {
    const n = this.notes.get(owner)?.get(key);
    if (!n || now >= n.until || n.inputs.length !== 4) return undefined;
    const i = n.inputs;
    return i[0] === a && i[1] === b && i[2] === c && i[3] === d ? n : undefined;
  }

  /**
   * The note of the last pass over `key` whatever its inputs and end: for a pass that knows what
   * one changed input does (a renewed Lease), to take that step alone. Read only.
   */
  peek(
    owner: object,
    key: string,
  ): Readonly<{ inputs: readonly unknown[]; until: number; value: V | undefined }> | undefined {
    return this.notes.get(owner)?.get(key);
  }

  /** `note` with four inputs; the note of `key`, if any, is rewritten in place (no new objects). */
  note4(owner: object, key: string, a: unknown, b: unknown, c: unknown, d: unknown, until: number, value?: V): void {
    let m = this.notes.get(owner);
    if (!m) {
      m = new Map();
      this.notes.set(owner, m);
    }
    const n = m.get(key);
    // A note's inputs array is its own (note4 made it): it may be rewritten.
    if (n?.own) {
      const i = n.inputs as unknown[];
      i[0] = a;
      i[1] = b;
      i[2] = c;
      i[3] = d;
      n.until = until;
      n.value = value;
    } else m.set(key, { inputs: [a, b, c, d], until, value, own: true });
  }

  /** The last pass over `key` was not quiet. */
  forget(owner: object, key: string): void {
    this.notes.get(owner)?.delete(key);
  }
}
