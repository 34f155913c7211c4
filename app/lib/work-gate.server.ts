import { limitMessages } from "./messages";

/**
 * Thrown when a gate's queue is full: the shop is busy with expensive work, and the request is answered 503
 * with Retry-After (app/entry.server.tsx) instead of waiting in a line that only grows.
 */
export class ServiceBusyError extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super(limitMessages.busy);
    this.name = "ServiceBusyError";
  }
}

export type WorkGate = {
  /** Runs `work` when a slot is free; throws ServiceBusyError at once when `maxQueued` are already waiting. */
  run<T>(work: () => Promise<T>): Promise<T>;
  /** Work running and waiting now (for tests and logs). */
  load(): { running: number; queued: number };
};

/**
 * A gate in front of expensive work (a password hash costs 128 MiB and a core for a third of a second): at
 * most `concurrency` at once, at most `maxQueued` waiting, first come first served.
 */
export function createWorkGate({
  concurrency,
  maxQueued,
  retryAfterSeconds = 2,
}: {
  concurrency: number;
  maxQueued: number;
  retryAfterSeconds?: number;
}): WorkGate {
  let running = 0;
  const waiting: Array<() => void> = [];

  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  };

  return {
    async run(work) {
      if (running >= concurrency) {
        if (waiting.length >= maxQueued) throw new ServiceBusyError(retryAfterSeconds);
        // The slot is handed over by release(), so `running` stays counted for the waiter.
        await new Promise<void>((resolve) => waiting.push(resolve));
      } else {
        running += 1;
      }
      try {
        return await work();
      } finally {
        release();
      }
    },
    load: () => ({ running, queued: waiting.length }),
  };
}
