/**
 * A library loaded on its first use rather than with the server: what a server may go its whole life
 * without (a spreadsheet, a thumbnail, a captcha, a Modbus board) stays out of an idle server's
 * memory. The returned function loads it once; every call gets the same promise.
 */
export function onFirstUse<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | null = null;
  return () => (loading ??= load());
}
