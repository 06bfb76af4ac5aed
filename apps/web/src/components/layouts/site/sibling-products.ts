/**
 * The parent company's other products (spec 000 §2). None has a site yet, so the menus show them as "Coming soon"
 * rather than linking to pages that do not exist; Faxline itself is the one real link.
 */
export const SIBLING_PRODUCTS = [
  'unifiedCommunications',
  'businessSolutions',
  'paymentProcessing',
  'apiIntegrations',
  'adminControls',
  'securityCompliance',
] as const;
