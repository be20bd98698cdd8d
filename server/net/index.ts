import 'server-only';
export { classifyAddress, isLoopbackName, type AddressVerdict } from './address-policy';
export { HostAllowlist } from './allowlist';
export { AddressRanges, parseAddressRange, type AddressRange } from './address-ranges';
export { postGuarded, type GuardedPostRequest, type GuardedPostResult } from './guarded-post';
export { BlockedTargetError, OutboundGuard, type ResolvedAddress, type Resolver } from './outbound-guard';
export { clientAddressOf, isLoopbackAddress, lastForwardedAddress, normaliseAddress } from './client-address';
export { UrlPolicy } from './url-policy';
