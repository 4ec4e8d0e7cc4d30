// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { PolicyForm } from './policy-form'

const saved = vi.fn()

// The form's reads and its save, as the settings page hands them: the workspace's groups and mailboxes.
vi.mock('@/features/groups/queries', () => ({ useGroups: () => ({ data: [] }) }))
vi.mock('@/features/mailbox/queries', () => ({
  useMailboxDirectory: () => ({
    data: {
      mailboxes: [
        { id: 'mb-parsing', kind: 'parsing', label: 'ada-k7m2@inbound.example' },
        { id: 'mb-imap', kind: 'imap', label: 'billing@company.example' },
      ],
    },
  }),
}))
vi.mock('../settings-queries', () => ({ useSavePolicy: () => ({ mutateAsync: saved }) }))
vi.mock('@/lib/notify', () => ({ notifyError: vi.fn(), notifySuccess: vi.fn() }))

afterEach(cleanup)

describe('the SLA policy form', () => {
  it('names each mailbox of the workspace, and a policy on one saves that mailbox as its condition', async () => {
    render(<PolicyForm teamId="team-1" nextPosition={2} />)
    fireEvent.change(screen.getByLabelText('Policy name'), { target: { value: 'Billing mailbox' } })
    fireEvent.click(screen.getByRole('checkbox', { name: 'billing@company.example' }))
    fireEvent.change(screen.getByLabelText('Resolution minutes, high priority'), { target: { value: '240' } })
    fireEvent.click(screen.getByRole('button', { name: 'Create policy' }))
    await waitFor(() => expect(saved).toHaveBeenCalledTimes(1))
    expect(saved.mock.calls[0]?.[0]).toMatchObject({
      teamId: 'team-1',
      data: {
        name: 'Billing mailbox',
        position: 2,
        conditions: { mailboxIds: ['mb-imap'], groupIds: [], priorities: [] },
        targets: { high: { resolution: { minutes: 240, businessHours: true } } },
      },
    })
  })
})
