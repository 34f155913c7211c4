import { describe, expect, it, vi } from "vitest";
import { createWorkGate, ServiceBusyError } from "./work-gate.server";

function deferred() {
  let resolve = () => {};
  const promise = new Promise<void>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

describe("createWorkGate", () => {
  it("runs at most `concurrency` jobs at once and queues the next ones in order", async () => {
    const gate = createWorkGate({ concurrency: 2, maxQueued: 5 });
    const started: number[] = [];
    const blockers = [deferred(), deferred(), deferred(), deferred()];
    const jobs = blockers.map((blocker, i) =>
      gate.run(async () => {
        started.push(i);
        await blocker.promise;
        return i;
      }),
    );
    await Promise.resolve();
    expect(started).toEqual([0, 1]);
    expect(gate.load()).toEqual({ running: 2, queued: 2 });
    blockers[0]?.resolve();
    await jobs[0];
    // The first queued job takes the slot the finished one left.
    await vi.waitFor(() => expect(started).toEqual([0, 1, 2]));
    for (const blocker of blockers) blocker.resolve();
    expect(await Promise.all(jobs)).toEqual([0, 1, 2, 3]);
    expect(gate.load()).toEqual({ running: 0, queued: 0 });
  });

  it("refuses at once with ServiceBusyError when the queue is full", async () => {
    const gate = createWorkGate({ concurrency: 1, maxQueued: 1, retryAfterSeconds: 3 });
    const blocker = deferred();
    const first = gate.run(() => blocker.promise);
    const second = gate.run(async () => "queued");
    const third = gate.run(async () => "refused");
    await expect(third).rejects.toBeInstanceOf(ServiceBusyError);
    await expect(third).rejects.toMatchObject({ retryAfterSeconds: 3 });
    blocker.resolve();
    await first;
    expect(await second).toBe("queued");
  });

  it("frees the slot when the work fails", async () => {
    const gate = createWorkGate({ concurrency: 1, maxQueued: 0 });
    await expect(gate.run(() => Promise.reject(new Error("boom")))).rejects.toThrow("boom");
    expect(await gate.run(async () => "next")).toBe("next");
  });
});
