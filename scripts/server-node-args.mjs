/**
 * How node runs the server (`npm start`, the benchmarks): through the TypeScript loader, with V8's
 * own young generation. Holding it to 4 MB semi-spaces saved some 24 MB of RSS but cost the order
 * list a sixth of its throughput and its p99 on PostgreSQL (quiet machine, 50 connections, two
 * runs each: 1,088–1,297 req/s and p99 89–102 ms with 4 MB; 1,364–1,395 req/s and p99 66–76 ms
 * with V8's default), so the memory is found elsewhere.
 */
export const SERVER_NODE_ARGS = ['--import', 'tsx'];
