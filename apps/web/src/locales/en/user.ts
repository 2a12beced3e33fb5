// English strings for the user area. Top-level keys are unique across locales/en/*.ts.
export default {} as const;
