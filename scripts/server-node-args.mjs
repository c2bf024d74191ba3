/**
 * How node runs the server (`npm start`, the benchmarks): through the TypeScript loader, with V8's
 * young generation held to 4 MB semi-spaces instead of 16 MB (the server's idle memory).
 * The server's objects mostly live long (caches, the first-frame renderer, the database's prepared
 * statements); the short-lived ones of a request are collected a little more often, each time in
 * less, and the process stays some 24 MB smaller.
 */
export const SERVER_NODE_ARGS = ['--max-semi-space-size=4', '--import', 'tsx'];
