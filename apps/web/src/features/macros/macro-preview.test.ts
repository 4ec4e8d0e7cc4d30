import { describe, expect, it } from 'vitest'
import { describeActions, previewMacro } from './macro-preview'

const grace = { userId: 'grace-id', name: 'Grace Hopper' }

describe('the macro card’s preview', () => {
  it('fills the placeholders from the sample ticket and the agent looking', () => {
    const rendered = previewMacro(
      {
        body: 'Hi {{requester.name}}, about {{ticket.number}}. {{agent.name}}',
        actions: { status: null, addTags: [], assignee: { kind: 'keep' } },
      },
      { id: 'ada-id', name: 'Ada' },
    )
    expect(rendered.body).toBe('Hi Ada Lovelace, about #1042. Ada')
  })

  it('says what applying the macro does, in one sentence', () => {
    expect(
      describeActions(
        {
          actions: {
            status: 'closed',
            addTags: ['refund', 'vip'],
            assignee: { kind: 'member', userId: 'grace-id' },
          },
        },
        [grace],
      ),
    ).toBe('Set status closed, add tags refund, vip, assign it to Grace Hopper.')
    expect(
      describeActions(
        { actions: { status: null, addTags: [], assignee: { kind: 'member', userId: 'gone' } } },
        [grace],
      ),
    ).toBe('Assign it to a former member.')
    expect(describeActions({ actions: { status: null, addTags: [], assignee: { kind: 'keep' } } }, [])).toBe(
      'Changes nothing on the ticket.',
    )
  })
})
