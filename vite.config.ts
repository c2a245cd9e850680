import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const server = `http://localhost:${process.env.PORT ?? 3000}`;

export default defineConfig({
  plugins: [react()],
  build: { outDir: 'dist/client', emptyOutDir: true, sourcemap: true, chunkSizeWarningLimit: 1200 },
  // `npm run dev`: Vite serves the client with hot reload and forwards the API to the Node server.
  server: {
    port: 5173,
    proxy: {
      '/api': server,
      '/uploads': server,
      '/trpc': { target: server, ws: true },
      '/ws': { target: server, ws: true },
    },
  },
});
