/** A wall address's id (/page/project/:id, /page/model/:id/:i): a positive whole number as written, otherwise 0 (none). */
export function wallId(text: string | undefined): number {
  return text && /^[1-9]\d{0,9}$/.test(text) ? Number(text) : 0;
}
