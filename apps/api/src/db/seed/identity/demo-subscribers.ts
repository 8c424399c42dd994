import type { operatorSubscribers } from '../../schema/identity';

// ADR 011: the operator's subscriber records Konek stands in for. These demo subscribers make the
// details form pre-fill (product §7.1 get account, prepaid) after a sign-up with one of these numbers; any
// other number signs up too, with an empty form. Birthdays are ISO dates (shown DD/MM/YYYY).

export const IDENTITY_SEED_VERSION = '1';

export const DEMO_SUBSCRIBERS: (typeof operatorSubscribers.$inferInsert)[] = [
  {
    msisdn: '639171234567',
    firstName: 'Maria Clara',
    middleName: 'Dela Cruz',
    lastName: 'Santos',
    gender: 'Female',
    birthday: '1990-02-14',
    email: 'maria.santos@example.com',
    motherMaidenName: 'Reyes',
  },
  {
    msisdn: '639189876543',
    firstName: 'Juan Carlos',
    middleName: 'Villanueva',
    lastName: 'Dela Cruz',
    gender: 'Male',
    birthday: '1985-09-03',
    email: 'juan.delacruz@example.com',
    motherMaidenName: 'Mendoza',
  },
  {
    msisdn: '639051112233',
    firstName: 'Ana',
    middleName: '',
    lastName: 'Lim',
    gender: 'Female',
    birthday: '1998-11-21',
    email: 'ana.lim@example.com',
    motherMaidenName: 'Tan',
  },
  {
    msisdn: '639998887766',
    firstName: 'Ramon',
    middleName: 'Aquino',
    lastName: 'Bautista',
    gender: 'Male',
    birthday: '1976-06-30',
    email: 'ramon.bautista@example.com',
    motherMaidenName: 'Gonzales',
  },
];
