/**
 * Saves a file answer (an export) the way a browser download does: named by its
 * Content-Disposition (RFC 5987 `filename*` first), `fallbackName` when it names none. Returns the
 * name. Where there are no object URLs (tests in jsdom) nothing is saved, the name still returned.
 */
export async function saveResponse(response: Response, fallbackName: string): Promise<string> {
  const disposition = response.headers.get('Content-Disposition') ?? '';
  const named = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(disposition)?.[1];
  const name = named ? decodeURIComponent(named) : fallbackName;
  const blob = await response.blob();
  if (typeof URL.createObjectURL !== 'function') return name;
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  URL.revokeObjectURL(url);
  return name;
}
