// English strings for the errors area. Top-level keys are unique across locales/en/*.ts.
export default {} as const;
