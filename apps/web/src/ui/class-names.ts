/** Joins the truthy class names; CSS-module lookups may be undefined under noUncheckedIndexedAccess. */
export function cx(...classNames: ReadonlyArray<string | false | null | undefined>): string {
  return classNames.filter(Boolean).join(' ');
}
