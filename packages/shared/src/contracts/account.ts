import { z } from 'zod';
import { singleLineText } from '../text';
import { FAX_QUALITIES, MAX_NUMBER_EMAIL_RECIPIENTS, PASSWORD_MIN_LENGTH } from '../constants';
import { ASSIGNABLE_ROLES, MEMBER_ROLES } from '../member-roles';

/** Notification and fax preferences (spec 001 §2.5, §3), saved on the server. */
export const ZSettings = z.object({
  faxReceived: z.boolean(),
  faxSentConfirmation: z.boolean(),
  promotionalOffers: z.boolean(),
  /**
   * The back office's maintenance and incident notices by e-mail (decision 118); a change to the terms is sent whatever
   * this says. Optional in a save, so that a client that does not know it yet keeps the person's choice.
   */
  serviceNotices: z.boolean().optional(),
  defaultFaxQuality: z.enum(FAX_QUALITIES),
});
export type TSettings = z.infer<typeof ZSettings>;
export const DEFAULT_SETTINGS: TSettings = {
  faxReceived: true,
  faxSentConfirmation: true,
  promotionalOffers: false,
  serviceNotices: true,
  defaultFaxQuality: 'standard',
};

/**
 * Preferences stored but not yet acted on (decision 039): nothing sends these e-mails yet, so /user/settings shows them
 * disabled and "Planned". A preference leaves this list in the change that makes it take effect (faxReceived and
 * faxSentConfirmation left it with the fax e-mails).
 */
export const PLANNED_SETTINGS = ['promotionalOffers'] as const satisfies readonly (keyof TSettings)[];
export function isPlannedSetting(name: string): boolean {
  return (PLANNED_SETTINGS as readonly string[]).includes(name);
}

/** The notices a person can turn off from an e-mail's unsubscribe link (RFC 8058): the preferences that send them. */
export const NOTICE_SETTINGS = ['faxReceived', 'faxSentConfirmation', 'serviceNotices'] as const satisfies readonly (keyof TSettings)[];
export type TNoticeSetting = (typeof NOTICE_SETTINGS)[number];

/** A received fax's PDF larger than this is not attached to its e-mail: the e-mail links to it instead. */
export const MAX_EMAILED_DOCUMENT_BYTES = 10 * 1024 * 1024;

/** A number's extra addresses, stored lower-case and each once. */
export const ZNumberEmailRecipients = z
  .array(z.email({ error: 'validation.email' }).max(254).check(singleLineText))
  .max(MAX_NUMBER_EMAIL_RECIPIENTS, { error: 'errors.tooManyEmailRecipients' })
  .transform((addresses) => [...new Set(addresses.map((address) => address.toLowerCase()))]);

/**
 * GET and PUT /api/fax-email (owner and sub-admins): how received faxes go out by e-mail. With
 * `documentsInEmail` off, or on a HIPAA plan whatever it says, an e-mail carries a sign-in link instead of the PDF. Each
 * number may also send its faxes to up to MAX_NUMBER_EMAIL_RECIPIENTS addresses besides the account's people.
 */
export const ZFaxEmailSettings = z.object({
  documentsInEmail: z.boolean(),
  /** The account's plan is a HIPAA plan: documents never go by e-mail. */
  hipaaPlan: z.boolean(),
  numbers: z.array(z.object({ phoneNumber: z.string(), emailRecipients: z.array(z.string()) })),
});
export type TFaxEmailSettings = z.infer<typeof ZFaxEmailSettings>;

export const ZSaveFaxEmailSettingsRequest = z.object({
  documentsInEmail: z.boolean(),
  numbers: z.array(z.object({ phoneNumber: z.string().max(20).check(singleLineText), emailRecipients: ZNumberEmailRecipients })).max(100),
});
export type TSaveFaxEmailSettingsRequest = z.input<typeof ZSaveFaxEmailSettingsRequest>;

/**
 * GET and PUT /api/account/fax-text (owner and sub-admins): whether Faxline reads the words of the account's faxes,
 * received and sent, with Tesseract on its own servers, so that they can be searched (decision 099). Off until the
 * account turns it on; turning it off leaves what was read until then.
 */
export const ZFaxTextSettings = z.object({
  readsFaxText: z.boolean(),
  /** A received fax classified less sure than this waits in the review queue (decision 102). */
  reviewBelowPercent: z.number().int().min(0).max(100),
});
export type TFaxTextSettings = z.infer<typeof ZFaxTextSettings>;
/** A change of the settings: the review threshold stays as it is when not given. */
export const ZFaxTextSettingsChange = ZFaxTextSettings.extend({ reviewBelowPercent: ZFaxTextSettings.shape.reviewBelowPercent.optional() });

/** Pages used this month against the plan (the dashboard, and Billing contacts). */
export const ZUsage = z.object({
  plan: z.object({ name: z.string(), pagesPerMonth: z.number().int().nullable() }).nullable(),
  pagesUsed: z.number().int(),
  periodStart: z.iso.datetime({ offset: true }),
  periodEnd: z.iso.datetime({ offset: true }),
});
export type TUsage = z.infer<typeof ZUsage>;

/** Deleting the account (spec 001 §2.5 dialog) needs the owner's password. */
export const ZDeleteAccountRequest = z.object({
  password: z.string().min(1, { error: 'validation.required' }).max(128).check(singleLineText),
});
export type TDeleteAccountRequest = z.input<typeof ZDeleteAccountRequest>;

/** Sub-users (spec 001 §2.8, §3, §6): additional logins of the owner's account, billed to it. */
export const ZMember = z.object({
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  username: z.string().nullable(),
  role: z.enum(MEMBER_ROLES),
  twoFactorEnabled: z.boolean(),
  createdAt: z.iso.datetime({ offset: true }),
  /** False while the account's identity provider has deactivated them (SCIM, decision 107): they cannot sign in. */
  active: z.boolean(),
});
export type TMember = z.infer<typeof ZMember>;

/** How long an invitation to join an account can be accepted. */
export const MEMBER_INVITATION_DAYS = 7;
/** Invitations an account may send in an hour, whoever sends them: each one e-mails a stranger's address. */
export const MEMBER_INVITATIONS_PER_HOUR = 20;

/**
 * A person invited to an account, waiting for them to accept from the e-mail sent to the address (decision 068). Every
 * address gets one, whether or not it already has a Faxline account, so the answer tells the inviter nothing about it.
 */
export const ZMemberInvitation = z.object({
  id: z.string(),
  email: z.string(),
  role: z.enum(MEMBER_ROLES),
  createdAt: z.iso.datetime({ offset: true }),
  expiresAt: z.iso.datetime({ offset: true }),
});
export type TMemberInvitation = z.infer<typeof ZMemberInvitation>;
/** POST /api/account/members: 202, the invitation sent. */
export const ZAddMemberResponse = z.object({ invitation: ZMemberInvitation });
export type TAddMemberResponse = z.infer<typeof ZAddMemberResponse>;

/** GET /api/account/members: the logins, oldest first, and the invitations still waiting, newest first. */
export const ZMembersResponse = z.object({ members: z.array(ZMember), invitations: z.array(ZMemberInvitation) });
export type TMembersResponse = z.infer<typeof ZMembersResponse>;

export const ZAddMemberRequest = z.object({
  name: z.string().trim().min(1, { error: 'validation.required' }).max(120).check(singleLineText),
  username: z
    .string()
    .trim()
    .check(singleLineText)
    .min(3, { error: 'validation.username' })
    .max(40, { error: 'validation.username' })
    .regex(/^[a-zA-Z0-9._-]+$/, { error: 'validation.username' }),
  email: z.email({ error: 'validation.email' }).max(254).check(singleLineText),
  password: z
    .string()
    .min(PASSWORD_MIN_LENGTH, { error: 'validation.passwordTooShort' })
    .max(128, { error: 'validation.passwordTooLong' })
    .check(singleLineText),
  /** The spec's role values (User, Admin, Billing). */
  role: z.enum(ASSIGNABLE_ROLES).default('User'),
  /** Ask the new login to set up two-factor sign-in at the first sign-in. */
  enable2fa: z.boolean().default(false),
});
export type TAddMemberRequest = z.input<typeof ZAddMemberRequest>;

export const ZUpdateMemberRequest = z.object({ role: z.enum(ASSIGNABLE_ROLES) });

/** PATCH and DELETE /api/account/members/:userId. */
export const ZMemberParams = z.object({ userId: z.string().min(1).max(64).check(singleLineText) });

/**
 * GET /api/account: the signed-in person's account and their role in it, for what the user area shows (a Billing
 * contact sees no fax pages, only the owner and sub-admins manage members). The server enforces the same rules.
 */
export const ZAccountSummary = z.object({
  id: z.string(),
  name: z.string(),
  role: z.enum(MEMBER_ROLES),
  /** The owner's e-mail, for sub-users ("billed to"). */
  ownerEmail: z.string(),
  /** The plan and what it includes (decision 087): a page whose feature it lacks offers the upgrade instead of a form. */
  plan: z
    .object({
      id: z.string(),
      name: z.string(),
      apiAccess: z.boolean(),
      webhooks: z.boolean(),
      faxToEmail: z.boolean(),
      /** People on the account, its owner included; null: no limit. */
      maxUsers: z.number().int().nullable(),
    })
    .nullable(),
  /** The platform's welcome message for the dashboard (back-office setting), or null when none is set. */
  welcomeMessage: z.string().nullable(),
});
export type TAccountSummary = z.infer<typeof ZAccountSummary>;
