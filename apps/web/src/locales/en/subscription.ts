// English strings for the subscription area. Top-level keys are unique across locales/en/*.ts.
export default {} as const;
