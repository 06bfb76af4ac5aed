import { z } from 'zod';
import { singleLineText } from '../text';
import { E164_PATTERN } from '../phone';
import { DOCUMENT_CLASSES } from '../constants';

/*
 * Shared inboxes and routing rules (issue 37, decisions 103 and 104). An account's owner and sub-admins make inboxes
 * (departments), say who belongs to each and which inbox each number's faxes land in; rules, in order, may place a
 * received fax elsewhere when it lands. A User sees the received faxes of the inboxes they belong to (and those in
 * none); the owner and sub-admins see them all.
 */

export const MAX_INBOXES = 50;
export const MAX_INBOX_NAME_LENGTH = 60;
export const MAX_FAX_LABELS = 10;
export const MAX_FAX_LABEL_LENGTH = 40;
export const MAX_ROUTING_RULES = 100;
/** How many received faxes a rule's dry run looks back on. */
export const DRY_RUN_FAXES = 100;

/** Where a received fax is in its inbox's work: new, being handled, done. */
export const FAX_STATES = ['new', 'in_progress', 'done'] as const;
export type TFaxState = (typeof FAX_STATES)[number];
/** Which of its inbox's folders a received fax is in. */
export const FAX_FOLDERS = ['inbox', 'archive', 'junk'] as const;
export type TFaxFolder = (typeof FAX_FOLDERS)[number];

const ZName = z
  .string()
  .trim()
  .min(1, { error: 'errors.inboxNameRequired' })
  .max(MAX_INBOX_NAME_LENGTH, { error: 'errors.inboxNameTooLong' })
  .check(singleLineText);

const ZNumber = z.string().trim().check(singleLineText).regex(E164_PATTERN, { error: 'errors.invalidRecipient' });

export const ZInbox = z.object({
  id: z.string(),
  name: z.string(),
  /** The people who see its faxes besides the owner and sub-admins. */
  memberIds: z.array(z.string()),
  /** The account's numbers whose faxes land in it (unless a rule places them elsewhere). */
  numbers: z.array(z.string()),
  /** Its new faxes in its inbox folder: the count beside its name in the menu. */
  newFaxes: z.number().int(),
});
export type TInbox = z.infer<typeof ZInbox>;

/** GET /api/inboxes: the inboxes the person sees, and the new faxes that are in none (`unsorted`). */
export const ZInboxList = z.object({
  inboxes: z.array(ZInbox),
  unsorted: z.object({ newFaxes: z.number().int() }),
  /** Whether this person makes and changes inboxes and rules. */
  mayManage: z.boolean(),
});
export type TInboxList = z.infer<typeof ZInboxList>;

/** POST /api/inboxes, PUT /api/inboxes/:id. */
export const ZInboxInput = z.object({
  name: ZName,
  memberIds: z.array(z.string().max(64).check(singleLineText)).max(500),
  numbers: z.array(ZNumber).max(100),
});
export type TInboxInput = z.input<typeof ZInboxInput>;

export const ZInboxParams = z.object({ id: z.uuid({ error: 'errors.inboxNotFound' }) });

const ZLabel = z
  .string()
  .trim()
  .min(1, { error: 'errors.labelRequired' })
  .max(MAX_FAX_LABEL_LENGTH, { error: 'errors.labelTooLong' })
  .check(singleLineText);
export const ZFaxLabels = z.array(ZLabel).max(MAX_FAX_LABELS, { error: 'errors.tooManyLabels' });

/** A condition of a rule: every condition of a rule must hold for it to match. */
export const ZRuleCondition = z.discriminatedUnion('kind', [
  /** The number the fax called: one of these (the account's numbers). */
  z.object({ kind: z.literal('called_number'), numbers: z.array(ZNumber).min(1).max(50) }),
  /** The caller's number: begins with one of these (a whole number is its own prefix). */
  z.object({
    kind: z.literal('caller'),
    prefixes: z
      .array(
        z
          .string()
          .trim()
          .check(singleLineText)
          .transform((value) => value.replace(/[\s\-.()]/g, ''))
          .pipe(z.string().regex(/^\+[1-9]\d{0,14}$/, { error: 'errors.invalidBlockedPrefix' })),
      )
      .min(1)
      .max(50),
  }),
  /** The station id the sending machine announced contains this, without regard to case. */
  z.object({ kind: z.literal('station_id'), contains: z.string().trim().min(1).max(40).check(singleLineText) }),
  /**
   * When it landed, in the account's time zone: on one of these weekdays (0 Sunday to 6 Saturday) between two times
   * (HH:MM; `from` after `to` spans midnight, the night belonging to the day it began).
   */
  z.object({
    kind: z.literal('time'),
    days: z.array(z.number().int().min(0).max(6)).min(1).max(7),
    from: z
      .string()
      .check(singleLineText)
      .regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: 'errors.invalidTime' }),
    to: z
      .string()
      .check(singleLineText)
      .regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: 'errors.invalidTime' }),
  }),
  /** Its number of pages, between these (either may be absent). */
  z
    .object({
      kind: z.literal('pages'),
      min: z.number().int().min(1).max(10_000).nullable(),
      max: z.number().int().min(1).max(10_000).nullable(),
    })
    .refine((c) => c.min !== null || c.max !== null, { error: 'errors.pagesRangeRequired' })
    .refine((c) => c.min === null || c.max === null || c.min <= c.max, { error: 'errors.pagesRangeOrder' }),
  /** Its class, once read (decision 102): one of these. */
  z.object({ kind: z.literal('document_class'), classes: z.array(z.enum(DOCUMENT_CLASSES)).min(1) }),
  /** Words read on its pages, in their language, as the history's search finds them (decision 100). */
  z.object({ kind: z.literal('words'), query: z.string().trim().min(1).max(200).check(singleLineText) }),
]);
export type TRuleCondition = z.infer<typeof ZRuleCondition>;
export type TRuleConditionKind = TRuleCondition['kind'];

/** What a matching rule does to the fax. */
export const ZRuleActions = z.object({
  inboxId: z.uuid({ error: 'errors.inboxNotFound' }).nullable(),
  assigneeId: z.string().max(64).check(singleLineText).nullable(),
  labels: ZFaxLabels,
  /** Addresses the fax is e-mailed to, its PDF attached. */
  forwardTo: z.array(z.email({ error: 'validation.email' }).max(254).check(singleLineText)).max(5),
  /** One of the account's webhook endpoints, posted the fax's `fax.received` event whatever it subscribes to. */
  webhookId: z.uuid({ error: 'errors.webhookNotFound' }).nullable(),
  junk: z.boolean(),
});
export type TRuleActions = z.infer<typeof ZRuleActions>;

export const ZRoutingRuleInput = z
  .object({
    name: ZName,
    enabled: z.boolean(),
    conditions: z.array(ZRuleCondition).min(1, { error: 'errors.ruleNeedsCondition' }).max(10),
    actions: ZRuleActions,
  })
  .refine(({ actions: a }) => a.inboxId || a.assigneeId || a.labels.length > 0 || a.forwardTo.length > 0 || a.webhookId || a.junk, {
    error: 'errors.ruleNeedsAction',
    path: ['actions'],
  });
export type TRoutingRuleInput = z.input<typeof ZRoutingRuleInput>;

export const ZRoutingRule = z.object({
  id: z.string(),
  position: z.number().int(),
  name: z.string(),
  enabled: z.boolean(),
  conditions: z.array(ZRuleCondition),
  actions: ZRuleActions,
});
export type TRoutingRule = z.infer<typeof ZRoutingRule>;

export const ZRoutingRuleList = z.object({ rules: z.array(ZRoutingRule) });
export type TRoutingRuleList = z.infer<typeof ZRoutingRuleList>;
export const ZRoutingRuleParams = z.object({ id: z.uuid({ error: 'errors.ruleNotFound' }) });
/** PUT /api/routing-rules/order: every rule of the account, in its new order. */
export const ZRoutingRuleOrder = z.object({ ids: z.array(z.uuid({ error: 'errors.ruleNotFound' })).max(MAX_ROUTING_RULES) });

/** How one condition of a rule met a fax: what the fax showed, and whether it held. */
export const ZConditionVerdict = z.object({
  condition: ZRuleCondition,
  /** What the fax showed for it (the number called, the caller, the station id, the local time, the pages, the class). */
  observed: z.string().nullable(),
  met: z.boolean(),
});
export type TConditionVerdict = z.infer<typeof ZConditionVerdict>;

/** Which rule placed a received fax, and why: each of its conditions as the fax met it. */
export const ZRoutedBy = z.object({
  ruleId: z.string(),
  ruleName: z.string(),
  verdicts: z.array(ZConditionVerdict),
});
export type TRoutedBy = z.infer<typeof ZRoutedBy>;

/** Where a received fax is and who has it. */
export const ZFaxPlacement = z.object({
  inboxId: z.string().nullable(),
  inboxName: z.string().nullable(),
  assignee: z.object({ id: z.string(), name: z.string() }).nullable(),
  labels: z.array(z.string()),
  state: z.enum(FAX_STATES),
  folder: z.enum(FAX_FOLDERS),
  /** Null while the account's rules have not yet looked at it (it waits for its words to be read). */
  filedAt: z.iso.datetime({ offset: true }).nullable(),
  routedBy: ZRoutedBy.nullable(),
});
export type TFaxPlacement = z.infer<typeof ZFaxPlacement>;

/** PATCH /api/faxes/:id/placement: what changes (claim is `assigneeId` set to oneself). */
export const ZFaxPlacementChange = z
  .object({
    inboxId: z.uuid({ error: 'errors.inboxNotFound' }).nullable().optional(),
    assigneeId: z.string().max(64).check(singleLineText).nullable().optional(),
    labels: ZFaxLabels.optional(),
    state: z.enum(FAX_STATES).optional(),
    folder: z.enum(FAX_FOLDERS).optional(),
  })
  .refine((change) => Object.values(change).some((value) => value !== undefined), { error: 'errors.nothingToChange' });
export type TFaxPlacementChange = z.input<typeof ZFaxPlacementChange>;

/** GET /api/inboxes/faxes: one inbox's faxes (or those in none), one folder, newest first. */
export const ZInboxFaxQuery = z.object({
  inbox: z.union([z.uuid({ error: 'errors.inboxNotFound' }), z.literal('none')]),
  folder: z.enum(FAX_FOLDERS).default('inbox'),
  state: z.enum(FAX_STATES).optional(),
  /** `me`: assigned to the reader; `none`: to nobody. */
  assigned: z.enum(['me', 'none']).optional(),
  page: z.coerce.number().int().min(1).max(500).default(1),
  pageSize: z.coerce.number().int().min(5).max(100).default(20),
});
export type TInboxFaxQuery = z.input<typeof ZInboxFaxQuery>;

/** POST /api/routing-rules/dry-run: a rule as written, not saved (with its id when it is an edit of a saved one). */
export const ZDryRunRequest = z.object({ rule: ZRoutingRuleInput, ruleId: z.uuid({ error: 'errors.ruleNotFound' }).nullable() });
export type TDryRunRequest = z.input<typeof ZDryRunRequest>;

export const ZDryRunFax = z.object({
  id: z.string(),
  createdAt: z.iso.datetime({ offset: true }),
  fromNumber: z.string().nullable(),
  toNumber: z.string().nullable(),
  pages: z.number().int().nullable(),
  matched: z.boolean(),
  verdicts: z.array(ZConditionVerdict),
  /** A rule before this one that matches the fax first: it, not this one, would have placed it. */
  takenBy: z.object({ ruleId: z.string(), ruleName: z.string() }).nullable(),
});
export type TDryRunFax = z.infer<typeof ZDryRunFax>;

export const ZDryRunResult = z.object({
  /** How many received faxes were looked at (the last DRY_RUN_FAXES). */
  examined: z.number().int(),
  /** How many it would have placed (matched and not taken by an earlier rule). */
  placed: z.number().int(),
  faxes: z.array(ZDryRunFax),
});
export type TDryRunResult = z.infer<typeof ZDryRunResult>;

/** One line of a fax's timeline: what was done to it, by whom, from the audit trail. */
export const ZFaxTimelineEntry = z.object({
  at: z.iso.datetime({ offset: true }),
  action: z.string(),
  outcome: z.enum(['success', 'denied', 'failure']),
  actorName: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
});
export type TFaxTimelineEntry = z.infer<typeof ZFaxTimelineEntry>;
export const ZFaxTimeline = z.object({
  entries: z.array(ZFaxTimelineEntry),
  /** The names of the inboxes and people the entries' details name by id (one gone since is not named). */
  names: z.record(z.string(), z.string()),
});
export type TFaxTimeline = z.infer<typeof ZFaxTimeline>;

/** GET /api/faxes/:id/assignees: whom a received fax may be given to now (who uses faxes and sees its inbox). */
export const ZFaxAssignees = z.object({ people: z.array(z.object({ id: z.string(), name: z.string() })) });
export type TFaxAssignees = z.infer<typeof ZFaxAssignees>;
