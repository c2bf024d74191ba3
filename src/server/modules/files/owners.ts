import type { FileOwnerType } from '@shared/contracts/file';

/**
 * Who may read and write the files of each kind of record.
 *  - read: the permission that lets a user see the owning record (its `#info`); the file follows it.
 *  - write: permissions that let a user upload a file for such a record (its save or update).
 *  - table: the owning table, so the cleanup can find files whose record is gone.
 *  - projectOf: SQL giving the record's project, so a project visitor can see the pictures of
 *    the one public project their password opened (DOMAIN.md §6).
 */
export interface OwnerRule {
  table: string;
  read: string;
  write: string[];
  projectOf?: string;
}

const crud = (menuCode: string, table: string, projectOf?: string): OwnerRule => ({
  table,
  read: `${menuCode}#info`,
  write: [`${menuCode}#save`, `${menuCode}#update`],
  projectOf,
});

export const OWNER_RULES: Record<FileOwnerType, OwnerRule> = {
  fall_project: crud('fall-project', 'fall_project', 'SELECT id AS project_id FROM fall_project WHERE id = $1'),
  fall_project_intro: {
    ...crud('fall-project', 'fall_project_intro', 'SELECT project_id FROM fall_project_intro WHERE id = $1'),
    write: ['fall-project#update'],
  },
  fall_device: crud('fall-device', 'fall_device'),
  fall_eq_info: crud('fall-eqinfo', 'fall_eq_info'),
  fall_order: crud('fall-order', 'fall_order'),
  fall_report: crud('fall-report', 'fall_report'),
  fall_train: crud('fall-train', 'fall_train'),
  fall_draw: crud('fall-draw', 'fall_draw', 'SELECT project_id FROM fall_draw WHERE id = $1'),
  fall_monitor: crud('fall-monitor', 'fall_monitor'),
  sys_content: crud('sys-content', 'sys_content'),
  sys_xmlx: { ...crud('sys-xmlx', 'sys_xmlx'), write: ['sys-xmlx#save', 'sys-xmlx#update', 'sys-xmlx#upload'] },
  app_user: crud('app-user', 'app_user'),
};

/** Upload without an owner kind: the general file screens (oss/oss, oss/oss-upload). */
export const GENERAL_UPLOAD = ['oss-file#upload', 'oss-upload#upload'];
/**
 * Unowned files (uploads not attached to a record yet, files of the general file screens) are
 * readable by their uploader and by file administrators: whoever holds both the file list (every
 * file's name) and its download. `oss-file#download` alone, which the viewer role holds for the
 * files of records it may see, no longer opens other users' unattached uploads (issue 14).
 */
export const GENERAL_DOWNLOAD = ['oss-file#list', 'oss-file#download'] as const;
