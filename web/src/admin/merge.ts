import type { Contribution, ManualContributor } from '../../../src/shared/manual-contributions.js';

type Contributors = Record<string, ManualContributor>;

/** JSON with sorted keys: equal values (whatever their key order) give equal text. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** Whether two values are equal as JSON, whatever their keys' order. */
export const sameValue = (a: unknown, b: unknown): boolean => canonical(a) === canonical(b);
const equal = sameValue;
const own = (map: Contributors, name: string): ManualContributor | undefined => (Object.hasOwn(map, name) ? map[name] : undefined);
const EMPTY: ManualContributor = { contributions: [] };

/** Items of `from` not matched (by value, one for one) in `minus`, with their index in `from`. */
function multisetMinus(from: readonly Contribution[], minus: readonly Contribution[]): { item: Contribution; index: number }[] {
  const left = minus.map(canonical);
  const out: { item: Contribution; index: number }[] = [];
  from.forEach((item, index) => {
    const at = left.indexOf(canonical(item));
    if (at >= 0) left.splice(at, 1);
    else out.push({ item, index });
  });
  return out;
}

/** Removes one occurrence of `item` from `texts` (canonical texts), saying whether there was one. */
function take(texts: string[], item: Contribution): boolean {
  const at = texts.indexOf(canonical(item));
  if (at >= 0) texts.splice(at, 1);
  return at >= 0;
}

/**
 * Our edit of a contribution that someone else changed or removed meanwhile: saving it as well
 * counted both their version and ours (a contributor's points doubled), so nothing is saved.
 */
export class EditConflict extends Error {
  override name = 'EditConflict';
  constructor(readonly contributor: string, readonly contribution: Contribution, ours: 'edited' | 'deleted' = 'edited') {
    const what = `${contributor}'s contribution of ${contribution.score} point${contribution.score === 1 ? '' : 's'}${contribution.notes ? ` (“${contribution.notes}”)` : ''}`;
    super(ours === 'edited'
      ? `Someone else changed or removed ${what} while you edited it, so your edit was not saved.`
      : `Someone else changed ${what} while you deleted it, so it was not deleted.`);
  }
}

/**
 * Whether they edited the contribution at `index` of `base` in place (as the panel's inline edit
 * does: the list keeps its length, and a contribution that was not there takes its place).
 */
function editedInPlace(base: readonly Contribution[], theirs: readonly Contribution[], index: number): boolean {
  const now = theirs[index];
  return base.length === theirs.length && now !== undefined && !base.some((c) => equal(c, now));
}

/**
 * `theirs` with our change of one contributor (`base` -> `ours`) applied: the contributions we
 * removed are removed (one occurrence each, by value), those we added are added (an edited one in
 * the place of the one it replaced), and the other fields we changed take our value. A removal or
 * an addition they made too is applied once, as a three-way merge does: a save tried again after
 * its first try reached GitHub must not add the contribution twice.
 */
function applyChange(base: ManualContributor, ours: ManualContributor, theirs: ManualContributor, name: string, wholeDeleted = false): ManualContributor {
  const removed = multisetMinus(base.contributions, ours.contributions);
  const added = multisetMinus(ours.contributions, base.contributions);
  const theyRemoved = multisetMinus(base.contributions, theirs.contributions).map(({ item }) => canonical(item));
  const theyAdded = multisetMinus(theirs.contributions, base.contributions).map(({ item }) => canonical(item));
  const result: (Contribution | null)[] = [...theirs.contributions];
  const slots = new Map<number, number>(); // index in base -> index in result of the contribution removed
  // An inline edit replaces a contribution in its place: the lists keep their length.
  const edit = base.contributions.length === ours.contributions.length;
  const goneFromTheirs = new Set<number>(); // indexes in base of contributions we and they both removed
  for (const { item, index } of removed) {
    if (take(theyRemoved, item)) {
      // Our deletion of one they edited meanwhile: their version would stay without a word.
      // (Deleting the whole contributor keeps their edit instead, and says so: see mergeContributors.)
      if (!edit && !wholeDeleted && editedInPlace(base.contributions, theirs.contributions, index)) throw new EditConflict(name, item, 'deleted');
      goneFromTheirs.add(index);
      continue;
    }
    const at = result.findIndex((c) => c !== null && equal(c, item));
    if (at >= 0) {
      result[at] = null;
      slots.set(index, at);
    }
  }
  const appended: Contribution[] = [];
  for (const { item, index } of added) {
    if (take(theyAdded, item)) continue;
    // We edited one they edited or removed meanwhile: both versions would count.
    if (edit && goneFromTheirs.has(index)) throw new EditConflict(name, base.contributions[index] as Contribution);
    // An inline edit replaces the contribution at the same place: keep it there.
    const slot = slots.get(index);
    if (slot !== undefined && result[slot] === null && base.contributions.length === ours.contributions.length) {
      result[slot] = item;
      slots.delete(index);
    } else appended.push(item);
  }
  const merged: Record<string, unknown> = { ...theirs };
  const keys = new Set([...Object.keys(base), ...Object.keys(ours)]);
  keys.delete('contributions');
  for (const key of keys) {
    const b = (base as Record<string, unknown>)[key];
    const o = (ours as Record<string, unknown>)[key];
    if (equal(b, o)) continue;
    if (o === undefined) delete merged[key];
    else merged[key] = o;
  }
  merged.contributions = [...result.filter((c): c is Contribution => c !== null), ...appended];
  return merged as ManualContributor;
}

/**
 * Three-way merge of the manual contributors: `base` is what the admin read, `ours` their edit of
 * it, `theirs` what the file holds now (someone else saved in between). Per contributor: unchanged
 * by us, theirs; changed by us and not by them, ours; deleted by us, deleted (but for contributions
 * they added meanwhile, which are kept); changed by both, our
 * added and removed contributions and changed fields applied onto theirs. Pure. Throws
 * {@link EditConflict} when we edited a contribution they changed or removed, or deleted one they edited.
 */
export function mergeContributors(base: Contributors, ours: Contributors, theirs: Contributors): Contributors {
  const out: Contributors = {};
  const set = (name: string, record: ManualContributor) => {
    Object.defineProperty(out, name, { value: record, enumerable: true, writable: true, configurable: true });
  };
  const names = [...Object.keys(theirs), ...Object.keys(ours).filter((n) => !Object.hasOwn(theirs, n))];
  for (const name of names) {
    const b = own(base, name);
    const o = own(ours, name);
    const t = own(theirs, name);
    if (equal(b, o)) {
      if (t) set(name, t);
    } else if (!o) {
      // Deleted by us: the contributions we read go; any someone else added meanwhile stay.
      const left = t && b && !equal(b, t) ? applyChange(b, { ...b, contributions: [] }, t, name, true) : null;
      if (left && left.contributions.length > 0) set(name, left);
    } else if (equal(b, t)) {
      set(name, o);
    } else {
      set(name, applyChange(b ?? EMPTY, o, t ?? EMPTY, name));
    }
  }
  return out;
}

/**
 * Whether `now` already holds our change of `base` into `ours`: applying it again changes nothing.
 * A save whose answer was lost on the way back may have gone through; saving it again from the
 * file as it is now (which holds it) would make it twice.
 */
export function holdsChange(base: Contributors, ours: Contributors, now: Contributors): boolean {
  if (equal(base, ours)) return false;
  try {
    return equal(mergeContributors(base, ours, now), now);
  } catch (err) {
    if (err instanceof EditConflict) return false;
    throw err;
  }
}
