import { RE2JS } from 're2js'
import { z } from 'zod'
import { ZListName } from './groups'
import { TICKET_PRIORITIES } from './ticket-priorities'

/**
 * Extraction templates and custom ticket fields (issue 26, decision 053). A workspace declares typed
 * fields its tickets carry (`customFields`), and templates that recognise a vendor's mail (by sender,
 * subject or content) and say where each value sits in it. Every pattern a user writes is RE2 (linear
 * time, `re2js`): one that RE2 refuses is refused when saved, with RE2's reason.
 */
export const TemplateLimits = {
  name: 80,
  customFieldsPerWorkspace: 50,
  fieldKey: 40,
  fieldLabel: 80,
  choiceOptions: 50,
  synonyms: 20,
  optionText: 80,
  templatesPerWorkspace: 100,
  fieldsPerTemplate: 30,
  pattern: 500,
  anchor: 200,
  defaultValue: 500,
  /** The longest value one field holds (a text field's extracted text is cut there). */
  value: 1000,
  testEmails: 20,
  testEmailBody: 50_000,
  testEmailSubject: 998,
  testEmailHeaders: 30,
  /** How many of the mailbox's newest emails the preview's grid runs over. */
  recentEmails: 50,
  /** The body of one mail a template reads: the start of a longer text. */
  bodyRead: 200_000,
} as const

export const TemplateMessages = {
  nameRequired: `A template's name is 1 to ${TemplateLimits.name} characters`,
  nameTaken: 'A template of that name already exists in this workspace',
  managersOnly: "Only the workspace's owners and admins can manage templates and custom fields",
  tooManyTemplates: `A workspace has at most ${TemplateLimits.templatesPerWorkspace} templates`,
  tooManyFields: `A template has at most ${TemplateLimits.fieldsPerTemplate} fields`,
  tooManyTestEmails: `A template keeps at most ${TemplateLimits.testEmails} test emails`,
  fieldKey: `A field's key is 1 to ${TemplateLimits.fieldKey} lower-case letters, digits or _, starting with a letter`,
  fieldLabel: `A field's label is 1 to ${TemplateLimits.fieldLabel} characters`,
  fieldKeyTaken: 'A custom field of that key already exists in this workspace',
  tooManyCustomFields: `A workspace has at most ${TemplateLimits.customFieldsPerWorkspace} custom fields`,
  choiceNeedsOptions: 'A choice field lists at least one option',
  optionsOnlyForChoice: 'Only a choice field has options',
  dateNeedsFormat: 'A date field says the format its dates are written in',
  duplicateOption: 'Each option of a choice field is named once',
  patternTooLong: `A pattern is at most ${TemplateLimits.pattern} characters`,
  patternRefused: (reason: string) => `This pattern cannot be used: ${reason}`,
  patternGroup: 'The pattern has no capturing group of that number',
  unknownCustomField: (key: string) => `No custom field "${key}" in this workspace`,
  customFieldTypeMismatch: (key: string, type: string) =>
    `The custom field "${key}" is a ${type} field: the template's field must be of the same type`,
  priorityOptions: `A field that fills the priority is a choice whose options are ${TICKET_PRIORITIES.join(', ')}`,
  duplicateFieldName: "Each of a template's fields has its own name",
  required: 'Required, and not found in this mail',
  notANumber: 'Not a number',
  notADate: (format: string) => `Not a date written as ${format}`,
  notAnEmail: 'Not an email address',
  notAUrl: 'Not an http(s) address',
  notAnOption: 'Not one of the options or their synonyms',
  customFieldValue: (key: string) => `Not a valid value for the custom field "${key}"`,
  sampleNotFound: 'No such email in this workspace',
} as const

/** The kinds of value a custom field (or a template's field) holds. */
export const CustomFieldType = {
  text: 'text',
  number: 'number',
  date: 'date',
  email: 'email',
  url: 'url',
  choice: 'choice',
} as const
export const CUSTOM_FIELD_TYPES = ['text', 'number', 'date', 'email', 'url', 'choice'] as const
export type TCustomFieldType = (typeof CUSTOM_FIELD_TYPES)[number]

/** How a mail writes its dates; a date is always stored as YYYY-MM-DD. */
export const DATE_FORMATS = [
  'YYYY-MM-DD',
  'DD/MM/YYYY',
  'MM/DD/YYYY',
  'DD.MM.YYYY',
  'D MMMM YYYY',
  'MMMM D, YYYY',
] as const
export type TDateFormat = (typeof DATE_FORMATS)[number]

const ZOptionText = z.string().trim().min(1).max(TemplateLimits.optionText)

/** One option of a choice: its value, and the other words a mail may say for it ("P1", "urgent" -> high). */
export const ZChoiceOption = z
  .object({
    value: ZOptionText,
    synonyms: z.array(ZOptionText).max(TemplateLimits.synonyms).default([]),
  })
  .strict()
export type TChoiceOption = z.infer<typeof ZChoiceOption>

const ZChoiceOptions = z
  .array(ZChoiceOption)
  .max(TemplateLimits.choiceOptions)
  .refine((options) => {
    const seen = options.map((option) => option.value.toLowerCase())
    return new Set(seen).size === seen.length
  }, TemplateMessages.duplicateOption)

/** A custom field's key: what a rule, a view's filter and the API name it by (`customFields.<key>`). */
export const ZCustomFieldKey = z
  .string()
  .regex(/^[a-z][a-z0-9_]*$/, TemplateMessages.fieldKey)
  .max(TemplateLimits.fieldKey, TemplateMessages.fieldKey)

/** What a value is: a type, a date's format, a choice's options. Shared by custom fields and template fields. */
const ZValueShape = z.object({
  type: z.enum(CUSTOM_FIELD_TYPES),
  dateFormat: z.enum(DATE_FORMATS).nullable().default(null),
  options: ZChoiceOptions.default([]),
})

type TValueShape = z.infer<typeof ZValueShape>

function checkValueShape(shape: Partial<TValueShape>, context: z.RefinementCtx) {
  if (shape.type === undefined) return
  if (shape.type === CustomFieldType.choice && (shape.options?.length ?? 0) === 0)
    context.addIssue({ code: 'custom', path: ['options'], message: TemplateMessages.choiceNeedsOptions })
  if (shape.type !== CustomFieldType.choice && (shape.options?.length ?? 0) > 0)
    context.addIssue({ code: 'custom', path: ['options'], message: TemplateMessages.optionsOnlyForChoice })
  if (shape.type === CustomFieldType.date && !shape.dateFormat)
    context.addIssue({ code: 'custom', path: ['dateFormat'], message: TemplateMessages.dateNeedsFormat })
}

const ZCustomFieldLabel = ZListName(TemplateLimits.fieldLabel, TemplateMessages.fieldLabel)

/** A custom ticket field as stored (collection `custom_fields`); `shown` puts it in the ticket list's filters. */
export const ZCustomFieldAttributes = z.object({
  teamId: z.string(),
  key: z.string().max(TemplateLimits.fieldKey),
  label: z.string().max(TemplateLimits.fieldLabel),
  type: z.enum(CUSTOM_FIELD_TYPES),
  dateFormat: z.enum(DATE_FORMATS).nullable(),
  options: z.array(ZChoiceOption),
  shown: z.boolean(),
})
export type TCustomFieldAttributes = z.infer<typeof ZCustomFieldAttributes>

/** What an owner or admin sends to declare a custom field. The key and type are fixed once created. */
export const ZCustomFieldCreate = ZValueShape.extend({
  teamId: z.string().max(36).optional(),
  key: ZCustomFieldKey,
  label: ZCustomFieldLabel,
  shown: z.boolean().default(true),
}).superRefine(checkValueShape)
export type TCustomFieldCreate = z.input<typeof ZCustomFieldCreate>

/** A label, options (of a choice), a date's format and `shown` may change; key and type may not. */
export const ZCustomFieldUpdate = z
  .object({
    label: ZCustomFieldLabel,
    dateFormat: z.enum(DATE_FORMATS).nullable(),
    options: ZChoiceOptions,
    shown: z.boolean(),
  })
  .partial()
  .strict()
export type TCustomFieldUpdate = z.input<typeof ZCustomFieldUpdate>

/** A ticket's custom values by key: a text (dates as YYYY-MM-DD, a choice's option value) or a number. */
export const ZCustomFieldValue = z
  .union([z.string().max(TemplateLimits.value), z.number().finite()])
  .nullable()
export type TCustomFieldValue = z.infer<typeof ZCustomFieldValue>
export const ZCustomFieldValues = z
  .record(ZCustomFieldKey, ZCustomFieldValue)
  .refine((values) => Object.keys(values).length <= TemplateLimits.customFieldsPerWorkspace)
export type TCustomFieldValues = z.infer<typeof ZCustomFieldValues>

/**
 * RE2's verdict on a pattern: null when it compiles, else RE2's reason. Every user pattern goes through it
 * before it is saved, so no stored pattern can run in more than linear time.
 */
export function re2Refusal(pattern: string): string | null {
  if (pattern.length > TemplateLimits.pattern) return TemplateMessages.patternTooLong
  try {
    RE2JS.compile(pattern)
    return null
  } catch (error) {
    return TemplateMessages.patternRefused(error instanceof Error ? error.message : String(error))
  }
}

/** A user pattern: refused when saved if RE2 cannot run it. */
export const ZUserPattern = z
  .string()
  .min(1)
  .max(TemplateLimits.pattern, TemplateMessages.patternTooLong)
  .superRefine((pattern, context) => {
    const refusal = re2Refusal(pattern)
    if (refusal) context.addIssue({ code: 'custom', message: refusal })
  })

/** How one condition of a template's match reads its text: a plain substring (any case) or an RE2 pattern. */
export const TextMatchMode = { contains: 'contains', regex: 'regex' } as const
export const ZTextMatch = z.discriminatedUnion('mode', [
  z
    .object({
      mode: z.literal(TextMatchMode.contains),
      value: z.string().trim().min(1).max(TemplateLimits.anchor),
    })
    .strict(),
  z.object({ mode: z.literal(TextMatchMode.regex), value: ZUserPattern }).strict(),
])
export type TTextMatch = z.infer<typeof ZTextMatch>

/**
 * Which mail a template reads: every condition given must hold (sender: the From address; subject; content:
 * the text body). A template with none reads every mail that no earlier template took.
 */
export const ZTemplateMatch = z
  .object({
    sender: ZTextMatch.nullable().default(null),
    subject: ZTextMatch.nullable().default(null),
    content: ZTextMatch.nullable().default(null),
  })
  .strict()
export type TTemplateMatch = z.infer<typeof ZTemplateMatch>

/** Which part of the mail a text locator reads. */
export const MAIL_PARTS = ['body', 'subject'] as const
export type TMailPart = (typeof MAIL_PARTS)[number]

const ZAnchor = z.string().min(1).max(TemplateLimits.anchor)

/** How a field is found again in a mail. */
export const LocatorKind = {
  between: 'between',
  regex: 'regex',
  header: 'header',
  tableRow: 'tableRow',
} as const
export const ZFieldLocator = z.discriminatedUnion('kind', [
  /** The text after `before` (exactly as written, any case), up to `after`, or else to the end of that line. */
  z
    .object({
      kind: z.literal(LocatorKind.between),
      in: z.enum(MAIL_PARTS).default('body'),
      before: ZAnchor,
      after: ZAnchor.nullable().default(null),
    })
    .strict(),
  /** An RE2 pattern's first match; the value is its group `group` (0: the whole match). */
  z
    .object({
      kind: z.literal(LocatorKind.regex),
      in: z.enum(MAIL_PARTS).default('body'),
      pattern: ZUserPattern,
      group: z.number().int().min(0).max(20).default(1),
    })
    .strict(),
  /** A header of the mail, by name (any case), e.g. `X-Priority` or `Reply-To`. */
  z
    .object({
      kind: z.literal(LocatorKind.header),
      name: z
        .string()
        .trim()
        .regex(/^[!-9;-~]{1,100}$/, 'A header name is 1 to 100 printable characters without ":"'),
    })
    .strict(),
  /**
   * A line of a table in the body whose first cell is `label` (any case): the value is its cell number
   * `column` (1: the cell after the label). Cells are parted by `|`, a tab, a `:` or two spaces or more.
   */
  z
    .object({
      kind: z.literal(LocatorKind.tableRow),
      label: ZAnchor,
      column: z.number().int().min(1).max(20).default(1),
    })
    .strict(),
])
export type TFieldLocator = z.infer<typeof ZFieldLocator>

/** Which ticket property a template's field fills. */
export const FieldTargetKind = {
  priority: 'priority',
  category: 'category',
  requester: 'requester',
  tags: 'tags',
  customField: 'customField',
  /** Extracted and shown on the ticket only. */
  none: 'none',
} as const
export const ZFieldTarget = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal(FieldTargetKind.priority) }).strict(),
  z.object({ kind: z.literal(FieldTargetKind.category) }).strict(),
  z.object({ kind: z.literal(FieldTargetKind.requester) }).strict(),
  z.object({ kind: z.literal(FieldTargetKind.tags) }).strict(),
  z.object({ kind: z.literal(FieldTargetKind.customField), key: ZCustomFieldKey }).strict(),
  z.object({ kind: z.literal(FieldTargetKind.none) }).strict(),
])
export type TFieldTarget = z.infer<typeof ZFieldTarget>

/**
 * One field of a template: its name (shown beside its value), how it is found, its type, whether the mail
 * must hold it, the value it takes when absent, and what it fills. A field filling a custom field has that
 * field's type (checked on save) and is read with its options and format.
 */
export const ZTemplateField = ZValueShape.extend({
  name: ZListName(TemplateLimits.fieldLabel, TemplateMessages.fieldLabel),
  locator: ZFieldLocator,
  required: z.boolean().default(false),
  default: z.string().max(TemplateLimits.defaultValue).nullable().default(null),
  target: ZFieldTarget.default({ kind: FieldTargetKind.none }),
})
  .strict()
  .superRefine((field, context) => {
    checkValueShape(field, context)
    if (field.target.kind === FieldTargetKind.priority) {
      const priorities: readonly string[] = TICKET_PRIORITIES
      const fits =
        field.type === CustomFieldType.choice && field.options.every((o) => priorities.includes(o.value))
      if (!fits)
        context.addIssue({ code: 'custom', path: ['options'], message: TemplateMessages.priorityOptions })
    }
  })
export type TTemplateField = z.infer<typeof ZTemplateField>

/** A mail as a template reads it: a saved test email, a preview's sample, or a stored message. */
export const ZSampleMail = z
  .object({
    from: z.string().max(320).default(''),
    subject: z.string().max(TemplateLimits.testEmailSubject).default(''),
    /** Header names lower-case, each once (the first value). */
    headers: z
      .record(z.string().max(100), z.string().max(2000))
      .refine((h) => Object.keys(h).length <= TemplateLimits.testEmailHeaders)
      .default({}),
    body: z.string().max(TemplateLimits.testEmailBody).default(''),
  })
  .strict()
export type TSampleMail = z.infer<typeof ZSampleMail>

/** A saved test email of a template, and the values it must give (by field name; null: must be absent). */
export const ZTemplateTestEmail = z
  .object({
    name: ZListName(TemplateLimits.name, TemplateMessages.nameRequired),
    mail: ZSampleMail,
    expected: z.record(z.string().max(TemplateLimits.fieldLabel), ZCustomFieldValue),
  })
  .strict()
export type TTemplateTestEmail = z.infer<typeof ZTemplateTestEmail>

/**
 * What the server last found of a template (never sent by a client): its regression set's pass rate, its
 * match rate over the mailbox's recent mail, and `flagged` when the second fell below the first (a vendor
 * changed its layout). Rates are 0..1; null when there was nothing to measure.
 */
export const ZTemplateHealth = z.object({
  regressionPassRate: z.number().min(0).max(1).nullable(),
  failingTestEmails: z.array(z.string()),
  recentMatchRate: z.number().min(0).max(1).nullable(),
  recentChecked: z.number().int().min(0),
  flagged: z.boolean(),
  checkedAt: z.string().nullable(),
})
export type TTemplateHealth = z.infer<typeof ZTemplateHealth>

export const TEMPLATE_HEALTH_UNCHECKED: TTemplateHealth = {
  regressionPassRate: null,
  failingTestEmails: [],
  recentMatchRate: null,
  recentChecked: 0,
  flagged: false,
  checkedAt: null,
}

const ZTemplateName = ZListName(TemplateLimits.name, TemplateMessages.nameRequired)
const ZTemplateFields = z
  .array(ZTemplateField)
  .max(TemplateLimits.fieldsPerTemplate, TemplateMessages.tooManyFields)
  .refine((fields) => new Set(fields.map((f) => f.name.toLowerCase())).size === fields.length, {
    message: TemplateMessages.duplicateFieldName,
  })
const ZTestEmails = z
  .array(ZTemplateTestEmail)
  .max(TemplateLimits.testEmails, TemplateMessages.tooManyTestEmails)

/** A template as a client writes it, and as a preview runs it (a draft). Lower `position` is tried first. */
export const ZTemplateDraft = z
  .object({
    name: ZTemplateName,
    position: z.number().int().min(0).max(10_000).default(0),
    enabled: z.boolean().default(true),
    match: ZTemplateMatch.default({ sender: null, subject: null, content: null }),
    fields: ZTemplateFields.default([]),
    testEmails: ZTestEmails.default([]),
  })
  .strict()
export type TTemplateDraft = z.infer<typeof ZTemplateDraft>

/** A template as stored (collection `templates`). */
export const ZTemplateAttributes = z.object({
  teamId: z.string(),
  name: z.string().max(TemplateLimits.name),
  position: z.number().int(),
  enabled: z.boolean(),
  match: ZTemplateMatch,
  fields: z.array(ZTemplateField),
  testEmails: z.array(ZTemplateTestEmail),
  health: ZTemplateHealth,
})
export type TTemplateAttributes = z.infer<typeof ZTemplateAttributes>

export const ZTemplateCreate = ZTemplateDraft.extend({ teamId: z.string().max(36).optional() })
export type TTemplateCreate = z.input<typeof ZTemplateCreate>
export const ZTemplateUpdate = z
  .object({
    name: ZTemplateName,
    position: z.number().int().min(0).max(10_000),
    enabled: z.boolean(),
    match: ZTemplateMatch,
    fields: ZTemplateFields,
    testEmails: ZTestEmails,
  })
  .partial()
  .strict()
export type TTemplateUpdate = z.input<typeof ZTemplateUpdate>

/** Where an extracted value was found. Offsets are in the part's text (UTF-16 units), lines from 1. */
export const ZValueSource = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('text'),
    in: z.enum(MAIL_PARTS),
    start: z.number().int(),
    end: z.number().int(),
    line: z.number().int(),
  }),
  z.object({ kind: z.literal('header'), name: z.string() }),
  z.object({ kind: z.literal('default') }),
])
export type TValueSource = z.infer<typeof ZValueSource>

/** One field's outcome on one mail: the typed value, the text it was read from, where, or why it failed. */
export const ZExtractedField = z.object({
  name: z.string(),
  target: ZFieldTarget,
  value: ZCustomFieldValue,
  raw: z.string().nullable(),
  source: ZValueSource.nullable(),
  error: z.string().nullable(),
})
export type TExtractedField = z.infer<typeof ZExtractedField>

/**
 * What extraction did to a ticket: `extracted` (a template matched and every required field was read),
 * `failed` (a template matched but a required field is missing or malformed: the ticket is made all the
 * same, with what could be read) or `noTemplate` (no enabled template matched: a flag for the agents).
 */
export const ExtractionStatus = {
  extracted: 'extracted',
  failed: 'failed',
  noTemplate: 'noTemplate',
} as const
export const EXTRACTION_STATUSES = ['extracted', 'failed', 'noTemplate'] as const
export type TExtractionStatus = (typeof EXTRACTION_STATUSES)[number]

export const ZTicketExtraction = z.object({
  status: z.enum(EXTRACTION_STATUSES),
  templateId: z.string().nullable(),
  templateName: z.string().nullable(),
  fields: z.array(ZExtractedField),
})
export type TTicketExtraction = z.infer<typeof ZTicketExtraction>

/** A template's run on one mail: whether it matched, and if so what it read. */
export type TTemplateRun = {
  matched: boolean
  /** Matched, and every required field was read and valid. */
  passed: boolean
  fields: TExtractedField[]
}

/** What the preview runs a draft on: a mail written out, or a stored message of this workspace. */
export const ZPreviewSample = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('mail'), mail: ZSampleMail }).strict(),
  z.object({ kind: z.literal('message'), messageId: z.string().min(1).max(36) }).strict(),
])
export type TPreviewSample = z.infer<typeof ZPreviewSample>

/** POST /v1/templates/preview (owners and admins): a draft run over a sample and the mailbox's recent mail. */
export const ZTemplatePreviewRequest = z
  .object({
    teamId: z.string().min(1).max(36),
    template: ZTemplateDraft,
    sample: ZPreviewSample.nullable().default(null),
    /** Also run over the workspace's newest `TemplateLimits.recentEmails` customer emails. */
    recent: z.boolean().default(true),
  })
  .strict()
export type TTemplatePreviewRequest = z.input<typeof ZTemplatePreviewRequest>

export type TPreviewRow = {
  messageId: string
  ticketId: string
  from: string
  subject: string
  receivedAt: string
} & TTemplateRun

export type TRegressionResult = { name: string; passed: boolean; mismatches: string[] }

export type TTemplatePreviewResponse = {
  sample: TTemplateRun | null
  recent: TPreviewRow[]
  /** The matched share of `recent`, null when there was no recent mail. */
  recentMatchRate: number | null
  regression: TRegressionResult[]
}
