/**
 * A mistake in how a screen is declared (bad table mode, grid columns, icon theme, tree without row
 * key). Thrown at render time so it fails loudly in development and in tests, never shown to users.
 */
export class DeveloperError extends Error {
  constructor(message: string) {
    super(`[kit] ${message}`);
    this.name = 'DeveloperError';
  }
}
