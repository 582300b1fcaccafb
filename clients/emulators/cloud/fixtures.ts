/** What a cloud emulator holds before any request: objects made elsewhere, in the platform's shapes. */
import type { ApiAppBindingFixture, ApiAppFixture, ApiDocFixture } from '../cloud-apigateway'

export interface AddressTemplateFixture {
  readonly AddressTemplateId: string
  readonly AddressTemplateName: string
  readonly AddressSet: ReadonlyArray<string>
}
export interface AddressTemplateGroupFixture {
  readonly AddressTemplateGroupId: string
  readonly AddressTemplateGroupName: string
  readonly AddressTemplateIdSet: ReadonlyArray<string>
}
export interface BgpInstanceFixture {
  readonly InstanceId: string
  readonly Region: string
  readonly PackageType?: string
  readonly Tags?: ReadonlyArray<{ readonly TagKey: string; readonly TagValue: string }>
}

export interface CloudFixtures {
  readonly addressTemplates?: ReadonlyArray<AddressTemplateFixture>
  readonly addressTemplateGroups?: ReadonlyArray<AddressTemplateGroupFixture>
  readonly bgpInstances?: ReadonlyArray<BgpInstanceFixture>
  /** basic-protection device status: resource (IP or id) → status code 1 blocked, 2 normal, 3 attack */
  readonly deviceStatus?: Readonly<Record<string, '1' | '2' | '3'>>
  readonly apiApps?: ReadonlyArray<ApiAppFixture>
  readonly apiDocs?: ReadonlyArray<ApiDocFixture>
  readonly apiAppBindings?: ReadonlyArray<ApiAppBindingFixture>
}

/** A service's actions: name → what it answers (the envelope's payload), or a thrown ApiError. */
export type Actions = Record<string, (p: Readonly<Record<string, unknown>>) => Record<string, unknown>>
