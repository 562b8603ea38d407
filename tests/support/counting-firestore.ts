/**
 * The Admin SDK's Firestore with a meter on it: every document a query, a `get`, a transaction or
 * a count returns is counted as Firestore bills it (a query that finds nothing costs one read, a
 * count one per 1,000 entries, taken here as one). The code under test is handed the wrapped
 * instance and does not know it is measured.
 *
 *   const { db: metered, meter } = countingFirestore(db);
 *   meter.reset(); await sweepUndeliveredEnquiries({ ...deps, db: metered }, 'run'); meter.reads;
 */
import { DocumentSnapshot, QuerySnapshot, type Firestore } from 'firebase-admin/firestore';

export type ReadMeter = { readonly reads: number; reset(): void };

/** Methods that return another reference or query, which must be metered too. */
const BUILDERS = new Set([
  'collection',
  'doc',
  'where',
  'orderBy',
  'limit',
  'limitToLast',
  'offset',
  'select',
  'startAt',
  'startAfter',
  'endAt',
  'endBefore',
  'count',
]);

function readsIn(result: unknown): number {
  if (result instanceof QuerySnapshot) return Math.max(1, result.size);
  if (result instanceof DocumentSnapshot) return 1;
  // The count's snapshot class is not exported: recognise it by its name.
  if (result !== null && typeof result === 'object' && result.constructor.name === 'AggregateQuerySnapshot')
    return 1;
  if (Array.isArray(result)) return result.filter((item) => item instanceof DocumentSnapshot).length;
  return 0;
}

export function countingFirestore(db: Firestore): { db: Firestore; meter: ReadMeter } {
  let reads = 0;
  const wrap = <T extends object>(target: T): T =>
    new Proxy(target, {
      get(object, property) {
        const value: unknown = Reflect.get(object, property, object);
        if (typeof value !== 'function') return value;
        const method = value as (...args: unknown[]) => unknown;
        if (property === 'get' || property === 'getAll') {
          return async (...args: unknown[]) => {
            const result = await method.apply(object, args);
            reads += readsIn(result);
            return result;
          };
        }
        if (property === 'runTransaction') {
          return (update: (transaction: object) => unknown, options?: unknown) =>
            method.call(object, (transaction: object) => update(wrap(transaction)), options);
        }
        if (typeof property === 'string' && BUILDERS.has(property)) {
          return (...args: unknown[]) => wrap(method.apply(object, args) as object);
        }
        return method.bind(object);
      },
    });
  return {
    db: wrap(db),
    meter: {
      get reads() {
        return reads;
      },
      reset() {
        reads = 0;
      },
    },
  };
}
