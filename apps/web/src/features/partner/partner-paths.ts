// product §2.2 /serviceability/pcp/*: where a partner's link leads.
import { PATHS } from '@konek/contract/routes';

export const PARTNER_ENTER_MOBILE_PATH = PATHS.partnerEntermobile;
export const DECRYPTION_ERROR_PATH = PATHS.partnerDecryptionerror;
