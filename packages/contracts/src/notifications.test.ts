import { describe, expect, it } from 'vitest'
import { NotificationLimits, notificationText, titleWithUnread, unassignedMinutesOf } from './notifications'

describe('notifications as members read them', () => {
  it('counts what waits in the tab title, once, and drops the count at zero', () => {
    expect(titleWithUnread('Parsedesk', 3)).toBe('(3) Parsedesk')
    expect(titleWithUnread('(3) Parsedesk', 4)).toBe('(4) Parsedesk')
    expect(titleWithUnread('(4) Parsedesk', 0)).toBe('Parsedesk')
    expect(titleWithUnread('Parsedesk', 250)).toBe('(99+) Parsedesk')
    expect(titleWithUnread('(99+) Parsedesk', 2)).toBe('(2) Parsedesk')
  })

  it('says who did what, and "Someone" for a member without a name', () => {
    expect(notificationText('assigned', 'Ada Lovelace')).toBe('Ada Lovelace assigned you a ticket')
    expect(notificationText('mentioned', '  ')).toBe('Someone mentioned you in a note')
    expect(notificationText('customer-replied', null)).toBe('The customer answered your ticket')
  })

  it('reads a workspace’s unassigned minutes within bounds, else the default', () => {
    const pref = NotificationLimits.unassignedMinutesPref
    expect(unassignedMinutesOf({ [pref]: 30 })).toBe(30)
    expect(unassignedMinutesOf({ [pref]: 0 })).toBe(NotificationLimits.unassignedMinutesDefault)
    expect(unassignedMinutesOf({ [pref]: '30' })).toBe(NotificationLimits.unassignedMinutesDefault)
    expect(unassignedMinutesOf(null)).toBe(NotificationLimits.unassignedMinutesDefault)
  })
})
