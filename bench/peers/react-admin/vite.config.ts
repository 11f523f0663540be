/** Vite build of the react-admin peer (the defaults of create-react-admin's Vite template). */
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
  build: { sourcemap: false },
});
