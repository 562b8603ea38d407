/** An IntersectionObserver whose entries the test decides: `FakeIntersectionObserver.show(element)`. */
export class FakeIntersectionObserver {
  static instances: FakeIntersectionObserver[] = [];
  readonly observed = new Set<Element>();

  constructor(private readonly callback: IntersectionObserverCallback) {
    FakeIntersectionObserver.instances.push(this);
  }

  observe(element: Element) {
    this.observed.add(element);
  }

  unobserve(element: Element) {
    this.observed.delete(element);
  }

  disconnect() {
    this.observed.clear();
  }

  takeRecords() {
    return [];
  }

  /** Reports the elements as on screen to every observer watching them. */
  static show(...elements: Element[]) {
    for (const observer of FakeIntersectionObserver.instances) {
      const entries = elements
        .filter((element) => observer.observed.has(element))
        .map(
          (target) => ({ target, isIntersecting: true, intersectionRatio: 1 }) as IntersectionObserverEntry,
        );
      if (entries.length) observer.callback(entries, observer as unknown as IntersectionObserver);
    }
  }

  static reset() {
    FakeIntersectionObserver.instances = [];
  }
}
