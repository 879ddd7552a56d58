// Owns the shape of a background task: its name, the schema of its payload and the function that runs it.
import type { JobHelpers, Task } from 'graphile-worker';
import type { z } from 'zod';

export interface JobTask<Name extends string, Payload extends z.ZodType> {
  /** The graphile-worker task identifier, `<area>.<action>` (e.g. `maintenance.purge-expired`). */
  readonly name: Name;
  /** Validates the stored payload before the task runs, so a malformed job fails loudly instead of half-working. */
  readonly payload: Payload;
  run(payload: z.output<Payload>, helpers: JobHelpers): Promise<void>;
}

/** Declares a task; the const type parameter keeps its literal name so `enqueueJob` can type-check payloads. */
export function defineTask<const Name extends string, Payload extends z.ZodType>(
  task: JobTask<Name, Payload>,
): JobTask<Name, Payload> {
  return task;
}

/** Adapts a task to graphile-worker's executor signature (unknown payload in, validated payload to `run`). */
export function toGraphileTask<Name extends string, Payload extends z.ZodType>(
  task: JobTask<Name, Payload>,
): Task {
  return async (payload, helpers) => {
    await task.run(task.payload.parse(payload ?? {}), helpers);
  };
}
