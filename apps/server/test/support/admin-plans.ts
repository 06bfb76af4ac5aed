import type { TAdminPlan, TAdminPlanInput } from '@faxline/shared';

/** The back office's form body for a stored plan, as it sends it back unchanged. */
export const adminPlanInputOf = (plan: TAdminPlan): TAdminPlanInput => ({
  name: plan.name,
  category: plan.category,
  pricedOnRequest: plan.monthlyPriceCents === null,
  monthlyPriceCents: plan.monthlyPriceCents,
  yearlyMonthlyPriceCents: plan.yearlyMonthlyPriceCents,
  pagesPerMonth: plan.pagesPerMonth,
  overageCentsPerPage: plan.overageCentsPerPage,
  apiRequestsPerMinute: plan.apiRequestsPerMinute,
  apiAccess: plan.apiAccess,
  webhooks: plan.webhooks,
  faxToEmail: plan.faxToEmail,
  maxUsers: plan.maxUsers,
  faxNumbersIncluded: plan.faxNumbersIncluded,
  isPopular: plan.isPopular,
  isHipaa: plan.isHipaa,
  text: plan.text,
});
