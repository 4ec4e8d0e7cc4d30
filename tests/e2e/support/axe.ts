import fs from 'node:fs'
import { createRequire } from 'node:module'
import type { Page } from '@playwright/test'

const AXE_SOURCE = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')

export type TViolation = { id: string; impact: string | null | undefined; targets: string[] }

/** Runs axe-core's WCAG 2.1 A and AA rules on the page as it is now; an empty list means none failed. */
export async function findAccessibilityViolations(page: Page): Promise<TViolation[]> {
  // Evaluated through the browser's debugging protocol, which the page's own security policy (scripts
  // from its origin only) does not govern; a <script> tag would be refused, as it should be.
  await page.evaluate(AXE_SOURCE)
  return page.evaluate(async () => {
    type TAxe = {
      run: (
        context: Document,
        options: object,
      ) => Promise<{
        violations: { id: string; impact?: string | null; nodes: { target: unknown[] }[] }[]
      }>
    }
    const axe = (window as unknown as { axe: TAxe }).axe
    const result = await axe.run(document, {
      resultTypes: ['violations'],
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
    })
    return result.violations.map((violation) => ({
      id: violation.id,
      impact: violation.impact,
      targets: violation.nodes.slice(0, 5).map((node) => node.target.join(' ')),
    }))
  })
}
