// Konek's pages refuse eval (the CSP's script-src has no 'unsafe-eval'). zod, as it defines its first
// object schema, tries `new Function` to see whether it may compile faster parsers; the CSP refuses it,
// and every page load raised a securitypolicyviolation for that try. Its `jitless` setting skips the try
// and parses as it does under the refusal, but it must be set before the first schema is defined, and
// the contract's schemas are defined as their modules load. So it is set here, without loading zod, in
// the object zod's first module adopts as its configuration (`globalThis.__zod_globalConfig`, which zod
// keeps for copies of itself to share); each entry imports this module first.

type ZodSharedConfig = { jitless?: boolean };
const shared = globalThis as { __zod_globalConfig?: ZodSharedConfig };
shared.__zod_globalConfig = { ...shared.__zod_globalConfig, jitless: true };

export {};
