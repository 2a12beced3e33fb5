import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// Paths the server answers under the web base (Sanctum-style auth) plus the API itself; the dev
// server forwards them so the browser sees one origin, as it does in production.
const serverPaths = ['/api', '/sanctum', '/login', '/logout', '/register', '/check-email', '/forgot-password', '/reset-password'];

const target = 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
  },
  server: {
    proxy: Object.fromEntries(serverPaths.map((path) => [path, { target, changeOrigin: false }])),
  },
});
