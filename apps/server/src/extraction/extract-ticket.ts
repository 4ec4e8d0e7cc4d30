import { ExtractionStatus, type TSampleMail, type TTicketExtraction } from '@parsedesk/contracts'
import { runTemplate, type TRunnableTemplate } from './run-template'

/** A workspace's template as the ingest hands it over. */
export type TStoredTemplate = TRunnableTemplate & {
  id: string
  name: string
  position: number
  enabled: boolean
}

const NO_TEMPLATE: TTicketExtraction = {
  status: ExtractionStatus.noTemplate,
  templateId: null,
  templateName: null,
  fields: [],
}

/**
 * What extraction makes of one mail: the enabled templates are tried by position (ties in the order given),
 * and the first that matches reads it. A template that matches but misses a required field, or throws,
 * leaves the mail `failed` with what it could read; no match is `noTemplate`. Never throws: a template
 * cannot turn a mail into a failed delivery.
 */
export function extractTicket(templates: readonly TStoredTemplate[], mail: TSampleMail): TTicketExtraction {
  const tried = templates
    .map((template, index) => ({ template, index }))
    .filter(({ template }) => template.enabled)
    .sort((a, b) => a.template.position - b.template.position || a.index - b.index)
  for (const { template } of tried) {
    const named = { templateId: template.id, templateName: template.name }
    try {
      const run = runTemplate(template, mail)
      if (!run.matched) continue
      return {
        status: run.passed ? ExtractionStatus.extracted : ExtractionStatus.failed,
        ...named,
        fields: run.fields,
      }
    } catch {
      return { status: ExtractionStatus.failed, ...named, fields: [] }
    }
  }
  return NO_TEMPLATE
}
