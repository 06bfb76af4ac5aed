import type { TActivePromotion } from '@faxline/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { BandCloseButton } from '@/components/ui/band-close-button';
import { paths } from '@/config/paths';
import { promotionLastDay, promotionOffer } from '@/lib/promotions/promotion-terms';
import { useLanguage } from '@/lib/use-language';
import { usePersistedFlag } from '@/lib/use-persisted-flag';

/**
 * The announcement bar of a promotion in force (spec 000 §2, §4; decision 088). The offer is a link to /pricing; the
 * dismiss button beside it is a separate control, and only it hides the bar (for good, in this browser, for this
 * promotion).
 */
export default function PromotionBar({ promotion }: { promotion: TActivePromotion }) {
  const { t } = useTranslation('marketing');
  const { language } = useLanguage();
  const [dismissed, setDismissed] = usePersistedFlag(`announcement-dismissed:${promotion.validUntil}`);
  if (dismissed) return null;
  // The terms as its coupon has them, whatever its name says: what it takes off, on what, until when.
  const terms = t(`announcement.text.${promotion.appliesTo}`, {
    offer: promotionOffer(promotion, language),
    date: promotionLastDay(promotion, language),
  });

  return (
    <aside aria-label={t('announcement.label')} className="bg-primary text-primary-foreground">
      <div className="mx-auto flex max-w-6xl items-center gap-2 px-3 py-1.5 sm:px-4">
        <Link
          to={paths.pricing.getHref()}
          className="flex-1 rounded-sm py-1 text-center text-sm outline-hidden hover:underline focus-visible:ring-2 focus-visible:ring-primary-foreground"
        >
          <span className="font-semibold">{promotion.name[language]}</span> {terms}{' '}
          <span className="underline underline-offset-2">{t('announcement.cta')}</span>
        </Link>
        <BandCloseButton label={t('announcement.dismiss')} onClick={() => setDismissed(true)} />
      </div>
    </aside>
  );
}
