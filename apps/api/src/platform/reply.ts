import { SUCCESS_CODE } from '@konek/contract/envelope';

/** A successful reply: the envelope with code 0 plus the call's result fields. */
export function ok<T extends Record<string, unknown>>(module: string, result: T) {
  return { code: SUCCESS_CODE, module, message: 'OK', ...result };
}
