import * as z from 'zod';
import { isError, type CallFailure } from '../../lib/call';

// product §8: a failed add/update address goes to addresserror. Whether the area itself was not found
// (the barangay must be chosen again) travels in the navigation's state, kept across a refresh.

const ZAddressErrorState = z.object({ isAreaUnknown: z.boolean() });

export function addressErrorState(failure: CallFailure): z.infer<typeof ZAddressErrorState> {
  return { isAreaUnknown: isError(failure, 'addressbook', 'AREA_NOT_FOUND') };
}

export function readIsAreaUnknown(state: unknown): boolean {
  const parsed = ZAddressErrorState.safeParse(state);
  return parsed.success && parsed.data.isAreaUnknown;
}
