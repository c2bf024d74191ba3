import type { AppInstance } from '../../app-instance';
import { filesRoutes } from './files.routes';
import './files.jobs';

export { purgeOrphanFiles, attachFiles, replaceFiles, releaseFiles, storeFile, describeFile, storageOf, storageOfFile, storageOfConfig } from './files.service';
export { fileWrites, type FileWrites, type FileWritesOptions } from './file-writes';
export { fileProjectSql } from './owners';

/** The file service every module's file fields use (upload, download, thumbnails). */
export async function filesModule(app: AppInstance): Promise<void> {
  await filesRoutes(app);
}
