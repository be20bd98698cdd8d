import 'server-only';
export {
  PaymentLinkService,
  LINK_PAYINS_SHOWN,
  type PaymentLinkDetail,
  type LinkStart,
} from './payment-link.service';
export { presentLink, presentLinkDetail, presentLinkView } from './payment-link.presenter';
export { linkUrl } from './link-secret';
export type { PaymentLink, LinkUses } from './payment-link';
