// English strings for the native area. Top-level keys are unique across locales/en/*.ts.
export default {} as const;
