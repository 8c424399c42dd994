import * as z from 'zod';

// product §3 "Stored per-user context": the named context the journey keeps on the server (clientstorage).
// The flags OTP_Verification, order_Create and appointment_booking gate the flow (product §4.1). Unknown
// keys are kept, so the web app can add what it needs to resume at the right step.

export const JOURNEY_CONTEXT_NAME = 'serviceability';

export const ZJourneyContext = z.looseObject({
  OTP_Verification: z.boolean().optional(),
  appointment_booking: z.boolean().optional(),
  order_Create: z.boolean().optional(),
  order_Create_Time: z.union([z.string(), z.number()]).optional(),
  resourceBook: z.unknown().optional(),
  resourceBookTime: z.union([z.string(), z.number()]).optional(),
  address: z.unknown().optional(),
  referenceId: z.string().optional(),
  internalAppointmentId: z.string().optional(),
  /** "Month DD, YYYY - Morning/Afternoon - start - end". */
  appointmentTime: z.string().optional(),
  /** The plan the customer chose (the web app's format), so another device can order it. */
  offer: z.unknown().optional(),
});
export type TJourneyContext = z.infer<typeof ZJourneyContext>;

/** The context as the web app stores it: plus the path of the step reached (a ROUTES path). */
export const ZStoredJourney = ZJourneyContext.extend({ journey_path: z.string().optional() });
export type TStoredJourney = z.infer<typeof ZStoredJourney>;
