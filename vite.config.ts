import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';

const alias = {
  '@shared': fileURLToPath(new URL('./src/shared', import.meta.url)),
  '@client': fileURLToPath(new URL('./src/client', import.meta.url)),
  '@server': fileURLToPath(new URL('./src/server', import.meta.url)),
};

const apiTarget = process.env.API_TARGET ?? 'http://127.0.0.1:8080';

/**
 * Vendor groups that several routes share, each its own long-cached chunk: the wall and the
 * back-office dashboard fetch the same ECharts file, the wall and the project screens the same
 * Leaflet file, and neither drags in the other's screen code (left to itself the bundler merged
 * ECharts into a wall module's chunk, so the dashboard downloaded wall code). Only packages a route
 * uses as a whole are grouped; Mantine stays split per component so the login gets only its pieces.
 */
const vendorGroups = [
  { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|cookie|set-cookie-parser)[\\/]/, priority: 30 },
  { name: 'echarts', test: /node_modules[\\/](echarts|zrender|echarts-for-react|size-sensor)[\\/]/, priority: 20 },
  { name: 'leaflet', test: /node_modules[\\/](leaflet|react-leaflet|@react-leaflet[\\/]core)[\\/]/, priority: 20 },
  { name: 'i18n', test: /node_modules[\\/](i18next|react-i18next|html-parse-stringify|void-elements)[\\/]/, priority: 20 },
  { name: 'query', test: /node_modules[\\/]@tanstack[\\/](query-core|react-query)[\\/]/, priority: 20 },
  // Small helpers ECharts shares with Mantine and the forms: their own chunk, so a group above never
  // takes them in as its dependencies (which made the login fetch ECharts for tslib).
  { name: 'helpers', test: /node_modules[\\/](tslib|fast-deep-equal)[\\/]/, priority: 40 },
];

/**
 * Writes x.br and x.gz beside every text file of the build, compressed once at the highest levels,
 * so the server (@fastify/static preCompressed) sends them without compressing on each request.
 */
function precompress(): Plugin {
  let outDir = '';
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)]));
  return {
    name: 'cascade-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      for (const file of walk(outDir)) {
        if (!/\.(js|mjs|css|html|json|svg|txt|map)$/.test(file) || statSync(file).size < 1024) continue;
        const data = readFileSync(file);
        writeFileSync(`${file}.br`, brotliCompressSync(data, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: data.length } }));
        writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
      }
    },
  };
}

export default defineConfig({
  plugins: [react(), precompress()],
  resolve: { alias },
  base: './',
  server: {
    port: 5173,
    proxy: {
      '/api': { target: apiTarget, changeOrigin: true },
      '/config.js': { target: apiTarget, changeOrigin: true },
    },
  },
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    // dist/client/.vite/manifest.json: which chunks each screen needs (bundle analysis, budgets).
    manifest: true,
    // The one chunk above this is the full Tabler icon set of the menu screen's icon picker, loaded
    // only when that picker opens (never by the login, the wall or the back-office shell).
    chunkSizeWarningLimit: 2500,
    rolldownOptions: {
      output: {
        codeSplitting: { groups: vendorGroups },
      },
    },
  },
});
