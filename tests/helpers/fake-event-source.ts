/**
 * An EventSource a client test drives (installed with vi.stubGlobal('EventSource', FakeEventSource)):
 * `emit('hello')` opens it as the server's first event does, `onerror` while not closed is the
 * browser reconnecting; `last` is the one the code under test opened most recently.
 */
export class FakeEventSource {
  static CLOSED = 2;
  static last: FakeEventSource | null = null;
  readyState = 1;
  handlers = new Map<string, ((e: MessageEvent) => void)[]>();
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  constructor(public url: string) {
    FakeEventSource.last = this;
  }
  addEventListener(type: string, fn: (e: MessageEvent) => void) {
    this.handlers.set(type, [...(this.handlers.get(type) ?? []), fn]);
  }
  emit(type: string, data: unknown = {}) {
    for (const fn of this.handlers.get(type) ?? []) fn({ data: JSON.stringify(data) } as MessageEvent);
  }
  close() {
    this.readyState = 2;
  }
}
