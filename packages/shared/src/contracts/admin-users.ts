import { z } from 'zod';
import { singleLineText } from '../text';
import { PASSWORD_MIN_LENGTH, PLATFORM_ROLES } from '../constants';

/**
 * Back-office users (spec 001 §2.11, §3 "Admin user row/form", §5 "Admin user dialog", §9): the list, the add and edit
 * dialog, deletion. Messages are i18n keys (`validation.*`), translated by the server and by the web app, so the
 * dialog's checks and the server's are the same checks, in the spec's order.
 */

/** Spec 001 §9: page size 10, default sort by email ascending. */
export const ADMIN_USERS_PAGE_SIZE = 10;
export const ADMIN_USER_SORT_KEYS = ['email', 'name', 'role', 'status', 'joined', 'lastSignIn'] as const;
export type TAdminUserSortKey = (typeof ADMIN_USER_SORT_KEYS)[number];
export const ADMIN_USER_SORT_DIRECTIONS = ['asc', 'desc'] as const;
export type TAdminUserSortDirection = (typeof ADMIN_USER_SORT_DIRECTIONS)[number];

export const ZAdminUserListQuery = z.object({
  /** Matches the name or the e-mail address, without regard to case. */
  search: z.string().trim().max(254).check(singleLineText).default(''),
  sort: z.enum(ADMIN_USER_SORT_KEYS).default('email'),
  direction: z.enum(ADMIN_USER_SORT_DIRECTIONS).default('asc'),
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
});
export type TAdminUserListQuery = z.input<typeof ZAdminUserListQuery>;

/** 'Active' when the e-mail address is confirmed, else 'Pending Confirmation' (spec 001 §3, §4). */
export const ADMIN_USER_STATUSES = ['active', 'pending_confirmation'] as const;
export type TAdminUserStatus = (typeof ADMIN_USER_STATUSES)[number];

export const ZAdminUser = z.object({
  id: z.string(),
  /** Empty when the person has none; the table shows 'N/A'. */
  name: z.string(),
  email: z.string(),
  /** The platform role: Admin runs the back office. */
  role: z.enum(PLATFORM_ROLES),
  status: z.enum(ADMIN_USER_STATUSES),
  joinedAt: z.iso.datetime({ offset: true }),
  /** The start of the newest session; null when there is none ('Never'). */
  lastSignInAt: z.iso.datetime({ offset: true }).nullable(),
});
export type TAdminUser = z.infer<typeof ZAdminUser>;

export const ZAdminUserListResponse = z.object({
  users: z.array(ZAdminUser),
  /** People matching the search, over all pages. */
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type TAdminUserListResponse = z.infer<typeof ZAdminUserListResponse>;

/** The message keys of spec 001 §5 "Admin user dialog" (and the few the spec does not list), in checking order. */
export const ADMIN_USER_MESSAGES = {
  nameEmailRequired: 'validation.adminNameEmailRequired',
  email: 'validation.email',
  passwordRequired: 'validation.adminPasswordRequired',
  passwordsMismatch: 'validation.adminPasswordsMismatch',
  passwordTooShort: 'validation.adminPasswordTooShort',
  newPasswordsMismatch: 'validation.adminNewPasswordsMismatch',
  tooLong: 'validation.tooLong',
} as const;
export type TAdminUserMessage = (typeof ADMIN_USER_MESSAGES)[keyof typeof ADMIN_USER_MESSAGES];

export type TAdminUserField = 'name' | 'email' | 'password' | 'confirmPassword';
export type TAdminUserProblem = { field: TAdminUserField; message: TAdminUserMessage };

const MAX = { name: 120, email: 254, password: 128 } as const;

/**
 * The dialog's checks (spec 001 §5), in the spec's order; the first problem only, as the dialog shows one message.
 * Creating: name and e-mail, a password, matching passwords, at least 6 characters. Editing: the name (the e-mail
 * cannot change), and a new password only if one is typed, at least PASSWORD_MIN_LENGTH characters and matching its confirmation.
 */
export function adminUserProblem(
  values: { name: string; email: string; password: string; confirmPassword: string },
  mode: 'create' | 'edit',
): TAdminUserProblem | null {
  const name = values.name.trim();
  const email = values.email.trim();
  const m = ADMIN_USER_MESSAGES;
  if (!name || !email) return { field: name ? 'email' : 'name', message: m.nameEmailRequired };
  if (name.length > MAX.name) return { field: 'name', message: m.tooLong };
  if (mode === 'create' && (email.length > MAX.email || !z.email().safeParse(email).success)) return { field: 'email', message: m.email };
  if (mode === 'create' && !values.password) return { field: 'password', message: m.passwordRequired };
  if (mode === 'create' && values.password !== values.confirmPassword) return { field: 'confirmPassword', message: m.passwordsMismatch };
  if (values.password && values.password.length < PASSWORD_MIN_LENGTH) return { field: 'password', message: m.passwordTooShort };
  if (values.password.length > MAX.password) return { field: 'password', message: m.tooLong };
  if (mode === 'edit' && values.password && values.password !== values.confirmPassword)
    return { field: 'confirmPassword', message: m.newPasswordsMismatch };
  return null;
}

/**
 * Plain strings with only a ceiling against abuse: the real checks run in `adminUserProblem`, in the spec's order and
 * with its messages.
 */
const ZText = z.string().max(1000, { error: ADMIN_USER_MESSAGES.tooLong }).check(singleLineText);

/** POST /api/admin/users: a person with their own customer account. The confirmation is checked here too. */
export const ZAdminCreateUserRequest = z
  .object({
    name: ZText.default(''),
    email: ZText.default(''),
    password: ZText.default(''),
    confirmPassword: ZText.default(''),
    role: z.enum(PLATFORM_ROLES).default('User'),
  })
  .superRefine((values, context) => {
    const problem = adminUserProblem(values, 'create');
    if (problem) context.addIssue({ code: 'custom', path: [problem.field], message: problem.message });
  })
  .transform(({ name, email, password, role }) => ({ name: name.trim(), email: email.trim().toLowerCase(), password, role }));
export type TAdminCreateUserRequest = z.input<typeof ZAdminCreateUserRequest>;

/** PATCH /api/admin/users/:id: name and role; a new password when one is given. The e-mail cannot change. */
export const ZAdminUpdateUserRequest = z
  .object({
    name: ZText.default(''),
    role: z.enum(PLATFORM_ROLES),
    password: ZText.default(''),
    confirmPassword: ZText.default(''),
  })
  .superRefine((values, context) => {
    // The address is not edited, so it is "given": only the name can be missing.
    const problem = adminUserProblem({ ...values, email: 'unchanged' }, 'edit');
    if (problem) context.addIssue({ code: 'custom', path: [problem.field], message: problem.message });
  })
  .transform(({ name, role, password }) => ({ name: name.trim(), role, password: password || null }));
export type TAdminUpdateUserRequest = z.input<typeof ZAdminUpdateUserRequest>;

export const ZAdminUserParams = z.object({ id: z.string().min(1).max(64).check(singleLineText) });
