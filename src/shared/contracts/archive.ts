import { z } from 'zod';
import { instantText } from './common';

/**
 * Archive, not delete (docs/invariants.md "Archive and delete"): projects, equipment and detection boards with history are
 * archived by their delete call and restored by an administrator (docs/invariants.md).
 */

/** List query field: true shows archived rows beside live ones (needs `<code>#restore`). */
export const archivedQueryField = z.boolean().optional();

/** Columns every archivable row carries; `archivedAt` null = live. */
export const archivedColumnsShape = {
  archivedAt: instantText().nullable(),
  archivedBy: z.number().nullable(),
};
export type ArchivedColumns = z.output<z.ZodObject<typeof archivedColumnsShape>>;

/** What a delete call did: rows without history deleted, rows with history archived. */
export const archiveOutcomeSchema = z.object({ deleted: z.number(), archived: z.number() });
export type ArchiveOutcome = z.output<typeof archiveOutcomeSchema>;

export const restoreOutcomeSchema = z.object({ restored: z.number() });
export type RestoreOutcome = z.output<typeof restoreOutcomeSchema>;
