import type { DataDirListing, DataFilePiece } from './pglite-remote';

/** The part of PGlite's Emscripten file system (`client.mod.FS`) the data folder's reading uses. */
export interface PgliteFs {
  readdir(p: string): string[];
  stat(p: string): { mode: number; size: number };
  isDir(mode: number): boolean;
  isFile(mode: number): boolean;
  open(p: string, flags: string): unknown;
  read(stream: unknown, buffer: Uint8Array, offset: number, length: number, position: number): number;
  close(stream: unknown): void;
}

export const PGDATA: string;
export function listDataFiles(FS: PgliteFs): DataDirListing;
export function readDataFiles(FS: PgliteFs, pieces: DataFilePiece[]): (Uint8Array | null)[];
