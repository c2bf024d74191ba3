import type { FileOwnerType } from '@shared/contracts/file';
import { RESOURCES, type Resource } from '@shared/resources';

/**
 * Who may read and write the files of each kind of record.
 *  - read: the permission that lets a user see the owning record (its `#info`); the file follows it.
 *  - write: permissions that let a user upload a file for such a record (its save or update).
 *  - table: the owning table, so the cleanup can find files whose record is gone.
 *  - projectOf: SQL giving the record's project, so a project visitor can see the pictures of
 *    the one public project their password opened (docs/domain.md §6).
 */
export interface OwnerRule {
  table: string;
  read: string;
  write: string[];
  projectOf?: string;
  /**
   * SQL giving the record's project for the caller's data scope (lib/data-scope.ts): a file of a
   * record in a project outside it is not read. `projectOf` when not given; none: files of records
   * without a project.
   */
  scopeProject?: string;
}

/** A record kind whose files follow its resource's rights: read with `#info`, written with `#save` or `#update`. */
const crud = (resource: Resource, table: string, projectOf?: string): OwnerRule => ({
  table,
  read: `${resource.code}#info`,
  write: [`${resource.code}#save`, `${resource.code}#update`],
  projectOf,
});

const R = RESOURCES;
/** One rule per kind of owner; which resource owns which kind is declared in the registry (`fileOwners`). */
export const OWNER_RULES: Record<FileOwnerType, OwnerRule> = {
  fall_project: crud(R.project, 'fall_project', 'SELECT id AS project_id FROM fall_project WHERE id = $1'),
  fall_project_intro: {
    ...crud(R.project, 'fall_project_intro', 'SELECT project_id FROM fall_project_intro WHERE id = $1'),
    write: [`${R.project.code}#update`],
  },
  fall_device: crud(R.device, 'fall_device'),
  fall_eq_info: { ...crud(R.equipment, 'fall_eq_info'), scopeProject: 'SELECT project_id FROM fall_eq_info WHERE id = $1' },
  fall_order: { ...crud(R.order, 'fall_order'), scopeProject: 'SELECT project_id FROM fall_order WHERE id = $1' },
  fall_report: { ...crud(R.report, 'fall_report'), scopeProject: 'SELECT o.project_id FROM fall_report r JOIN fall_order o ON o.id = r.order_id WHERE r.id = $1' },
  fall_train: { ...crud(R.training, 'fall_train'), scopeProject: 'SELECT project_id FROM fall_train WHERE id = $1' },
  fall_draw: crud(R.drawing, 'fall_draw', 'SELECT project_id FROM fall_draw WHERE id = $1'),
  fall_monitor: { ...crud(R.monitor, 'fall_monitor'), scopeProject: 'SELECT project_id FROM fall_monitor WHERE id = $1' },
  sys_content: crud(R.content, 'sys_content'),
  sys_xmlx: { ...crud(R.projectType, 'sys_xmlx'), write: ['save', 'update', 'upload'].map((a) => `${R.projectType.code}#${a}`) },
  app_user: crud(R.customer, 'app_user'),
};

/** Upload without an owner kind: the general file screens (oss/oss, oss/oss-upload). */
export const GENERAL_UPLOAD = ['oss-file#upload', 'oss-upload#upload'];
/**
 * Unowned files (uploads not attached to a record yet, files of the general file screens) are
 * readable by their uploader and by file administrators: whoever holds both the file list (every
 * file's name) and its download. `oss-file#download` alone, which the viewer role holds for the
 * files of records it may see, no longer opens other users' unattached uploads (a viewer could download them).
 */
export const GENERAL_DOWNLOAD = ['oss-file#list', 'oss-file#download'] as const;

/**
 * SQL giving the project of the record a file (a row of `file`, an `oss_file` alias) belongs to, for
 * the caller's data scope: NULL for a file of a record with no project (a device model's handbook, a
 * content page's image) or of none yet (an unattached upload), which every scope keeps.
 */
export function fileProjectSql(file: string): string {
  const whens = Object.entries(OWNER_RULES).flatMap(([type, rule]) => {
    const project = rule.scopeProject ?? rule.projectOf;
    return project ? [`WHEN '${type}' THEN (${project.replaceAll('$1', `${file}."owner_id"`)})`] : [];
  });
  return `(CASE ${file}."owner_type" ${whens.join(' ')} END)`;
}
