// English strings for the auth area. Top-level keys are unique across locales/en/*.ts.
export default {} as const;
