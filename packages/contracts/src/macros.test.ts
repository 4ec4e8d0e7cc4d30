import { describe, expect, it } from 'vitest'
import {
  MacroAssignee,
  renderMacro,
  type TMacroActions,
  type TMacroContext,
  ZMacro,
  ZMacroCreate,
} from './macros'

const context: TMacroContext = {
  ticket: { number: 1042, subject: 'Refund for order 7', tags: ['billing'], assigneeId: null },
  requester: { name: 'Ada Lovelace', email: 'ada@example.com' },
  agent: { id: 'grace-id', name: 'Grace Hopper' },
}

const keep: TMacroActions = { status: null, addTags: [], assignee: { kind: MacroAssignee.keep } }

describe('renderMacro', () => {
  it('fills in every placeholder the macro text may hold', () => {
    const rendered = renderMacro(
      {
        body: 'Hi {{requester.name}} ({{ requester.email }}), about {{ticket.number}} "{{ticket.subject}}". {{agent.name}}',
        actions: keep,
      },
      context,
    )
    expect(rendered.body).toBe(
      'Hi Ada Lovelace (ada@example.com), about #1042 "Refund for order 7". Grace Hopper',
    )
    expect(rendered.unresolved).toEqual([])
    expect(rendered.changes).toEqual({})
  })

  it('greets by first name and writes a number already marked with # once', () => {
    const rendered = renderMacro(
      {
        body: 'Hi {{requester.firstName}}, ticket #{{ticket.number}} ({{ticket.number}}). {{agent.firstName}}',
        actions: keep,
      },
      context,
    )
    expect(rendered.body).toBe('Hi Ada, ticket #1042 (#1042). Grace')
    const nameless = renderMacro(
      { body: 'Hi {{requester.firstName}}', actions: keep },
      { ...context, requester: { name: ' ', email: 'ada@example.com' } },
    )
    expect(nameless.unresolved).toEqual(['requester.firstName'])
  })

  it('leaves an unknown placeholder, and one with no value here, visible and lists them', () => {
    const rendered = renderMacro(
      { body: 'Hi {{requester.name}}, your {{order.id}} and {{ ticket.sla }}', actions: keep },
      { ...context, requester: { name: '  ', email: 'ada@example.com' } },
    )
    expect(rendered.body).toBe('Hi {{requester.name}}, your {{order.id}} and {{ ticket.sla }}')
    expect(rendered.unresolved).toEqual(['requester.name', 'order.id', 'ticket.sla'])
  })

  it('keeps a requester placeholder when the ticket has no requester', () => {
    const rendered = renderMacro(
      { body: 'Dear {{requester.email}}', actions: keep },
      { ...context, requester: null },
    )
    expect(rendered.body).toBe('Dear {{requester.email}}')
    expect(rendered.unresolved).toEqual(['requester.email'])
  })

  it('asks for the status, the tags added to the ticket’s own, and the agent applying it as assignee', () => {
    const rendered = renderMacro(
      {
        body: '',
        actions: {
          status: 'pending',
          addTags: ['refund', 'billing'],
          assignee: { kind: MacroAssignee.applier },
        },
      },
      context,
    )
    expect(rendered.changes).toEqual({
      status: 'pending',
      tags: ['billing', 'refund'],
      assigneeId: 'grace-id',
    })
  })

  it('unassigns, assigns one member, and sends nothing for what is already so', () => {
    const assigned = { ...context, ticket: { ...context.ticket, assigneeId: 'ada-id' } }
    expect(
      renderMacro({ body: '', actions: { ...keep, assignee: { kind: 'nobody' } } }, assigned).changes,
    ).toEqual({
      assigneeId: null,
    })
    expect(
      renderMacro(
        { body: '', actions: { ...keep, assignee: { kind: 'member', userId: 'ada-id' } } },
        assigned,
      ).changes,
    ).toEqual({})
    expect(renderMacro({ body: '', actions: { ...keep, addTags: ['billing'] } }, assigned).changes).toEqual(
      {},
    )
  })
})

describe('ZMacro', () => {
  it('fills in the defaults of a macro that only has a name', () => {
    expect(ZMacroCreate.parse({ name: ' Refund ' })).toEqual({
      name: 'Refund',
      body: '',
      actions: { status: null, addTags: [], assignee: { kind: 'keep' } },
    })
  })

  it('refuses a name with a NUL, an unknown status and an assignee kind it does not know', () => {
    expect(ZMacro.safeParse({ name: 'Re\u0000fund', body: '', actions: keep }).success).toBe(false)
    expect(ZMacro.safeParse({ name: 'Refund', body: '', actions: { ...keep, status: 'gone' } }).success).toBe(
      false,
    )
    expect(
      ZMacro.safeParse({ name: 'Refund', body: '', actions: { ...keep, assignee: { kind: 'everyone' } } })
        .success,
    ).toBe(false)
  })
})
