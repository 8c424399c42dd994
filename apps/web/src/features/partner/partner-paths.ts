// spec §2.2 /serviceability/pcp/*: where a partner's link leads.

export const PARTNER_ENTER_MOBILE_PATH = '/serviceability/pcp/entermobile';
export const DECRYPTION_ERROR_PATH = '/serviceability/pcp/decryptionerror';
export const CHECK_ADDRESS_PATH = '/';
