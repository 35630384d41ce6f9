/**
 * The refusal of a body with fields on a route that takes none (cancel and My data in a farmer session): most likely
 * a page from before the one-time codes, still sending the mobile's last four digits (docs/product-rules.md).
 */
export const MSG_NO_FIELDS = 'यह पेज पुराना है, कृपया पेज दोबारा खोलें / This page is out of date: please reload it.';
