import type {
  TCustomFieldValue,
  TRegressionResult,
  TTemplateRun,
  TTemplateTestEmail,
} from '@parsedesk/contracts'
import { runTemplate, type TRunnableTemplate } from './run-template'

const shown = (value: TCustomFieldValue | undefined) =>
  value === null || value === undefined ? 'nothing' : JSON.stringify(value)

/** Each expected value the run did not give, as a sentence naming the field. */
function mismatches(run: TTemplateRun, expected: TTemplateTestEmail['expected']): string[] {
  if (!run.matched) return ['The template does not match this email']
  const read = new Map(run.fields.map((field) => [field.name.toLowerCase(), field]))
  return Object.entries(expected).flatMap(([name, value]) => {
    const field = read.get(name.toLowerCase())
    if (!field) return [`${name}: no such field in the template`]
    if (field.value === value) return []
    const why = field.error ? ` (${field.error})` : ''
    return [`${name}: expected ${shown(value)}, read ${shown(field.value)}${why}`]
  })
}

/**
 * The template's saved test emails run again: a test email passes when the template matches it, every
 * required field is read, and each expected value is the value read. A vendor's changed layout shows here
 * as the field and the value it no longer gives.
 */
export function runRegression(
  template: TRunnableTemplate,
  testEmails: readonly TTemplateTestEmail[],
): TRegressionResult[] {
  return testEmails.map((test) => {
    let run: TTemplateRun
    try {
      run = runTemplate(template, test.mail)
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error)
      return { name: test.name, passed: false, mismatches: [reason] }
    }
    const differences = mismatches(run, test.expected)
    // A required field that failed the run and was not among the expected values still says why.
    template.fields.forEach((field, index) => {
      const error = run.fields[index]?.error
      if (field.required && error && !differences.some((line) => line.startsWith(`${field.name}:`)))
        differences.push(`${field.name}: ${error}`)
    })
    return { name: test.name, passed: run.passed && differences.length === 0, mismatches: differences }
  })
}
