import { createRequire } from 'node:module'
import type { Page } from 'playwright-core'

const AXE_PATH = createRequire(import.meta.url).resolve('axe-core/axe.min.js')

export type TViolation = { id: string; impact: string | null | undefined; targets: string[] }

/** Runs axe-core's WCAG 2.1 A and AA rules on the page as it is now; an empty list means none failed. */
export async function findAccessibilityViolations(page: Page): Promise<TViolation[]> {
  await page.addScriptTag({ path: AXE_PATH })
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
