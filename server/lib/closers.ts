/** What a process stops at shutdown (connections, receivers), last registered first. */
export interface Closers {
  add(close: () => Promise<void>): void;
  closeAll(): Promise<void>;
}

export function createClosers(): Closers {
  const closes: (() => Promise<void>)[] = [];
  return {
    add(close) {
      closes.push(close);
    },
    async closeAll() {
      while (closes.length > 0) await closes.pop()!();
    },
  };
}
