let post: ((run: () => void) => void) | undefined;

/**
 * Runs `run` in a task after the current one: a message to ourselves, which (unlike a timer) is
 * never delayed. The browser may paint and handle input between the two (ADR 89).
 */
export function inNextTask(run: () => void): void {
  if (!post) {
    if (typeof MessageChannel !== 'function') post = (then) => setTimeout(then, 0);
    else {
      const channel = new MessageChannel();
      const queue: (() => void)[] = [];
      channel.port1.onmessage = () => queue.shift()?.();
      post = (then) => {
        queue.push(then);
        channel.port2.postMessage(null);
      };
    }
  }
  post(run);
}
