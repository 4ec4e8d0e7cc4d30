import Bowser from 'bowser'

/** The fields of Appwrite's Session model that say which browser, system and device signed in. */
export type TSessionDevice = {
  clientType: string
  clientName: string
  clientVersion: string
  clientEngine: string
  clientEngineVersion: string
  osName: string
  osVersion: string
  deviceName: string
  deviceBrand: string
  deviceModel: string
}

const UNKNOWN: TSessionDevice = {
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

// Appwrite names kinds of device as its parser does ("smartphone"); bowser says "mobile".
const DEVICE_KINDS: Record<string, string> = { mobile: 'smartphone' }

/**
 * What a session's stored user agent says about where it signed in, so a person can tell their sessions
 * apart ("Chrome 140 on Linux"). Whatever the agent does not say stays empty, as Appwrite leaves it.
 */
export function sessionDeviceOf(userAgent: string): TSessionDevice {
  if (!userAgent.trim()) return UNKNOWN
  const { browser, os, platform, engine } = Bowser.parse(userAgent)
  return {
    clientType: browser.name ? 'browser' : '',
    clientName: browser.name ?? '',
    clientVersion: browser.version ?? '',
    clientEngine: engine.name ?? '',
    clientEngineVersion: engine.version ?? '',
    osName: os.name ?? '',
    // Windows reports its kernel ("NT 10.0"); people know it by its name ("10").
    osVersion: (os.name === 'Windows' ? os.versionName : os.version) ?? '',
    deviceName: platform.type ? (DEVICE_KINDS[platform.type] ?? platform.type) : '',
    deviceBrand: platform.vendor ?? '',
    deviceModel: platform.model ?? '',
  }
}
