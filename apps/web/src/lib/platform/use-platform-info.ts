import { DEFAULT_FAX_EMAIL_DOMAIN, MAX_ATTACHMENT_BYTES } from '@faxline/shared';
import { useQuery } from '@tanstack/react-query';

const DEFAULT_MAX_FILE_SIZE_MB = MAX_ATTACHMENT_BYTES / (1024 * 1024);

/** The part of GET /api/platform (ZPlatformInfo) every page needs, read without zod to keep it out of the first load. */
export type TPlatformStatus = {
  siteName: string;
  maintenanceMode: boolean;
  maxFileSizeMB: number;
  primaryColor: string;
  secondaryColor: string;
  /** The numbers outside Faxline the sandbox line takes: every one, or only its test numbers (production). */
  sandboxLine: 'every-number' | 'test-numbers';
  /** What a real line serves of the numbers outside Faxline: none (null), all, or those with these prefixes. */
  outsideLine: 'all' | string[] | null;
  /** Where faxes are e-mailed to: `<number's digits>@faxEmailDomain`. */
  faxEmailDomain: string;
  /** The automatic backups' frequency ('disabled' too) and how many days they are kept: the privacy policy says them. */
  automaticBackups: string;
  backupRetentionDays: number | null;
  /** The tab's icon and the back office's logo, as set in the back office ('' : Faxline's own). */
  faviconUrl: string;
  adminLogoUrl: string;
  /** How to reach the company (decision 117): a detail left empty ('') is shown nowhere, never a placeholder. */
  contact: TContactDetails;
};

export type TContactDetails = {
  phone: string;
  email: string;
  salesEmail: string;
  privacyEmail: string;
  address: string;
  /** Support hours in English, and in Spanish and French ('' : not written, the English text is shown). */
  hours: string;
  hoursEs: string;
  hoursFr: string;
};

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** The product's name, until the back office's site name is known. */
export const DEFAULT_SITE_NAME = 'Faxline';

async function fetchPlatformStatus(): Promise<TPlatformStatus> {
  const response = await fetch('/api/platform', { headers: { accept: 'application/json' } });
  if (!response.ok) throw new Error(`GET /api/platform answered ${response.status}`);
  const body = (await response.json()) as Partial<TPlatformStatus>;
  return {
    siteName: typeof body.siteName === 'string' && body.siteName.trim() ? body.siteName : DEFAULT_SITE_NAME,
    maintenanceMode: body.maintenanceMode === true,
    maxFileSizeMB: typeof body.maxFileSizeMB === 'number' ? body.maxFileSizeMB : DEFAULT_MAX_FILE_SIZE_MB,
    primaryColor: typeof body.primaryColor === 'string' ? body.primaryColor : '#6D28D9',
    secondaryColor: typeof body.secondaryColor === 'string' ? body.secondaryColor : '#DB2777',
    sandboxLine: body.sandboxLine === 'test-numbers' ? 'test-numbers' : 'every-number',
    outsideLine:
      body.outsideLine === 'all'
        ? 'all'
        : Array.isArray(body.outsideLine)
          ? body.outsideLine.filter((prefix) => typeof prefix === 'string')
          : null,
    faxEmailDomain: typeof body.faxEmailDomain === 'string' && body.faxEmailDomain.trim() ? body.faxEmailDomain : DEFAULT_FAX_EMAIL_DOMAIN,
    automaticBackups: typeof body.automaticBackups === 'string' ? body.automaticBackups : 'disabled',
    backupRetentionDays: typeof body.backupRetentionDays === 'number' ? body.backupRetentionDays : null,
    faviconUrl: text(body.faviconUrl),
    adminLogoUrl: text(body.adminLogoUrl),
    contact: {
      phone: text(body.contact?.phone),
      email: text(body.contact?.email),
      salesEmail: text(body.contact?.salesEmail),
      privacyEmail: text(body.contact?.privacyEmail),
      address: text(body.contact?.address),
      hours: text(body.contact?.hours),
      hoursEs: text(body.contact?.hoursEs),
      hoursFr: text(body.contact?.hoursFr),
    },
  };
}

/** The key of GET /api/platform: a save in the back office marks it stale so that its colours show at once. */
export const platformQueryKey = ['platform'] as const;

/** Maintenance, upload limit and theme, as set in the back office; checked again every minute. */
export function usePlatformStatus() {
  return useQuery({ queryKey: platformQueryKey, queryFn: fetchPlatformStatus, staleTime: 30_000, refetchInterval: 60_000 });
}

/** The largest file a fax may carry, in MB: the back office's setting, the shared default until it is known. */
export function useMaxFileSizeMB(): number {
  return usePlatformStatus().data?.maxFileSizeMB ?? DEFAULT_MAX_FILE_SIZE_MB;
}

/** The domain faxes are e-mailed to (`14155550123@fax.example.com`): the server's, its default until it is known. */
export function useFaxEmailDomain(): string {
  return usePlatformStatus().data?.faxEmailDomain ?? DEFAULT_FAX_EMAIL_DOMAIN;
}
