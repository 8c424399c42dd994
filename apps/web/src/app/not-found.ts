/** spec §2.1: the 404 page's message. */
export const NOT_FOUND_TITLE = 'This page could not be found';
