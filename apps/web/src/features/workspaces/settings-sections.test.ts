import { describe, expect, it } from 'vitest'
import { Paths } from '@/app/paths'
import {
  findSettingsSection,
  SETTINGS_SECTIONS,
  SettingsSection,
  settingsSectionPath,
} from './settings-sections'

describe('workspace settings sections', () => {
  it('gives each section its own address, General the settings’ own', () => {
    expect(SETTINGS_SECTIONS.map((info) => settingsSectionPath(info.section))).toEqual([
      '/settings/workspace',
      '/settings/workspace/mail',
      '/settings/workspace/members',
      '/settings/workspace/macros',
      '/settings/workspace/rules',
      '/settings/workspace/templates',
      '/settings/workspace/custom-fields',
      '/settings/workspace/categories',
      '/settings/workspace/spam',
      '/settings/workspace/notifications',
      '/settings/workspace/lifecycle',
      '/settings/workspace/sla',
    ])
    expect(settingsSectionPath(SettingsSection.mail)).toBe(Paths.workspaceMailSettings)
  })

  it('reads the section back from the rest of the address, a trailing slash included', () => {
    expect(findSettingsSection(undefined)?.label).toBe('General')
    expect(findSettingsSection('members/')?.label).toBe('Members and groups')
    expect(findSettingsSection('nowhere')).toBeUndefined()
  })
})
