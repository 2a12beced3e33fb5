/**
 * Limits the web app needs as plain numbers. Kept apart from the schemas: importing a constant from a
 * module that builds zod schemas brings all of zod (25 KB gzipped) into the page that imports it.
 */
export const REPORT_DETAILS_MAX = 1000;
