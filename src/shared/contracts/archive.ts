import { z } from 'zod';

/**
 * Archive, not delete (issue 13): projects, equipment and detection boards with history are
 * archived by their delete call and restored by an administrator (docs/invariants.md).
 */

/** List query field: true shows archived rows beside live ones (needs `<code>#restore`). */
export const archivedQueryField = z.boolean().optional();

/** Columns every archivable row carries; `archivedAt` null = live. */
export interface ArchivedColumns {
  archivedAt: string | null;
  archivedBy: number | null;
}

/** What a delete call did: rows without history deleted, rows with history archived. */
export interface ArchiveOutcome {
  deleted: number;
  archived: number;
}

export interface RestoreOutcome {
  restored: number;
}
