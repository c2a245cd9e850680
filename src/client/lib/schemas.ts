// The shared zod schemas (src/domain/schemas.ts), loaded on first use by the sign-in forms:
// zod is about 23 KB gzipped, which the sign-in page does not need before the visitor types.
// Forms validate with them as before (@mantine/form accepts an async validate function).

export const loadSchemas = () => import('../../domain/schemas');

/** Starts the download when a form is first focused, so that submitting does not wait for it. */
export const preloadSchemas = () => {
  void loadSchemas();
};
