/**
 * A scenario's DB across many tool calls, copied on write at most once per
 * object, with each call a transaction that commits or rolls back.
 *
 * Why not one immer `produce` per call: a persistent update copies every
 * object on the path to a change, and the tau2 tables are wide (1000 retail
 * orders, 2000 airline reservations). Per call, immer copies such a table
 * when a tool writes one record of it, again when the next call writes
 * another, and even when a tool only reads a record through the draft; each
 * copy is then frozen. Here an object copied once stays the scenario's own
 * (mutable) copy until `seal()`, reads never copy, and `seal()` freezes only
 * the copies, so the sealed DB shares every untouched object with the DB the
 * workspace opened on, exactly as an immer result does.
 *
 * Drafts are proxies like immer's: tools read and write them as plain JSON.
 * A write to an object the workspace does not own yet copies it (and its
 * parents) first; a write to an owned object made before this transaction is
 * logged so `rollback()` can undo it. Values stored into the DB that hold
 * drafts are unwrapped; new objects stored become the workspace's own.
 *
 * The DB the workspace opens on is never mutated. Between `seal()` calls the
 * workspace's `root` is live: hand it to nothing that keeps it.
 */
import { copyMarks, MARK_KEYS, type MarkKey } from "../json/marks.js";
import { exactOrder, KEY_ORDER, orderAfterAdd, orderAfterDelete } from "../json/py-key-order.js";
import type { JsonObject, JsonValue } from "../json/types.js";
import { restoreWhole, Transaction, type UndoEntry } from "./workspace-undo.js";
import { type Container, isContainer, put, shallowCopy } from "./workspace-values.js";

interface Node {
  readonly ws: Workspace;
  /** The object this draft reads and writes now: shared (not owned yet) or owned. */
  target: Container;
  readonly parent: Node | undefined;
  /** Key in the parent (array indices as strings). */
  readonly key: string;
  readonly proxy: Container;
  /** Drafts made for this object's values, by key; made on first need. */
  children: Map<string, Node> | undefined;
  /** Other places this draft was stored at in this transaction: they follow it when it is copied. */
  alsoAt?: Place[];
  /** The transaction (tool call) the draft was made in: a write through it in any other is refused. */
  readonly txn: object | undefined;
}

/**
 * A write through a DB object a tool kept from an earlier call (a module
 * variable, a cache): in a transaction that object is no longer the DB's, so
 * the write would go nowhere. Refused, so the tool's author learns of it.
 */
export class StaleDraftError extends Error {
  constructor() {
    super("a DB object kept from an earlier call was written; a tool must look its rows up in the db it is given on every call and keep no DB objects between calls");
    this.name = "StaleDraftError";
  }
}

interface Place {
  readonly obj: Container;
  readonly key: string;
}

/**
 * The node of a draft: `draft[NODE]` on the proxy, `dummy[NODE]` on its
 * target. (Properties, not WeakMaps: drafts are made by the thousand and
 * die young, and weak maps make every collection pay for them.)
 */
const NODE = Symbol("workspace node");

function nodeOf(v: unknown): Node | undefined {
  return isContainer(v) ? ((v as { [NODE]?: Node })[NODE] ?? undefined) : undefined;
}

export class Workspace {
  private rootTarget: JsonObject;
  /** Objects this workspace made (copies) or adopted (new values stored into the DB); mutable until `seal()`. */
  private readonly owned = new Set<object>();
  private txn: Transaction<Node> | undefined;

  constructor(db: JsonObject) {
    this.rootTarget = db;
  }

  /** The DB as it stands: the opened DB until the first write, then live. */
  get root(): JsonObject {
    return this.rootTarget;
  }

  get inTransaction(): boolean {
    return this.txn !== undefined;
  }

  /** True when the open transaction has changed the DB (a write, a deletion, a copy made to write). */
  get changed(): boolean {
    const txn = this.txn;
    return txn !== undefined && (txn.log.length > 0 || txn.fresh.size > 0 || txn.rootAtStart !== this.rootTarget);
  }

  /** @internal Refuse a write through a draft made in another transaction (or with none open). */
  checkLive(node: Node): void {
    if (node.txn === undefined || node.txn !== this.txn) throw new StaleDraftError();
  }

  /** Start a transaction; returns the draft of the root. */
  begin(): JsonObject {
    if (this.txn) throw new Error("workspace: a transaction is already open");
    this.txn = new Transaction(this.rootTarget);
    const root = this.makeNode(this.rootTarget, undefined, "");
    return root.proxy as JsonObject;
  }

  /** Keep the transaction's changes. */
  commit(): void {
    const txn = this.requireTxn();
    for (const v of txn.adopted) {
      this.unwrapInside(v);
      // A stored object's mark may predate keys the tool set by hand: later edits append to it, so make it exact.
      const order = Array.isArray(v) ? undefined : exactOrder(v);
      if (order) put(v, KEY_ORDER, order as never);
    }
    // What was stored at a second place, and new values, are frozen when
    // their call ends, as immer does: later writes through one place must not
    // show at the other, and the caller may hold new values too (arguments
    // stored as given) and must never see them change.
    for (const node of txn.stored) this.freezeOwned(node.target);
    for (const v of txn.adopted) this.freezeOwned(v);
    this.txn = undefined;
  }

  /** Undo the transaction's changes. */
  rollback(): void {
    const txn = this.requireTxn();
    for (let i = txn.log.length - 1; i >= 0; i--) {
      const e = txn.log[i] as UndoEntry;
      if (e.kind === "whole") restoreWhole(e.obj, e.saved);
      else if (e.had) put(e.obj, e.key, e.old as JsonValue);
      else delete (e.obj as Record<PropertyKey, JsonValue>)[e.key];
    }
    for (const o of txn.fresh) this.owned.delete(o);
    this.rootTarget = txn.rootAtStart;
    this.txn = undefined;
  }

  /** Freeze what the workspace owns; the root is then a deep-frozen DB. Later writes copy again. */
  seal(): JsonObject {
    if (this.txn) throw new Error("workspace: seal() inside a transaction");
    for (const o of this.owned) Object.freeze(o);
    this.owned.clear();
    return this.rootTarget;
  }

  private requireTxn(): Transaction<Node> {
    if (!this.txn) throw new Error("workspace: no open transaction");
    return this.txn;
  }

  private makeNode(target: Container, parent: Node | undefined, key: string): Node {
    const dummy = (Array.isArray(target) ? [] : {}) as Container & { [NODE]?: Node };
    const proxy = new Proxy(dummy, TRAPS);
    const node: Node = { ws: this, target, parent, key, proxy, children: undefined, txn: this.txn };
    dummy[NODE] = node;
    return node;
  }

  /** @internal The draft already made for `parent.target[key]` in this transaction, if any. */
  draftAt(parent: Node, key: string): Node | undefined {
    return parent.children?.get(key) ?? this.txn?.placed.get(parent.target)?.get(key);
  }

  /** @internal The draft of `parent.target[key]`, made on first read. */
  child(parent: Node, key: string, v: Container): Container {
    const known = this.draftAt(parent, key);
    if (known && known.target === v) return known.proxy;
    const node = this.makeNode(v, parent, key);
    (parent.children ??= new Map()).set(key, node);
    return node.proxy;
  }

  /** @internal Make `node.target` an object this workspace owns, copying it (and its parents) if needed. */
  own(node: Node): void {
    if (this.owned.has(node.target)) return;
    const txn = this.requireTxn();
    const was = node.target;
    const copy = shallowCopy(was);
    this.owned.add(copy);
    txn.fresh.add(copy);
    node.target = copy;
    const parent = node.parent;
    if (!parent) {
      this.rootTarget = copy as JsonObject;
      return;
    }
    this.own(parent);
    // A draft whose place was overwritten meanwhile is detached, as in immer: its copy goes nowhere.
    if ((parent.target as Record<string, JsonValue>)[node.key] === was) this.write(parent.target, node.key, copy);
    for (const at of node.alsoAt ?? []) {
      if ((at.obj as Record<string, JsonValue>)[at.key] === was) this.write(at.obj, at.key, copy);
    }
  }

  /** Freeze an owned object and the owned objects under it; they are shared from then on. */
  private freezeOwned(v: Container): void {
    if (!this.owned.delete(v)) return;
    Object.freeze(v);
    for (const x of Array.isArray(v) ? v : Object.values(v)) if (isContainer(x)) this.freezeOwned(x);
  }

  /** @internal A write into an owned object, logged for rollback unless the object is new in this transaction. */
  write(obj: Container, key: string | MarkKey, v: JsonValue): void {
    this.logBefore(obj, key, false);
    put(obj, key, v);
  }

  /** @internal */
  remove(obj: Container, key: string): void {
    this.logBefore(obj, key, true);
    delete (obj as Record<string, JsonValue>)[key];
  }

  private logBefore(obj: Container, key: string | MarkKey, deleting: boolean): void {
    const txn = this.requireTxn();
    if (txn.fresh.has(obj) || txn.whole.has(obj)) return;
    // Arrays (small, changed by index shuffles) and deletions (which would
    // reorder keys when undone) save the whole object once; other writes a key.
    if (Array.isArray(obj) || deleting) {
      txn.whole.add(obj);
      txn.log.push({ kind: "whole", obj, saved: shallowCopy(obj) });
      return;
    }
    const rec = obj;
    if (!txn.keysLogged.has(obj)) txn.keysLogged.set(obj, new Set());
    const logged = txn.keysLogged.get(obj) as Set<string | MarkKey>;
    if (logged.has(key)) return;
    logged.add(key);
    const had = Object.hasOwn(rec, key);
    txn.log.push({ kind: "key", obj: rec, key, had, old: had ? (rec as Record<PropertyKey, JsonValue>)[key] : undefined });
  }

  /**
   * @internal A value about to be stored at `at`: a draft becomes the object
   * it stands for (and `at` follows it if it is copied later in this
   * transaction); a new object becomes owned.
   */
  adopt(v: JsonValue, at: Place): JsonValue {
    if (!isContainer(v)) return v;
    const node = nodeOf(v);
    // From the other side's DB (sync moves values between them): a plain copy, as new.
    if (node && node.ws !== this) return this.adopt(detachFromWorkspace(v), at);
    if (node) {
      const txn = this.requireTxn();
      (node.alsoAt ??= []).push(at);
      txn.stored.push(node);
      // Read back from that place in this transaction, it is the same draft, as in immer.
      if (!txn.placed.has(at.obj)) txn.placed.set(at.obj, new Map());
      txn.placed.get(at.obj)?.set(at.key, node);
      return node.target;
    }
    if (Object.isFrozen(v) || this.owned.has(v)) return v;
    const txn = this.requireTxn();
    this.owned.add(v);
    txn.fresh.add(v);
    txn.adopted.push(v);
    this.unwrapInside(v);
    return v;
  }

  /** Replace drafts nested in an adopted value (also after the tool went on changing it). */
  private unwrapInside(v: Container): void {
    const entries: [string, JsonValue][] = Array.isArray(v) ? v.map((x, i) => [String(i), x]) : Object.entries(v);
    for (const [k, x] of entries) {
      if (!isContainer(x)) continue;
      const inner = this.adopt(x, { obj: v, key: k });
      if (inner !== x) put(v, k, inner);
    }
  }
}

/** The node behind a proxy's dummy target (traps receive the dummy, not the proxy). */
const nodeAt = (dummy: object): Node => (dummy as { [NODE]: Node })[NODE];

/** A value read from the DB as a tool sees it: objects as drafts. */
function read(node: Node, key: string, v: JsonValue | undefined): unknown {
  return isContainer(v) && Object.hasOwn(node.target, key) ? node.ws.child(node, key, v) : v;
}

const TRAPS: ProxyHandler<Container> = {
  get(dummy, prop) {
    const node = nodeAt(dummy);
    if (prop === NODE) return node;
    const v = (node.target as Record<PropertyKey, unknown>)[prop];
    if (typeof prop === "symbol") return v;
    return read(node, prop, v as JsonValue | undefined);
  },
  set(dummy, prop, value) {
    const node = nodeAt(dummy);
    node.ws.checkLive(node);
    if ((MARK_KEYS as readonly PropertyKey[]).includes(prop)) {
      // Which numbers are floats, the Python key order (json/marks.ts): kept like a key, rolled back like one.
      node.ws.own(node);
      node.ws.write(node.target, prop as MarkKey, value as JsonValue);
      return true;
    }
    if (typeof prop === "symbol") throw new TypeError("workspace drafts hold JSON: no symbol keys");
    // Storing what is already there changes nothing: the same value, or this
    // place's own draft put back (as a sort does). A draft from another place
    // is stored even when it stands for the same object: it is shared from then on.
    const here = Object.hasOwn(node.target, prop) ? (node.target as Record<string, JsonValue>)[prop] : undefined;
    const draft = nodeOf(value);
    if (draft ? draft.target === here && node.ws.draftAt(node, prop) === draft : here !== undefined && Object.is(here, value)) return true;
    node.ws.own(node);
    // A new key goes last, as in a dict: objects JavaScript cannot keep in that order are marked.
    const order = !Object.hasOwn(node.target, prop) && !Array.isArray(node.target) ? orderAfterAdd(node.target, prop) : undefined;
    if (order) node.ws.write(node.target, KEY_ORDER, order as never);
    const stored = node.ws.adopt(value as JsonValue, { obj: node.target, key: prop });
    node.ws.write(node.target, prop, stored);
    node.children?.delete(prop);
    return true;
  },
  deleteProperty(dummy, prop) {
    if (typeof prop === "symbol") throw new TypeError("workspace drafts hold JSON: no symbol keys");
    const node = nodeAt(dummy);
    node.ws.checkLive(node);
    if (!Object.hasOwn(node.target, prop)) return true;
    node.ws.own(node);
    const order = Array.isArray(node.target) ? undefined : orderAfterDelete(node.target, prop);
    node.ws.remove(node.target, prop);
    if (order) node.ws.write(node.target, KEY_ORDER, order as never);
    node.children?.delete(prop);
    return true;
  },
  has(dummy, prop) {
    return prop in nodeAt(dummy).target;
  },
  ownKeys(dummy) {
    return Reflect.ownKeys(nodeAt(dummy).target);
  },
  getOwnPropertyDescriptor(dummy, prop) {
    const node = nodeAt(dummy);
    const desc = Reflect.getOwnPropertyDescriptor(node.target, prop);
    if (!desc) return undefined;
    // An array's length is non-configurable on the dummy too, so it must be reported as such.
    const isLength = Array.isArray(node.target) && prop === "length";
    // The raw value, as immer gives: Object.keys and spreads ask for descriptors of
    // every key, and drafting each value there would cost a proxy per record.
    return { value: desc.value as unknown, writable: true, enumerable: desc.enumerable ?? false, configurable: !isLength };
  },
  defineProperty() {
    throw new TypeError("workspace drafts take plain assignments only");
  },
  setPrototypeOf() {
    throw new TypeError("workspace drafts hold JSON: their prototype is fixed");
  },
  preventExtensions() {
    throw new TypeError("workspace drafts cannot be frozen or sealed; seal the workspace");
  },
};

/** Is `v` a workspace draft? */
export function isWorkspaceDraft(v: unknown): boolean {
  return nodeOf(v) !== undefined;
}

/**
 * A plain value safe to keep after the transaction: frozen objects are
 * shared (they cannot change), drafts and mutable objects are copied.
 */
export function detachFromWorkspace<T extends JsonValue>(v: T): T {
  if (!isContainer(v)) return v;
  const raw = (nodeOf(v)?.target ?? v);
  if (Object.isFrozen(raw)) return raw as T;
  const out: Container = Array.isArray(raw) ? raw.map((x) => detachFromWorkspace(x)) : {};
  if (!Array.isArray(raw)) for (const k of Object.keys(raw)) put(out, k, detachFromWorkspace(raw[k] as JsonValue));
  copyMarks(raw, out);
  return out as T;
}
