import type { TMacroActions, TMacroContext } from '@parsedesk/contracts'
import { describe, expect, it } from 'vitest'
import { changesOnSend, insertMacro, macroTextToHtml, unfilledPlaceholders } from './macro-insertion'

const CONTEXT: TMacroContext = {
  ticket: { number: 42, subject: 'Export broken', tags: ['export'], assigneeId: null },
  requester: { name: 'Dana', email: 'dana@customer.example' },
  agent: { id: 'u1', name: 'Ada' },
}

const KEEP: TMacroActions = { status: null, addTags: [], assignee: { kind: 'keep' } }

describe('inserting a canned reply', () => {
  it('fills the placeholders and makes paragraphs and line breaks of the text, escaped', () => {
    const inserted = insertMacro(
      {
        body: 'Hi {{requester.name}},\n\nTicket {{ticket.number}} <b>is</b> fixed.\nBest, {{agent.name}}',
        actions: KEEP,
      },
      CONTEXT,
    )
    expect(inserted.html).toBe('<p>Hi Dana,</p><p>Ticket #42 &lt;b&gt;is&lt;/b&gt; fixed.<br>Best, Ada</p>')
    expect(inserted.unresolved).toEqual([])
  })

  it('leaves a placeholder without a value in the text and names it', () => {
    const inserted = insertMacro(
      { body: 'Hi {{requester.name}}, see {{order.id}}', actions: KEEP },
      { ...CONTEXT, requester: { name: '', email: 'dana@customer.example' } },
    )
    expect(inserted.html).toBe('<p>Hi {{requester.name}}, see {{order.id}}</p>')
    expect(inserted.unresolved).toEqual(['requester.name', 'order.id'])
  })

  it('skips blank blocks and normalises Windows line ends', () => {
    expect(macroTextToHtml('One\r\n\r\n\r\n  \n\nTwo')).toBe('<p>One</p><p>Two</p>')
  })
})

describe('what a send changes', () => {
  const macro = {
    actions: { status: 'closed', addTags: ['fixed'], assignee: { kind: 'applier' } } satisfies TMacroActions,
  }

  it('takes the macro’s status, tags and assignee when the plain Send is pressed', () => {
    expect(changesOnSend({ buttonStatus: undefined, macro, context: CONTEXT })).toEqual({
      status: 'closed',
      ticket: { tags: ['export', 'fixed'], assigneeId: 'u1' },
    })
  })

  it('lets the button’s status win over the macro’s', () => {
    expect(changesOnSend({ buttonStatus: 'pending', macro, context: CONTEXT }).status).toBe('pending')
  })

  it('changes nothing without a macro but the button’s status', () => {
    expect(changesOnSend({ buttonStatus: undefined, macro: null, context: CONTEXT })).toEqual({
      status: undefined,
      ticket: {},
    })
  })
})

describe('placeholders left unfilled', () => {
  it('holds the send while one is still in the text, and not once the agent wrote over it', () => {
    expect(
      unfilledPlaceholders('Hi {{requester.name}}, see {{ order.id }}', ['requester.name', 'order.id']),
    ).toEqual(['requester.name', 'order.id'])
    expect(unfilledPlaceholders('Hi Dana, see 1042', ['requester.name', 'order.id'])).toEqual([])
  })
})
