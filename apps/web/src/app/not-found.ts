/** product §2.1: the 404 page's message. */
export const NOT_FOUND_TITLE = /*i18n*/ 'This page could not be found';
