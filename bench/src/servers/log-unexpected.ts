let stopping = false;

/** Requests still queued when the benchmark stops a server fail on its closed store: not news. */
export const logUnexpected = (error: unknown): void => {
  if (!stopping) console.error(error);
};

/** Called on SIGTERM, before the store closes. */
export const markStopping = (): void => {
  stopping = true;
};
