import { describe, expect, it } from 'vitest'
import { AdminUsageError, checkAdminCommand, parseAdminArgs } from './admin-command'

/** The command a command line gives, password added as the CLI adds the one it reads from stdin. */
function commandOf(args: string[], password = 'seven quiet lanterns') {
  const parsed = parseAdminArgs(args)
  return checkAdminCommand({ ...parsed.input, ...(parsed.needsPassword ? { password } : {}) })
}

function usageErrorOf(args: string[]): string {
  try {
    commandOf(args)
  } catch (error) {
    if (error instanceof AdminUsageError) return error.message
    throw error
  }
  throw new Error(`expected ${JSON.stringify(args)} to be refused`)
}

describe('admin command lines', () => {
  it('reads each command and its flags', () => {
    expect(commandOf(['create-user', '--email', 'Ada@Example.com', '--name', ' Ada '])).toEqual({
      command: 'create-user',
      email: 'Ada@Example.com',
      name: 'Ada',
      password: 'seven quiet lanterns',
    })
    expect(
      parseAdminArgs(['reset-password', '--email', 'a@b.co', '--password', 'x'.repeat(9)]),
    ).toMatchObject({
      needsPassword: false,
    })
    expect(commandOf(['reanalyse', '--ticket', 'abc123'])).toEqual({
      command: 'reanalyse-ticket',
      ticketId: 'abc123',
    })
    // A date alone is midnight UTC, never the machine's own.
    expect(commandOf(['reanalyse', '--from', '2026-11-20', '--to', '2026-11-21T08:30:00+02:00'])).toEqual({
      command: 'reanalyse-range',
      from: '2026-11-20T00:00:00.000Z',
      to: '2026-11-21T06:30:00.000Z',
    })
    expect(commandOf(['reingest', '--inbound', 'in1'])).toEqual({ command: 'reingest', inboundId: 'in1' })
    expect(commandOf(['queues'])).toEqual({ command: 'queues' })
  })

  it.each([
    [[], 'name a command'],
    [['frobnicate'], 'no command "frobnicate"'],
    [['queues', '--verbose'], "queues: Unknown option '--verbose'"],
    [['workspaces', 'all'], 'workspaces: Unexpected argument'],
    [['create-user', '--email', 'not-an-address'], '--email: not an email address'],
    [['create-user', '--name', 'Ada'], '--email is required'],
    [
      ['reset-password', '--email', 'a@b.co', '--password', 'short'],
      'the password must be 8 to 256 characters',
    ],
    [['reanalyse'], 'reanalyse: give --ticket, or --from and --to'],
    [
      ['reanalyse', '--ticket', 'abc', '--from', '2026-11-20'],
      'reanalyse: give --ticket, or --from and --to',
    ],
    [['reanalyse', '--from', '2026-11-20'], '--to is required'],
    [
      ['reanalyse', '--from', '20/11/2026', '--to', '2026-11-21'],
      '--from: a date (2026-11-20) or an instant',
    ],
    [
      ['reanalyse', '--from', '2026-11-20T08:00', '--to', '2026-11-21'],
      '--from: a date (2026-11-20) or an instant',
    ],
    [['reanalyse', '--from', '2026-11-20', '--to', '2026-13-45'], '--to: no such date'],
    [['reanalyse', '--from', '2026-11-21', '--to', '2026-11-20'], '--from must be before --to'],
    [['reingest', '--inbound', "x'; drop table tickets; --"], '--inbound: not an id'],
    [['reingest'], '--inbound is required'],
  ])('refuses %j: %s', (args, message) => {
    expect(usageErrorOf(args)).toContain(message)
  })
})
