import * as z from 'zod';
import { supportMessage, supportMobileNumber, supportTopic } from '@konek/contract/support';
import { personName } from '@konek/contract/validation';

/** ADR 079: the contact form's fields, checked by the contract's rules, as the server checks them. */
export const ZContactForm = z.object({
  name: personName,
  mobileNumber: supportMobileNumber,
  // Empty until one is chosen: any text in, one of the topics out.
  topic: z.string().pipe(supportTopic),
  message: supportMessage,
});

/** What the form holds while it is typed in (the topic is empty until one is chosen). */
export type ContactValues = { name: string; mobileNumber: string; topic: string; message: string };
