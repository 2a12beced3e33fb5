import type { CapacitorConfig } from '@capacitor/cli';

/**
 * The Android shell: the web build (dist/) is the app. It talks to the server in token mode, at the
 * origin given at build time (VITE_SERVER_ORIGIN=https://… npx vite build), and is served to the
 * WebView from https://localhost, the origin the server's CORS list must allow.
 */
const config: CapacitorConfig = {
  appId: 'health.wink.app',
  appName: 'Wink Health',
  webDir: 'dist',
  server: {
    androidScheme: 'https',
  },
  plugins: {
    PushNotifications: {
      presentationOptions: ['badge', 'sound', 'alert'],
    },
  },
};

export default config;
