import { readTicketAnalysis, ZTicketAnalysis } from '@parsedesk/contracts'
import { describe, expect, it } from 'vitest'
import { createAnalyser, DEFAULT_MODEL_PATH } from './index'
import { createLocalAnalyser } from './local-analyser'
import { loadClassifier } from './model/classifier'

describe('createAnalyser with the default model', () => {
  it('analyses a refund email: plain-word category, priority with reasons, entities and a next step', async () => {
    const analyser = await createAnalyser()
    const result = await analyser.analyse({
      subject: 'Refund for order #123456',
      body: 'Hello,\n\nI returned the shoes two weeks ago and still have not received my refund of $89.90 for order 123456. This is the third time I ask!!\n\nRegards,\nSam\n+1 (555) 123-4567\n\nOn Mon, Shop <help@shop.example> wrote:\n> Thanks for your return.',
    })
    expect(ZTicketAnalysis.parse(result)).toEqual(result)
    expect(result.category).toBe('Refund and cancellation')
    expect(result.details!.categoryLabel).toBe('refund-cancellation')
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
    expect(lines[1]).toMatch(/^Category: Refund and cancellation \(\d+% confident\)\.$/)
    expect(lines[2]).toBe('Priority: high, because the ticket:')
    expect(lines).toContainEqual(expect.stringMatching(/^- has been raised before \(".+"\)$/))
    expect(lines).toContain('- Order number: 123456')
    expect(lines).toContain('- Amount: 89.90 USD')
    expect(lines.at(-1)).toBe(
      'Next step: Answer first. Make or confirm the cancellation or refund for order 123456, and tell the customer when it takes effect and when to expect any money back.',
    )
  })

  it('files a technical problem of a software product as one', async () => {
    const analyser = await createAnalyser()
    const result = await analyser.analyse({
      subject: 'Kubernetes pods crash',
      body: 'Our Kubernetes 1.29 cluster keeps evicting pods on node pool B since the kernel upgrade.',
    })
    expect(result.category).toBe('Technical problem')
    expect(result.details!.entities.products).toContain('Kubernetes 1.29')
  })

  it('says Other, with the closest guess and no queue that does not exist, when no category fits', async () => {
    const analyser = await createAnalyser()
    const result = await analyser.analyse({ subject: 'Hello', body: 'Just saying hi, nice weather today.' })
    expect(result.category).toBe('Other')
    expect(result.details!.categoryLabel).toBe('other')
    expect(result.analysis).toMatch(
      /Category: Other \(no category fits well; closest is \w[\w ]* at \d+%\)\./,
    )
    expect(result.details!.nextStep).toBe(
      'No category fits well: read it, then reply or pass it to the colleague who knows the subject.',
    )
  })

  it('files a verification mail that never came under account and access, not delivery', async () => {
    const analyser = await createAnalyser()
    const result = await analyser.analyse({
      subject: 'Verification email never arrived',
      body: 'I signed up this morning but the verification email never arrived.',
    })
    expect(result.category).toBe('Account and access')
    expect(result.details!.nextStep).not.toMatch(/shipment|order/i)
  })

  it('files a subscription cancellation under refund and cancellation, not as high', async () => {
    const analyser = await createAnalyser()
    const result = await analyser.analyse({
      subject: 'Cancel subscription',
      body: 'Please cancel my subscription. I do not want to be charged again.',
    })
    expect(result.category).toBe('Refund and cancellation')
    expect(result.priority).toBe('medium')
    expect(result.analysis.split('\n')[2]).toBe(
      'Priority: medium, as nothing in the ticket points to urgency or to low stakes.',
    )
  })

  it('asks for the order number when an order ticket lacks one', async () => {
    const analyser = await createAnalyser()
    const result = await analyser.analyse({
      subject: '',
      body: 'Where is my parcel? It still has not arrived.',
    })
    expect(result.category).toBe('Orders and delivery')
    expect(result.details!.nextStep).toBe(
      'Look up the order and reply with its status or the requested change. Ask for the order number.',
    )
  })

  it('files a newsletter as spam and marketing, low, with the reason and a next step that is no reply', async () => {
    const analyser = await createAnalyser()
    const result = await analyser.analyse({
      subject: 'Urgent: our biggest sale ends today!',
      body: 'Save 40% on all plans until midnight. Questions? Just reply to this email.',
      headers: [
        { Name: 'From', Value: 'Deals <news@saas.example>' },
        { Name: 'List-Unsubscribe', Value: '<https://saas.example/unsubscribe?u=1>' },
      ],
    })
    expect(result.category).toBe('Spam and marketing')
    expect(result.priority).toBe('low')
    expect(result.details!.categoryReason).toBe('spam (bulk mail: List-Unsubscribe header)')
    expect(result.details!.spamReason).toBe('bulk mail: List-Unsubscribe header')
    expect(result.analysis.split('\n')[1]).toBe(
      'Category: Spam and marketing (spam (bulk mail: List-Unsubscribe header)).',
    )
    expect(result.details!.priorityReasons).toEqual([
      'is spam or bulk mail (bulk mail: List-Unsubscribe header)',
    ])
    expect(result.details!.nextStep).toMatch(/^No reply: /)
    expect(result.details!.nextStep).not.toMatch(/reply to the customer/i)
  })

  it('says the category model filed a ticket as spam when no spam rule did, in the field and the lines', async () => {
    const model = await loadClassifier({ path: DEFAULT_MODEL_PATH })
    // The shipped model seldom files spam on its own, so this one is sure of it whatever it reads.
    const analyser = createLocalAnalyser({
      classifier: {
        ...model,
        classify: () => ({
          label: 'spam-marketing',
          displayLabel: 'Spam and marketing',
          confidence: 0.88,
          ranked: [{ label: 'spam-marketing', displayLabel: 'Spam and marketing', probability: 0.88 }],
        }),
      },
    })
    const result = await analyser.analyse({
      subject: 'Grow your traffic',
      body: 'We sell backlinks and guest posts at great prices.',
    })
    expect(result.category).toBe('Spam and marketing')
    expect(result.details!.spamReason).toBe('filed by the category model, 88% confident')
    expect(result.details!.categoryReason).toBe('spam (filed by the category model, 88% confident)')
    // What the spam badge shows for a ticket analysed so, read from its description's lines alone.
    expect(readTicketAnalysis({ description: result.analysis })?.spamReason).toBe(
      'filed by the category model, 88% confident',
    )
  })

  it('analyses a customer mail relayed by a support group (List-Post) as the customer wrote it', async () => {
    const analyser = await createAnalyser()
    const result = await analyser.analyse({
      subject: 'Charged twice',
      body: 'Hi, my card was charged twice for this month. Please refund one of the charges.',
      headers: [
        { Name: 'List-Id', Value: '<support.acme.example>' },
        { Name: 'List-Post', Value: '<mailto:support@acme.example>' },
        { Name: 'List-Unsubscribe', Value: '<mailto:googlegroups-manage+1+unsubscribe@googlegroups.com>' },
        { Name: 'Precedence', Value: 'list' },
      ],
    })
    expect(result.category).not.toBe('Spam and marketing')
    expect(result.details!.spamReason).toBeUndefined()
    expect(result.details!.categoryReason).toMatch(/^\d+% confident$/)
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
    expect(result.category).toBe('Refund and cancellation')
    expect(result.details!.entities.orderNumbers).toEqual(['998877'])
  })

  it('reads long runs of letters, digits, dots or spaces in time that grows with their length, not its square', async () => {
    // Each of these took over a second at 20,000 characters while a pattern re-read the run from every start
    // in it, so at 80,000 they would take over 16 s. Read in linear time they take well under a second, even
    // on a loaded machine: the bound sits between the two, far from both, as a bound on 20,000 did not (a
    // machine loaded by parallel test runs took 300 ms where 250 was allowed).
    const analyser = await createAnalyser()
    const bodies = [
      'a.'.repeat(40_000),
      `${'A.'.repeat(40_000)}@ x`,
      `${'1.2.'.repeat(20_000)} usd`,
      `${'1,'.repeat(40_000)}€`,
      `${'v1.'.repeat(26_666)} 2`,
      ' '.repeat(80_000),
      `Please help.\n${'Thanks\n'.repeat(11_200)}`,
    ]
    for (const body of bodies) {
      const started = performance.now()
      await analyser.analyse({ subject: 'Subject', body })
      expect(performance.now() - started).toBeLessThan(3_000)
    }
  })
})
