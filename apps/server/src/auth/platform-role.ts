/**
 * Whether a person runs the back office: the platform role Better Auth's admin plugin keeps on the person (not a role in
 * an account). Takes any person-shaped value, since Better Auth's session types do not declare the field.
 */
export const isPlatformAdmin = (user: object | null | undefined): boolean =>
  (user as { role?: unknown } | null | undefined)?.role === 'admin';
