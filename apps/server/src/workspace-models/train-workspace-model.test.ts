import { describe, expect, it } from 'vitest'
import type { TLabelledTicket } from './labelled-tickets'
import { trainWorkspaceModel } from './train-workspace-model'

const TEXTS: Record<string, string[]> = {
  'billing-payment': [
    'charged twice on my invoice',
    'refund the duplicate card payment',
    'wrong VAT on the bill',
  ],
  'technical-issue': ['the app crashes on upload', 'error 500 when exporting', 'login page keeps loading'],
}

function labelled(count: number, analysedAs: (category: string) => string | null): TLabelledTicket[] {
  return Array.from({ length: count }, (_, n) => {
    const category = n % 2 === 0 ? 'billing-payment' : 'technical-issue'
    const texts = TEXTS[category] as string[]
    return {
      id: `t${n}`,
      subject: '',
      body: `${texts[n % texts.length]} (ticket ${n})`,
      text: `${texts[n % texts.length]} (ticket ${n})`,
      label: category,
      analysed: analysedAs(category),
      corrected: false,
      createdAt: new Date(Date.UTC(2026, 0, 1, 0, n)),
    }
  })
}

describe('trainWorkspaceModel', () => {
  it('is no better than a shipped model that already filed every ticket as the team did, so it is not used', () => {
    const training = trainWorkspaceModel(
      labelled(100, (category) => category),
      'category',
    )
    expect(training).not.toBeNull()
    expect(training?.shippedAccuracy).toBe(1)
    expect(training?.workspaceAccuracy).toBeLessThanOrEqual(1)
    expect((training?.workspaceAccuracy ?? 0) > (training?.shippedAccuracy ?? 1)).toBe(false)
  })

  it('holds out the newest fifth and beats a shipped model that filed them wrongly', () => {
    const training = trainWorkspaceModel(
      labelled(100, () => 'other'),
      'category',
    )
    expect(training).toMatchObject({ examples: 80, heldOut: 20, shippedAccuracy: 0 })
    expect(training?.workspaceAccuracy).toBeGreaterThan(0.9)
  })

  it('learns nothing until two categories have ten examples each', () => {
    expect(
      trainWorkspaceModel(
        labelled(20, () => 'other'),
        'category',
      ),
    ).toBeNull()
  })
})
