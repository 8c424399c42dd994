import * as z from 'zod';
import type { Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { MESSAGE_REQUIRED, SUFFIX_OPTIONS, email, personName } from '@konek/contract/validation';
import {
  PRESENCE_ANSWERS,
  type TDetailsValues,
  type TPresenceAnswer,
} from '../../lib/details-draft';
import { ZRepresentative } from '../../lib/representative';
import { conjunctionList, i18n, msg } from '../../i18n/i18n';

// product §2.4 / §5 details page: each field runs the contract's rules in the spec's order with the spec's
// messages. Where the spec leaves a message "not shown" (a suffix outside the list, an unanswered
// question, the unticked terms) the general table's "This is a required field." is used.

export type DetailsValues = TDetailsValues;

/** The representative's fields as typed; checked only after a "No". */
const ZRepresentativeAsTyped = z.object({
  firstName: z.string(),
  lastName: z.string(),
  mobileNumber: z.string(),
});

/**
 * The personal information, the presence answer and the consents (the customer will be there). Each
 * schema takes the form's values as they are (an unanswered question is null) and pipes them into the
 * rule, so the form's types and the rules' agree.
 */
const ZDetailsBase = z.object({
  firstName: personName,
  lastName: personName,
  suffix: z.string().pipe(z.enum(SUFFIX_OPTIONS, { error: MESSAGE_REQUIRED })),
  email,
  isPresent: z
    .custom<TPresenceAnswer | null>()
    .pipe(z.enum(PRESENCE_ANSWERS, { error: MESSAGE_REQUIRED })),
  representative: ZRepresentativeAsTyped,
  consents: z.object({
    prepaidTerms: z.boolean().pipe(z.literal(true, { error: MESSAGE_REQUIRED })),
    informationSharing: z.boolean(),
  }),
});

/** With "No": the authorized representative's three fields too. */
const ZDetailsWithRepresentative = ZDetailsBase.extend({ representative: ZRepresentative });

/** The schema that applies to what the form holds now: the representative only after a "No". */
export function detailsSchemaFor(values: Pick<DetailsValues, 'isPresent'>) {
  return values.isPresent === 'No' ? ZDetailsWithRepresentative : ZDetailsBase;
}

const baseResolver = zodResolver(ZDetailsBase, undefined, { raw: true });
const representativeResolver = zodResolver(ZDetailsWithRepresentative, undefined, { raw: true });

/** react-hook-form's resolver: the raw values are kept (the number as typed), the errors are the rules'. */
export const detailsResolver: Resolver<DetailsValues> = (values, context, options) =>
  values.isPresent === 'No'
    ? representativeResolver(values, context, options)
    : baseResolver(values, context, options);

/** product §5: Submit is enabled only when the personal info, consents (and, after "No", the representative) are valid. */
export function isDetailsComplete(values: DetailsValues): boolean {
  return detailsSchemaFor(values).safeParse(values).success;
}

/** The form's fields by path, with their labels, in the order the customer meets them. */
const FIELD_LABELS: Readonly<Record<string, string>> = {
  firstName: msg(/*i18n*/ 'First name'),
  lastName: msg(/*i18n*/ 'Last name'),
  suffix: msg(/*i18n*/ 'Suffix'),
  email: msg(/*i18n*/ 'Email address'),
  isPresent: msg(/*i18n*/ 'your answer on being present'),
  'representative.firstName': msg(/*i18n*/ "your representative's first name"),
  'representative.lastName': msg(/*i18n*/ "your representative's last name"),
  'representative.mobileNumber': msg(/*i18n*/ "your representative's mobile number"),
  'consents.prepaidTerms': msg(/*i18n*/ 'your agreement to the Prepaid Terms & Conditions'),
};

/** The paths of the fields that are empty or not accepted now, joined with "|" (a stable value to watch). */
export function invalidPaths(values: DetailsValues): string {
  const parsed = detailsSchemaFor(values).safeParse(values);
  return (parsed.error?.issues ?? []).map((issue) => issue.path.join('.')).join('|');
}

/**
 * Why Submit is disabled, in one sentence (a disabled button says what is missing), or null
 * when nothing is: the fields that are empty or not accepted (`invalid`, from invalidPaths, plus any the
 * server refused), by label, in the page's order.
 */
export function missingForSubmit(invalid: string, refused: readonly string[] = []): string | null {
  const paths = new Set([...invalid.split('|'), ...refused]);
  const fields = Object.keys(FIELD_LABELS)
    .filter((path) => paths.has(path))
    .map((path) => i18n._(FIELD_LABELS[path]!));
  if (fields.length === 0) return null;
  return i18n._('To submit, complete or correct {fields}.', {
    fields: conjunctionList(fields),
  });
}

export const EMPTY_DETAILS: DetailsValues = {
  firstName: '',
  lastName: '',
  suffix: 'None',
  email: '',
  isPresent: null,
  representative: { firstName: '', lastName: '', mobileNumber: '' },
  consents: { prepaidTerms: false, informationSharing: false },
};
