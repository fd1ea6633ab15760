/** The part of `BroadcastChannel` the client uses. */
export interface SessionChannelLike {
  postMessage(message: unknown): void;
  addEventListener(type: 'message', listener: (event: { data: unknown }) => void): void;
}

/** Tells the other tabs of the origin that this one signed out, and hears when one of them did. */
export interface SessionChannel {
  signedOut(): void;
  onSignedOut(listener: () => void): void;
}

const SIGNED_OUT = 'gatehouse:signed-out';

/**
 * A `BroadcastChannel` named for the API, where the runtime has one (browsers, Node 18+): in cookie
 * mode each tab holds its own access token in memory, so a logout in one tab must be told to the
 * others for them to drop theirs at once rather than when it expires.
 */
export function sessionChannel(name: string, channel?: SessionChannelLike): SessionChannel {
  const Channel = (globalThis as unknown as { BroadcastChannel?: new (name: string) => SessionChannelLike }).BroadcastChannel;
  const port = channel ?? (Channel ? new Channel(name) : undefined);
  // A Node process must be free to exit with a channel open.
  (port as { unref?: () => void } | undefined)?.unref?.();
  return {
    signedOut: () => port?.postMessage(SIGNED_OUT),
    onSignedOut(listener) {
      port?.addEventListener('message', (event) => {
        if (event.data === SIGNED_OUT) listener();
      });
    },
  };
}
