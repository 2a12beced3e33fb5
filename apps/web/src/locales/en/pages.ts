// English strings for the pages area. Top-level keys are unique across locales/en/*.ts.
export default {} as const;
