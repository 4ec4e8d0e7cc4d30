import { ZTicketAnalysis } from '@parsedesk/contracts'
import { describe, expect, it } from 'vitest'
import { createAnalyser } from './index'

describe('createAnalyser with the default model', () => {
  it('analyses a refund email: plain-word category, priority with reasons, entities and a next step', async () => {
    const analyser = await createAnalyser()
    const result = await analyser.analyse({
      subject: 'Refund for order #123456',
      body: 'Hello,\n\nI returned the shoes two weeks ago and still have not received my refund of $89.90 for order 123456. This is the third time I ask!!\n\nRegards,\nSam\n+1 (555) 123-4567\n\nOn Mon, Shop <help@shop.example> wrote:\n> Thanks for your return.',
    })
    expect(ZTicketAnalysis.parse(result)).toEqual(result)
    expect(result.category).toBe('Refund')
    expect(result.priority).toBe('high')
    expect(result.confidence).toBeGreaterThan(0.5)
    expect(result.details!.entities.orderNumbers).toEqual(['123456'])
    expect(result.details!.entities.amounts).toEqual([{ value: '89.90', currency: 'USD' }])
    expect(result.details!.entities.phones).toEqual(['+1 (555) 123-4567'])
    expect(result.details!.sentiment).toBe('angry')
    expect(result.details!.language).toBe('English')
    const lines = result.analysis.split('\n')
    expect(lines[0]).toBe(
      'Summary: I returned the shoes two weeks ago and still have not received my refund of $89.90 for order 123456.',
    )
    expect(lines[1]).toMatch(/^Category: Refund \(\d+% confident\)\.$/)
    expect(lines[2]).toMatch(/^Priority: high, because the ticket .*has been raised before/)
    expect(lines.at(-1)).toBe(
      'Next step: Answer first. Check the refund for order 123456 and tell the customer when to expect the money.',
    )
  })

  it('says General, with the closest guess, when no category of the taxonomy fits', async () => {
    const analyser = await createAnalyser()
    const result = await analyser.analyse({
      subject: 'Kubernetes pods crash',
      body: 'Our Kubernetes 1.29 cluster keeps evicting pods on node pool B since the kernel upgrade.',
    })
    expect(result.category).toBe('General')
    expect(result.analysis).toMatch(
      /Category: General \(no category fits well; closest is \w[\w ]* at \d+%\)\./,
    )
    expect(result.details!.entities.products).toContain('Kubernetes 1.29')
  })

  it('asks for the order number when an order ticket lacks one', async () => {
    const analyser = await createAnalyser()
    const result = await analyser.analyse({ subject: '', body: 'I want to cancel my last order' })
    expect(result.category).toBe('Order')
    expect(result.details!.nextStep).toMatch(/Ask for the order number\.$/)
  })

  it('handles an empty ticket without failing', async () => {
    const analyser = await createAnalyser()
    const result = await analyser.analyse({ subject: '', body: '' })
    expect(result.details!.summary).toBe('The ticket has no text.')
    expect(['high', 'medium', 'low']).toContain(result.priority)
  })

  it('analyses a body at the 1 MB ticket limit, a short request above a long quoted thread', async () => {
    const analyser = await createAnalyser()
    const body = `Please refund order 998877, it never arrived.\n${'> earlier message in the thread\n'.repeat(30_000)}`
    const result = await analyser.analyse({ subject: 'Refund', body })
    expect(result.category).toBe('Refund')
    expect(result.details!.entities.orderNumbers).toEqual(['998877'])
  })

  it('reads long runs of letters, digits, dots or spaces in time that grows with their length, not its square', async () => {
    // Each of these took over a second at 20,000 characters while a pattern re-read the run from every start in it.
    const analyser = await createAnalyser()
    const bodies = [
      'a.'.repeat(10_000),
      `${'A.'.repeat(10_000)}@ x`,
      `${'1.2.'.repeat(5_000)} usd`,
      `${'1,'.repeat(10_000)}€`,
      `${'v1.'.repeat(6_666)} 2`,
      ' '.repeat(20_000),
      `Please help.\n${'Thanks\n'.repeat(2_800)}`,
    ]
    for (const body of bodies) {
      const started = performance.now()
      await analyser.analyse({ subject: 'Subject', body })
      expect(performance.now() - started).toBeLessThan(250)
    }
  })
})
