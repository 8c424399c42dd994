import { expect, it, vi } from 'vitest';

it('has zod define and parse object schemas without trying `new Function` (refused by the CSP)', async () => {
  await import('./zod-without-eval');
  const tries = vi.spyOn(globalThis, 'Function');
  const z = await import('zod');
  const schema = z.object({ name: z.string(), pin: z.string().length(6) });
  expect(schema.parse({ name: 'Ma. Teresa', pin: '123456' })).toEqual({
    name: 'Ma. Teresa',
    pin: '123456',
  });
  expect(z.config().jitless).toBe(true);
  expect(tries).not.toHaveBeenCalled();
});
