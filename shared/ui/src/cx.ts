/** Joins class names, skipping empty ones (two lines; not worth a dependency in every remote). */
export function cx(...names: Array<string | false | null | undefined>): string {
  return names.filter(Boolean).join(' ');
}
