import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import AWSAccount from 's3rver/lib/models/account';

/**
 * A real S3-protocol server (s3rver) on loopback, on a free port, keeping its objects in a temporary
 * folder that goes with it. It knows the access keys below (and its dummy account's S3RVER) and
 * refuses any other key id; it does not verify version-4 signatures, so a wrong secret with a known
 * key id goes through (the tests use an unknown key id for "wrong keys").
 */
export const S3_TEST_KEYS = { accessKeyId: 'cascade-test', secretAccessKey: 'cascade-test-secret-8f3a' };

export interface TestS3 {
  endpoint: string;
  /** A bucket that exists. */
  bucket: string;
  /** The settings of an S3 configuration (oss/oss-config) for that bucket, secret included. */
  settings: { endpoint: string; bucket: string; region: string; accessKeyId: string; secretAccessKey: string; forcePathStyle: boolean };
  close(): Promise<void>;
}

export async function startS3(buckets = ['cascade-files']): Promise<TestS3> {
  const directory = await mkdtemp(path.join(tmpdir(), 'cascade-s3-'));
  AWSAccount.DUMMY_ACCOUNT.createKeyPair(S3_TEST_KEYS.accessKeyId, S3_TEST_KEYS.secretAccessKey);
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: buckets.map((name) => ({ name })) });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket: buckets[0],
    settings: { endpoint, bucket: buckets[0], region: 'us-east-1', ...S3_TEST_KEYS, forcePathStyle: true },
    async close() {
      // Clients keep their sockets alive; close them so the server can stop.
      server.httpServer?.closeAllConnections();
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
