import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth/use-auth';

/**
 * Where "get an API key" leads: the API Keys page for someone signed in, otherwise sign-in, which brings them back
 * there. `signedIn` picks the link's text.
 */
export function useApiKeyLink(): { href: string; signedIn: boolean } {
  const { user } = useAuth();
  const apiKeys = paths.user.apiKeys.getHref();
  return user ? { href: apiKeys, signedIn: true } : { href: paths.signIn.getHref(apiKeys), signedIn: false };
}
