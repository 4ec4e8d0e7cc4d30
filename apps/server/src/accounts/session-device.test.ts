import { describe, expect, it } from 'vitest'
import { sessionDeviceOf } from './session-device'

describe('sessionDeviceOf', () => {
  it('names the browser, its engine and the system of a desktop browser', () => {
    expect(
      sessionDeviceOf(
        'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.7339.185 Safari/537.36',
      ),
    ).toEqual({
      clientType: 'browser',
      clientName: 'Chrome',
      clientVersion: '140.0.7339.185',
      clientEngine: 'Blink',
      clientEngineVersion: '',
      osName: 'Linux',
      osVersion: '',
      deviceName: 'desktop',
      deviceBrand: '',
      deviceModel: '',
    })
  })

  it('says Windows by the name people know, not its kernel version', () => {
    expect(
      sessionDeviceOf('Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0'),
    ).toMatchObject({ clientName: 'Firefox', clientVersion: '133.0', osName: 'Windows', osVersion: '10' })
  })

  it('names a phone as Appwrite does, with its maker and model when the agent gives them', () => {
    expect(
      sessionDeviceOf(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      ),
    ).toMatchObject({
      clientName: 'Safari',
      osName: 'iOS',
      osVersion: '17.5',
      deviceName: 'smartphone',
      deviceBrand: 'Apple',
      deviceModel: 'iPhone',
    })
    expect(
      sessionDeviceOf(
        'Mozilla/5.0 (iPad; CPU OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.6 Mobile/15E148 Safari/604.1',
      ),
    ).toMatchObject({ osName: 'iOS', deviceName: 'tablet', deviceModel: 'iPad' })
  })

  it('leaves empty what an agent that is no browser does not say', () => {
    const unknown = {
      clientType: '',
      clientName: '',
      clientVersion: '',
      clientEngine: '',
      clientEngineVersion: '',
      osName: '',
      osVersion: '',
      deviceName: '',
      deviceBrand: '',
      deviceModel: '',
    }
    expect(sessionDeviceOf('')).toEqual(unknown)
    expect(sessionDeviceOf('   ')).toEqual(unknown)
    expect(sessionDeviceOf('node')).toEqual(unknown)
    expect(sessionDeviceOf('curl/8.5.0')).toEqual(unknown)
    expect(sessionDeviceOf('\u0000'.repeat(512))).toEqual(unknown)
  })
})
