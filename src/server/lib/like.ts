/**
 * User text inside a LIKE / ILIKE pattern: `\`, `%` and `_` stand for themselves (PostgreSQL's
 * default escape character is the backslash), so a search for "50%" finds "50%" and not "50…".
 */
export const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (c) => '\\' + c);

/** The pattern "contains this text" (`%text%`), the text escaped. */
export const containsPattern = (text: string): string => `%${escapeLike(text)}%`;
