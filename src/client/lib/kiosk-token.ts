/**
 * The display token a kiosk wall address carries (`#/page…?kiosk=1&token=…`), if any. Kept free of
 * imports: the early start of the wall reads it before the app has loaded.
 */
export function kioskTokenOf(hash: string): string | null {
  const query = hash.split('?')[1];
  if (!hash.startsWith('#/page') || !query) return null;
  const params = new URLSearchParams(query);
  const token = params.get('token');
  return params.get('kiosk') === '1' && token ? token : null;
}
