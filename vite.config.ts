import { fileURLToPath, URL } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const bffPort = process.env.PORT ?? '8080';

export default defineConfig({
  plugins: [
    // Vitest needs no route generation (and must not rewrite the committed route tree mid-run).
    !process.env.VITEST && tanstackRouter({ target: 'react', autoCodeSplitting: true, routesDirectory: './src/routes', generatedRouteTree: './src/routeTree.gen.ts' }),
    react(),
    tailwindcss(),
  ],
  resolve: {
    alias: {
      '@': fileURLToPath(new URL('./src', import.meta.url)),
      '@contract': fileURLToPath(new URL('./contract', import.meta.url)),
    },
  },
  build: {
    outDir: 'dist/client',
    sourcemap: true,
    target: 'es2022',
  },
  server: {
    port: 5173,
    // In development the SPA talks to the BFF through Vite, so cookies stay same-origin.
    proxy: {
      '/auth': `http://127.0.0.1:${bffPort}`,
      '/api': `http://127.0.0.1:${bffPort}`,
      '/bff': `http://127.0.0.1:${bffPort}`,
    },
  },
});
