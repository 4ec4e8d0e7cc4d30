import { describe, expect, it } from 'vitest'
import {
  describeSessionDevice,
  describeSessionSignIn,
  otherSessionIds,
  sortSessions,
  type TSessionOrigin,
} from './session-device'

/** A session whose user agent named nothing (not a browser): its sign-in method and address only. */
const bare: TSessionOrigin = {
  clientName: '',
  clientVersion: '',
  clientType: '',
  osName: '',
  osVersion: '',
  deviceName: '',
  deviceBrand: '',
  deviceModel: '',
  provider: 'email',
  ip: '203.0.113.7',
}

describe('describeSessionDevice', () => {
  it('names browser, system and hardware as Appwrite fills them in', () => {
    expect(
      describeSessionDevice({
        ...bare,
        clientName: 'Chrome Mobile',
        clientVersion: '120.0.6099.129',
        osName: 'Android',
        osVersion: '14',
        deviceName: 'smartphone',
        deviceBrand: 'Samsung',
        deviceModel: 'Galaxy S21',
      }),
    ).toBe('Chrome Mobile 120 on Android 14 (Samsung Galaxy S21)')
    expect(
      describeSessionDevice({ ...bare, clientName: 'Firefox', clientVersion: '133.0', osName: 'Ubuntu' }),
    ).toBe('Firefox 133 on Ubuntu')
  })

  it('says the brand once when the model repeats it', () => {
    expect(
      describeSessionDevice({ ...bare, osName: 'iOS', deviceBrand: 'Apple', deviceModel: 'Apple iPhone' }),
    ).toBe('iOS (Apple iPhone)')
  })

  it('falls back to what there is, then to the kind of device, then to "Unknown device"', () => {
    expect(describeSessionDevice({ ...bare, clientName: 'Safari' })).toBe('Safari')
    expect(describeSessionDevice({ ...bare, osName: 'Windows', osVersion: '11' })).toBe('Windows 11')
    expect(describeSessionDevice({ ...bare, deviceName: 'desktop' })).toBe('Desktop')
    expect(describeSessionDevice(bare)).toBe('Unknown device')
    expect(describeSessionDevice({ ...bare, clientName: '  ', clientVersion: ' ' })).toBe('Unknown device')
  })
})

describe('describeSessionSignIn', () => {
  it('says how and from where the session signed in', () => {
    expect(describeSessionSignIn(bare)).toBe('Signed in with password · 203.0.113.7')
    expect(describeSessionSignIn({ provider: 'google', ip: '2001:db8::1' })).toBe(
      'Signed in with Google · 2001:db8::1',
    )
    expect(describeSessionSignIn({ provider: 'github', ip: '' })).toBe('Signed in with github')
    expect(describeSessionSignIn({ provider: '', ip: '' })).toBe('Signed in')
  })
})

describe('sortSessions and otherSessionIds', () => {
  const session = (id: string, current: boolean, updatedAt: string, createdAt = updatedAt) => ({
    $id: id,
    current,
    $updatedAt: updatedAt,
    $createdAt: createdAt,
  })
  const sessions = [
    session('old', false, '2026-11-20T10:00:00.000+00:00'),
    session('recent', false, '2026-11-24T09:00:00.000+00:00', '2026-11-01T09:00:00.000+00:00'),
    session('this', true, '2026-11-10T10:00:00.000+00:00'),
  ]

  it('puts this device first, then the most recently used', () => {
    expect(sortSessions(sessions).map((s) => s.$id)).toEqual(['this', 'recent', 'old'])
    expect(sessions.map((s) => s.$id)).toEqual(['old', 'recent', 'this'])
  })

  it('signs out every session but this device’s', () => {
    expect(otherSessionIds(sessions)).toEqual(['old', 'recent'])
    expect(otherSessionIds([session('this', true, '')])).toEqual([])
  })
})
