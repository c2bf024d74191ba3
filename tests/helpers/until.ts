/**
 * Waits for `check` to give a value (anything but undefined or false), asking every 100 ms; fails
 * after `ms` naming `what`. For tests that wait on another process (a broker, a database listener)
 * or on work the server does after its answer. The default limit is one only a hang reaches.
 */
export async function until<T>(check: () => Promise<T | undefined | false> | T | undefined | false, ms = 120_000, what = 'condition'): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
