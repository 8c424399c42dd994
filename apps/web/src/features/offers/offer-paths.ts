// product §2.2: the routes the offer screens lead to. Step order (product §4.2): address, account, form.
import { PATHS } from '@konek/contract/routes';

export const PREPAID_PATH = PATHS.prepaid;
export const SPECIAL_OFFER_PATH = PATHS.specialOffer;
/** Step 1, Create Account: where an anonymous customer goes after choosing an offer. */
export const ENTER_MOBILE_PATH = PATHS.entermobile;
/** Step 2, Fill Out Form: a signed-in customer skips the account step. */
export const FILL_OUT_DETAIL_PATH = PATHS.filloutdetail;
