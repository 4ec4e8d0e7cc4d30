import { z } from 'zod'

/**
 * Satisfaction surveys and the ticket lifecycle's clocks (issue 27, items 4 and 6; decision 057). Each
 * number is a workspace preference that owners and admins set through the team's preferences.
 */
export const LifecycleSettings = {
  csatDelayHours: { pref: 'csatDelayHours', default: 24, min: 0, max: 24 * 30 },
  lockClosedAfterDays: { pref: 'lockClosedAfterDays', default: 14, min: 1, max: 365 },
  pendingReminderDays: { pref: 'pendingReminderDays', default: 3, min: 1, max: 90 },
  pendingCloseDays: { pref: 'pendingCloseDays', default: 7, min: 1, max: 180 },
} as const
export type TLifecycleSettingName = keyof typeof LifecycleSettings
export const LIFECYCLE_SETTING_NAMES = Object.keys(LifecycleSettings) as TLifecycleSettingName[]
export type TLifecycleSettings = Record<TLifecycleSettingName, number>

const settingSchema = (name: TLifecycleSettingName) =>
  z.number().int().min(LifecycleSettings[name].min).max(LifecycleSettings[name].max)

/** A workspace's choices, each its default when unset or not a number in range. */
export function lifecycleSettingsOf(prefs: Record<string, unknown> | null | undefined): TLifecycleSettings {
  const read = (name: TLifecycleSettingName) => {
    const parsed = settingSchema(name).safeParse(prefs?.[LifecycleSettings[name].pref])
    return parsed.success ? parsed.data : LifecycleSettings[name].default
  }
  return {
    csatDelayHours: read('csatDelayHours'),
    lockClosedAfterDays: read('lockClosedAfterDays'),
    pendingReminderDays: read('pendingReminderDays'),
    pendingCloseDays: read('pendingCloseDays'),
  }
}

/** Why a preferences change with one of these keys is refused; undefined when they are all right. */
export function lifecyclePrefsProblem(prefs: Record<string, unknown>): string | undefined {
  for (const name of LIFECYCLE_SETTING_NAMES) {
    const { pref, min, max } = LifecycleSettings[name]
    if (prefs[pref] !== undefined && !settingSchema(name).safeParse(prefs[pref]).success)
      return `${pref} is a whole number from ${min} to ${max}`
  }
  const settings = lifecycleSettingsOf(prefs)
  if (settings.pendingCloseDays <= settings.pendingReminderDays) return LifecycleMessages.closeBeforeReminder
  return undefined
}

export const LifecycleMessages = {
  closeBeforeReminder: 'Pending tickets must close later than their reminder',
  saved: 'Ticket lifecycle saved',
  notSaved: 'The ticket lifecycle was not saved',
} as const

export const SatisfactionRating = { good: 'good', bad: 'bad' } as const
export const SATISFACTION_RATINGS = [SatisfactionRating.good, SatisfactionRating.bad] as const
export type TSatisfactionRating = (typeof SATISFACTION_RATINGS)[number]

export const SatisfactionLimits = {
  /** A survey's link works this long after it is sent, once. */
  linkDays: 14,
  /** One survey per requester per this many days, whatever the number of tickets closed. */
  perRequesterDays: 7,
  comment: 2000,
  /** Random bytes of a rating link's token (256 bits; the issue asks for at least 128). */
  tokenBytes: 32,
} as const

/** A rating link's token: base64url of `tokenBytes` random bytes. */
export const ZSurveyToken = z.string().regex(/^[A-Za-z0-9_-]{43}$/)

/** What the rating page's form posts. */
export const ZSatisfactionAnswer = z.object({
  rating: z.enum(SATISFACTION_RATINGS),
  comment: z
    .string()
    .max(SatisfactionLimits.comment)
    .refine((value) => !value.includes('\u0000'), 'contains a NUL character')
    .default(''),
})
export type TSatisfactionAnswer = z.infer<typeof ZSatisfactionAnswer>

/** Local parts of addresses nobody reads: no survey or reminder goes to them. */
export const AUTOMATIC_SENDER_PATTERN =
  /^(no-?reply|do-?not-?reply|donotreply|mailer-daemon|postmaster|bounces?|notifications?|automated|auto-?confirm)([+._-].*)?@/i

export const SURVEY_LANGUAGES = ['en', 'de', 'fr', 'es', 'pt'] as const
export type TSurveyLanguage = (typeof SURVEY_LANGUAGES)[number]

/** The analysis names a language in English ("German"); a survey speaks it when it is one of ours. */
export const SURVEY_LANGUAGE_BY_NAME: Record<string, TSurveyLanguage> = {
  English: 'en',
  German: 'de',
  French: 'fr',
  Spanish: 'es',
  Portuguese: 'pt',
}

export type TSurveyTexts = {
  subject: string
  /** The mail's opening: `{number}` and `{subject}` are the ticket's. */
  intro: string
  question: string
  good: string
  bad: string
  commentLabel: string
  send: string
  thanks: string
  expired: string
  used: string
  notFound: string
  reminderSubject: string
  reminder: string
}

/** Every word the requester reads, in each language we speak; English when theirs is not among them. */
export const SURVEY_TEXTS: Record<TSurveyLanguage, TSurveyTexts> = {
  en: {
    subject: 'How did we do? [#{number}]',
    intro: 'Your request #{number} "{subject}" was resolved. How was the help you got?',
    question: 'How would you rate the help you got?',
    good: 'Good, I’m satisfied',
    bad: 'Bad, I’m unsatisfied',
    commentLabel: 'Anything you want to tell us? (optional)',
    send: 'Send rating',
    thanks: 'Thank you for your rating.',
    expired: 'This rating link has expired.',
    used: 'This rating link was already used. Thank you!',
    notFound: 'This rating link is not valid.',
    reminderSubject: 'We are waiting for your answer [#{number}]',
    reminder:
      'We are still waiting for your answer on your request #{number} "{subject}". Reply to this email and we will carry on; otherwise the request will be closed soon.',
  },
  de: {
    subject: 'Wie waren wir? [#{number}]',
    intro: 'Ihre Anfrage #{number} „{subject}“ wurde gelöst. Wie zufrieden sind Sie mit der Hilfe?',
    question: 'Wie bewerten Sie die Hilfe, die Sie erhalten haben?',
    good: 'Gut, ich bin zufrieden',
    bad: 'Schlecht, ich bin unzufrieden',
    commentLabel: 'Möchten Sie uns etwas mitteilen? (optional)',
    send: 'Bewertung senden',
    thanks: 'Vielen Dank für Ihre Bewertung.',
    expired: 'Dieser Bewertungslink ist abgelaufen.',
    used: 'Dieser Bewertungslink wurde bereits verwendet. Vielen Dank!',
    notFound: 'Dieser Bewertungslink ist ungültig.',
    reminderSubject: 'Wir warten auf Ihre Antwort [#{number}]',
    reminder:
      'Wir warten noch auf Ihre Antwort zu Ihrer Anfrage #{number} „{subject}“. Antworten Sie auf diese E-Mail, dann machen wir weiter; sonst wird die Anfrage bald geschlossen.',
  },
  fr: {
    subject: 'Comment nous sommes-nous débrouillés ? [#{number}]',
    intro: 'Votre demande #{number} « {subject} » a été résolue. Comment jugez-vous l’aide reçue ?',
    question: 'Comment évaluez-vous l’aide que vous avez reçue ?',
    good: 'Bien, je suis satisfait',
    bad: 'Mal, je ne suis pas satisfait',
    commentLabel: 'Quelque chose à nous dire ? (facultatif)',
    send: 'Envoyer l’évaluation',
    thanks: 'Merci pour votre évaluation.',
    expired: 'Ce lien d’évaluation a expiré.',
    used: 'Ce lien d’évaluation a déjà été utilisé. Merci !',
    notFound: 'Ce lien d’évaluation n’est pas valide.',
    reminderSubject: 'Nous attendons votre réponse [#{number}]',
    reminder:
      'Nous attendons toujours votre réponse à votre demande #{number} « {subject} ». Répondez à cet e-mail pour continuer ; sinon la demande sera bientôt fermée.',
  },
  es: {
    subject: '¿Qué tal lo hicimos? [#{number}]',
    intro: 'Su solicitud #{number} «{subject}» se ha resuelto. ¿Qué le pareció la ayuda recibida?',
    question: '¿Cómo valora la ayuda que recibió?',
    good: 'Buena, estoy satisfecho',
    bad: 'Mala, no estoy satisfecho',
    commentLabel: '¿Algo que quiera contarnos? (opcional)',
    send: 'Enviar valoración',
    thanks: 'Gracias por su valoración.',
    expired: 'Este enlace de valoración ha caducado.',
    used: 'Este enlace de valoración ya se utilizó. ¡Gracias!',
    notFound: 'Este enlace de valoración no es válido.',
    reminderSubject: 'Esperamos su respuesta [#{number}]',
    reminder:
      'Seguimos esperando su respuesta a su solicitud #{number} «{subject}». Responda a este correo y continuaremos; si no, la solicitud se cerrará pronto.',
  },
  pt: {
    subject: 'Como nos saímos? [#{number}]',
    intro: 'O seu pedido #{number} "{subject}" foi resolvido. O que achou da ajuda recebida?',
    question: 'Como avalia a ajuda que recebeu?',
    good: 'Boa, estou satisfeito',
    bad: 'Má, não estou satisfeito',
    commentLabel: 'Quer dizer-nos mais alguma coisa? (opcional)',
    send: 'Enviar avaliação',
    thanks: 'Obrigado pela sua avaliação.',
    expired: 'Este link de avaliação expirou.',
    used: 'Este link de avaliação já foi usado. Obrigado!',
    notFound: 'Este link de avaliação não é válido.',
    reminderSubject: 'Aguardamos a sua resposta [#{number}]',
    reminder:
      'Ainda aguardamos a sua resposta ao seu pedido #{number} "{subject}". Responda a este e-mail e continuaremos; caso contrário, o pedido será fechado em breve.',
  },
}

/** The language of an Accept-Language header we speak best, English when none of ours is named. */
export function surveyLanguageOfHeader(header: string | undefined): TSurveyLanguage {
  const ranked = (header ?? '')
    .split(',')
    .slice(0, 20)
    .map((part) => {
      const [tag = '', ...params] = part.trim().split(';')
      const q = Number(
        params
          .find((param) => param.trim().startsWith('q='))
          ?.trim()
          .slice(2) ?? 1,
      )
      return { language: tag.trim().slice(0, 2).toLowerCase(), q: Number.isFinite(q) ? q : 0 }
    })
    .filter((entry) => entry.q > 0)
    .sort((a, b) => b.q - a.q)
  const found = ranked.find((entry) => (SURVEY_LANGUAGES as readonly string[]).includes(entry.language))
  return (found?.language as TSurveyLanguage | undefined) ?? 'en'
}
